/* SPDX-License-Identifier: MIT */
/* WL301/WL302: report warp-level races and fix them in Listing 8's form. */
#include "rules/memrules.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/cursor.h"
#include "analyzer/mask.h"
#include "analyzer/memaccess.h"
#include "analyzer/source.h"
#include "analyzer/util.h"
#include "fixits/edit.h"

/* ---- text helpers ----------------------------------------------------- */

unsigned wl_memrules_line_start(struct wl_ctx *ctx, unsigned off)
{
	const char *t = ctx->src->text;

	while (off > 0 && t[off - 1] != '\n')
		off--;
	return off;
}

char *wl_memrules_indent(struct wl_ctx *ctx, unsigned off)
{
	const char *t = ctx->src->text;
	unsigned s = wl_memrules_line_start(ctx, off), e = s;

	while (e < ctx->src->len && (t[e] == ' ' || t[e] == '\t'))
		e++;
	return wl_xstrndup(t + s, e - s);
}

/* One level deeper than @indent, in the file's own style. */
static char *deeper(const char *indent)
{
	if (!*indent || strchr(indent, '\t'))
		return wl_xasprintf("%s\t", indent);
	return wl_xasprintf("%s    ", indent);
}

unsigned wl_memrules_stmt_end(struct wl_ctx *ctx, const struct wl_node *s)
{
	const char *t = ctx->src->text;
	unsigned i = s->end;

	if (s->kind == CXCursor_CompoundStmt || s->kind == CXCursor_IfStmt ||
	    s->kind == CXCursor_ForStmt || s->kind == CXCursor_WhileStmt ||
	    s->kind == CXCursor_DeclStmt)
		return s->end;
	while (i < ctx->src->len && (t[i] == ' ' || t[i] == '\t'))
		i++;
	return i < ctx->src->len && t[i] == ';' ? i + 1 : s->end;
}

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static bool uses_ident(struct wl_ctx *ctx, const struct wl_node *n,
		       const char *name)
{
	const char *t = ctx->src->text;
	size_t len = strlen(name);
	unsigned i;

	for (i = n->begin; i + len <= n->end; i++)
		if (!memcmp(t + i, name, len) &&
		    (i == 0 || !ident_char(t[i - 1])) &&
		    !ident_char(t[i + len]))
			return true;
	return false;
}

char *wl_memrules_fresh_name(struct wl_ctx *ctx, const struct wl_node *fn,
			     const char *base)
{
	char *name = wl_xstrdup(base);
	unsigned k = 2;

	while (uses_ident(ctx, fn, name)) {
		free(name);
		name = wl_xasprintf("%s%u", base, k++);
	}
	return name;
}

/*
 * Where @n is spelled: inside a macro's body for a node that comes from
 * an expansion (messages then quote `s[t + o]`, not the whole use).
 */
static char *spelled_text(struct wl_ctx *ctx, const struct wl_node *n)
{
	CXSourceRange r = clang_getCursorExtent(n->cursor);
	CXFile f1 = NULL, f2 = NULL;
	unsigned o1 = 0, o2 = 0;
	const char *text;
	size_t size = 0;

	clang_getSpellingLocation(clang_getRangeStart(r), &f1, NULL, NULL, &o1);
	clang_getSpellingLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &o2);
	if (!f1 || !f2 || !clang_File_isEqual(f1, f2) || o2 <= o1)
		return NULL;
	text = clang_getFileContents(ctx->tu, f1, &size);
	if (!text || o2 > size)
		return NULL;
	return wl_xstrndup(text + o1, o2 - o1);
}

static char *text_of(struct wl_ctx *ctx, const struct wl_node *n)
{
	char *s = n->in_macro ? spelled_text(ctx, n) : NULL;

	if (!s)
		s = wl_node_text(&ctx->model, n);
	return s ? s : wl_xstrdup("");
}

/* Whether @n needs parentheses as the right operand of a binary op. */
static bool is_primary(struct wl_node *n)
{
	n = wl_node_strip(n);
	switch (n ? n->kind : CXCursor_UnexposedExpr) {
	case CXCursor_ArraySubscriptExpr:
	case CXCursor_DeclRefExpr:
	case CXCursor_MemberRefExpr:
	case CXCursor_CallExpr:
	case CXCursor_ParenExpr:
	case CXCursor_IntegerLiteral:
	case CXCursor_FloatingLiteral:
		return true;
	default:
		return false;
	}
}

static const char *compound_op_text(enum CXBinaryOperatorKind op)
{
	switch (op) {
	case CXBinaryOperator_MulAssign: return "*";
	case CXBinaryOperator_DivAssign: return "/";
	case CXBinaryOperator_RemAssign: return "%";
	case CXBinaryOperator_AddAssign: return "+";
	case CXBinaryOperator_SubAssign: return "-";
	case CXBinaryOperator_ShlAssign: return "<<";
	case CXBinaryOperator_ShrAssign: return ">>";
	case CXBinaryOperator_AndAssign: return "&";
	case CXBinaryOperator_XorAssign: return "^";
	case CXBinaryOperator_OrAssign: return "|";
	default: return NULL;
	}
}

/* ---- messages --------------------------------------------------------- */

/* "s[tid + 16]"; "s[...] (in a macro)" when an expansion hides it. */
static char *access_text(struct wl_ctx *ctx, const struct wl_mem_access *a)
{
	char *base, *s;

	if (!a->expr->in_macro)
		return text_of(ctx, a->expr);
	base = text_of(ctx, a->base);
	s = wl_xasprintf("%s[...] (in a macro)", base);
	free(base);
	return s;
}

struct wl_node *wl_memrules_lane_var(struct wl_mem *mem, struct wl_node *n);

struct lane_find {
	struct wl_mem *mem;
	struct wl_node *found;
};

/* A name in the index whose value is the thread or lane index. */
static bool find_lane_var(struct wl_node *n, void *data)
{
	struct lane_find *lf = data;
	long long v;
	unsigned t;
	bool tid = true, lane = true;

	if (lf->found)
		return false;
	if (n->kind != CXCursor_DeclRefExpr &&
	    n->kind != CXCursor_MemberRefExpr)
		return true;
	for (t = 0; t < 64 && (tid || lane); t++) {
		if (!wl_mem_eval(lf->mem, n, t, &v))
			return true;
		tid &= v == t;
		lane &= v == (t & 31);
	}
	if (tid || lane)
		lf->found = n;
	return !lf->found;
}

struct wl_node *wl_memrules_lane_var(struct wl_mem *mem, struct wl_node *n)
{
	struct lane_find lf = { mem, NULL };

	wl_node_walk(n, find_lane_var, &lf);
	return lf.found;
}

/*
 * Whether every reading lane of the example's warp meets its writer at
 * the same distance @d (tid + 16), so that the message may say so; false
 * when it cannot tell (indices of loop variables).
 */
static bool same_offset(struct wl_mem *mem, const struct wl_mem_race *r,
			long long d)
{
	unsigned w = r->lane & ~31u, a, b;
	long long er, ew;
	bool act;

	for (a = w; a < w + 32; a++) {
		if (!wl_mem_index(mem, r->reader, a, &er, &act))
			return false;
		if (!act)
			continue;
		for (b = w; b < w + 32; b++) {
			if (b == a)
				continue;
			if (!wl_mem_index(mem, r->writer, b, &ew, &act))
				return false;
			if (act && ew == er && (long long)b - (long long)a != d)
				return false;
		}
	}
	return true;
}

/*
 * "lane tid reads s[tid + 16], written by lane tid + 16 at line 6": the
 * lanes named after the index variable when the offset between them is
 * the same for every lane, else as numbers.
 */
static char *race_message(struct wl_ctx *ctx, struct wl_mem *mem,
			  const struct wl_mem_race *r, const char *tail)
{
	struct wl_mem_access *rd = &mem->accesses[r->reader];
	struct wl_mem_access *wr = &mem->accesses[r->writer];
	long long d = (long long)r->other - (long long)r->lane;
	char *expr = access_text(ctx, rd), *lanes, *msg, *name = NULL;
	struct wl_node *var = NULL;
	unsigned line, col, i;

	wl_source_line_col(ctx->src, wr->stmt->begin, &line, &col);
	if (r->collision) {
		char *idx = text_of(ctx, rd->idx[rd->nr_idx - 1]);

		msg = wl_xasprintf("lanes with equal '%s' %s %s, written at "
				   "line %u %s; the index depends on data",
				   idx, r->write_write ? "write" : "read",
				   expr, line, tail);
		free(idx);
		free(expr);
		return msg;
	}
	for (i = 0; i < rd->nr_idx && !var; i++)
		var = wl_memrules_lane_var(mem, rd->idx[i]);
	if (var && same_offset(mem, r, d))
		name = text_of(ctx, var);
	if (name && d) {
		/* "lane tid", but plain "lane" for a variable named lane */
		const char *pre = strcmp(name, "lane") ? "lane " : "";

		lanes = wl_xasprintf("%s%s %s %s, %s by %s%s %c %lld", pre,
				     name, r->write_write ? "writes" : "reads",
				     expr, r->write_write ? "also written"
							  : "written",
				     pre, name, d < 0 ? '-' : '+',
				     d < 0 ? -d : d);
	} else {
		lanes = wl_xasprintf("lane %u %s %s, %s by lane %u",
				     r->lane & 31,
				     r->write_write ? "writes" : "reads", expr,
				     r->write_write ? "also written"
						    : "written",
				     r->other & 31);
	}
	msg = wl_xasprintf("%s at line %u %s", lanes, line, tail);
	free(lanes);
	free(name);
	free(expr);
	return msg;
}

/* ---- the fix ---------------------------------------------------------- */

enum stmt_shape {
	SHAPE_NONE,	/* cannot be rewritten */
	SHAPE_READ,	/* only reads the storage: keep, sync after */
	SHAPE_WRITE,	/* only writes it: keep, sync after */
	SHAPE_SPLIT,	/* read phase, then write phase */
};

struct stmt_plan {
	struct wl_node *stmt;	/* the statement as the region names it */
	enum stmt_shape shape;
	char *read;		/* SPLIT: "v = s[tid] + s[tid + 16]" */
	char *write;		/* SPLIT: "s[tid] = v" */
	bool uses_reg;
	char *type;		/* the register's type: the element's, as
				   written where it is accessed ("T") */
	struct wl_node *guard;	/* a lane-dependent if around it, or NULL */
	struct wl_node *brace;	/* a uniform if/loop it is the body of */
	unsigned array;
};

static bool stmt_has_race_read(struct wl_mem *mem, struct wl_mem_region *r,
			       struct wl_node *sub)
{
	unsigned k;

	for (k = 0; k < r->nr_races; k++) {
		struct wl_mem_access *rd = &mem->accesses[r->races[k].reader];
		struct wl_mem_access *wr = &mem->accesses[r->races[k].writer];

		if (wl_node_within(rd->expr, sub) ||
		    wl_node_within(wr->expr, sub))
			return true;
	}
	return false;
}

/* Whether the region's races are in storage @array. */
static bool region_storage(struct wl_mem *mem, struct wl_mem_region *r,
			   unsigned array)
{
	unsigned k;

	for (k = 0; k < r->nr_races; k++)
		if (r->races[k].array == array ||
		    mem->accesses[r->races[k].reader].array == array ||
		    mem->accesses[r->races[k].writer].array == array)
			return true;
	return false;
}

static bool is_local_scalar(struct wl_node *n)
{
	CXCursor d;
	enum CXTypeKind k;

	n = wl_node_strip(n);
	if (!n || n->kind != CXCursor_DeclRefExpr)
		return false;
	d = clang_getCursorReferenced(n->cursor);
	if (clang_getCursorKind(d) != CXCursor_VarDecl)
		return false;
	k = clang_getCanonicalType(clang_getCursorType(d)).kind;
	return k != CXType_Pointer && k != CXType_ConstantArray &&
	       k != CXType_Record;
}

/*
 * Whether @name is a template type parameter that function @fn can name:
 * its own, or its class template's.
 */
static bool tparam_in_scope(const char *name, CXCursor fn)
{
	CXCursor c;

	for (c = fn; !clang_Cursor_isNull(c) &&
		     !clang_isTranslationUnit(clang_getCursorKind(c));
	     c = clang_getCursorSemanticParent(c))
		if (!clang_Cursor_isNull(wl_cursor_child_named(
			    c, CXCursor_TemplateTypeParameter, name)))
			return true;
	return false;
}

/*
 * The element type of the member array @field, spelled so that function
 * @fn can name it (`Real sum[N];` in a union of a template kernel): a
 * type that depends on no template, or a template type parameter in
 * scope there (libclang shows it unexposed, with no declaration).  NULL
 * otherwise: a typedef of the class, say, would not be in scope.
 */
static char *member_element_type(CXCursor field, CXCursor fn)
{
	CXType t = clang_getArrayElementType(clang_getCursorType(field));
	CXType canon = clang_getCanonicalType(t);
	CXString sp;
	char *r;

	if (t.kind == CXType_Invalid)
		return NULL;
	if (canon.kind == CXType_Unexposed) {
		sp = clang_getTypeSpelling(clang_getUnqualifiedType(t));
		r = wl_xstrdup(clang_getCString(sp));
		clang_disposeString(sp);
		if (tparam_in_scope(r, fn))
			return r;
		free(r);
		return NULL;
	}
	sp = clang_getTypeSpelling(clang_getUnqualifiedType(canon));
	r = wl_xstrdup(clang_getCString(sp));
	clang_disposeString(sp);
	return r;
}

/* The member array an access indexes (`smem.sum[i]`), or a null cursor. */
static CXCursor indexed_member(struct wl_mem *mem, struct wl_node *expr)
{
	struct wl_node *e = wl_node_strip(expr), *base;

	if (!e || e->kind != CXCursor_ArraySubscriptExpr || !e->nr_kids)
		return clang_getNullCursor();
	base = wl_node_strip(e->kids[0]);
	if (!base || base->kind != CXCursor_MemberRefExpr)
		return clang_getNullCursor();
	return wl_mem_member_field(mem, base);
}

char *wl_memrules_register_type(struct wl_mem *mem, int a)
{
	CXType t = clang_getCursorType(mem->accesses[a].expr->cursor);
	const char *elem = mem->arrays[mem->accesses[a].array].elem_type;
	CXCursor field = mem->arrays[mem->accesses[a].array].field;
	CXString sp;
	char *r;

	if (t.kind == CXType_Invalid) {
		r = wl_xstrdup(elem ? elem : "");
	} else {
		sp = clang_getTypeSpelling(clang_getUnqualifiedType(t));
		r = wl_xstrdup(clang_getCString(sp));
		clang_disposeString(sp);
	}
	/*
	 * "<dependent type>" inside a template: a plain array's declared
	 * element type ("T"); a member array's, if the function can name it.
	 */
	if ((!*r || *r == '<') && elem && *elem && !strchr(elem, '(') &&
	    clang_Cursor_isNull(field)) {
		free(r);
		r = wl_xstrdup(elem);
	} else if (!*r || *r == '<') {
		CXCursor m = indexed_member(mem, mem->accesses[a].expr);
		char *member = clang_getCursorKind(m) != CXCursor_FieldDecl
				       ? NULL
				       : member_element_type(
						 m, mem->accesses[a]
							    .stmt->func->cursor);

		if (member) {
			free(r);
			r = member;
		}
	}
	/* never a type that does not compile: dependent, or unnamed */
	if (!*r || *r == '<' || strchr(r, '(')) {
		free(r);
		return NULL;
	}
	return r;
}

static void plan_stmt(struct wl_ctx *ctx, struct wl_mem *mem,
		      struct wl_mem_region *r, struct stmt_plan *p,
		      const char *reg)
{
	struct wl_node *e = wl_node_strip(p->stmt), *lhs, *rhs;
	enum CXBinaryOperatorKind op;
	int a;
	unsigned k;
	bool writes = false, reads = false;

	p->shape = SHAPE_NONE;
	for (k = 0; k < mem->nr_accesses; k++) {
		if (!wl_node_within(mem->accesses[k].expr, p->stmt) ||
		    !region_storage(mem, r, mem->accesses[k].array))
			continue;
		writes |= !!(mem->accesses[k].flags & WL_MEM_WRITE);
		reads |= !!(mem->accesses[k].flags & WL_MEM_READ);
	}
	if (e && (e->kind == CXCursor_BinaryOperator ||
		  e->kind == CXCursor_CompoundAssignOperator) &&
	    e->nr_kids == 2) {
		op = wl_node_binop(e);
		lhs = e->kids[0];
		rhs = e->kids[1];
		a = wl_mem_access_of(mem, wl_node_strip(lhs));
		/* `o[i] = s[0]`: a store to other memory only reads ours */
		if (a >= 0 && !region_storage(mem, r, mem->accesses[a].array))
			a = -1;
		if (a >= 0 && (op == CXBinaryOperator_Assign ||
			       compound_op_text(op))) {
			char *lt = text_of(ctx, lhs), *rt = text_of(ctx, rhs);
			struct wl_node *chain = wl_node_strip(rhs);

			p->array = mem->accesses[a].array;
			p->type = wl_memrules_register_type(mem, a);
			if (op != CXBinaryOperator_Assign) {
				p->read = wl_xasprintf(
					"%s = %s %s %s%s%s", reg, lt,
					compound_op_text(op),
					is_primary(rhs) ? "" : "(", rt,
					is_primary(rhs) ? "" : ")");
				p->write = wl_xasprintf("%s = %s", lt, reg);
				p->uses_reg = true;
				p->shape = SHAPE_SPLIT;
			} else if (chain &&
				   chain->kind == CXCursor_BinaryOperator &&
				   chain->nr_kids == 2 &&
				   wl_node_binop(chain) ==
					   CXBinaryOperator_Assign &&
				   is_local_scalar(chain->kids[0])) {
				/* s[i] = t = t + s[i - 1]: t is the register */
				char *tv = text_of(ctx, chain->kids[0]);

				p->read = wl_xstrdup(rt);
				p->write = wl_xasprintf("%s = %s", lt, tv);
				p->shape = SHAPE_SPLIT;
				free(tv);
			} else if (stmt_has_race_read(mem, r, rhs)) {
				p->read = wl_xasprintf("%s = %s", reg, rt);
				p->write = wl_xasprintf("%s = %s", lt, reg);
				p->uses_reg = true;
				p->shape = SHAPE_SPLIT;
			} else {
				p->shape = SHAPE_WRITE;
			}
			free(lt);
			free(rt);
			return;
		}
	}
	if (reads && !writes)
		p->shape = SHAPE_READ;
	else if (writes && !reads && e && e->kind == CXCursor_CallExpr)
		p->shape = SHAPE_WRITE;	/* store(&s[i], v) */
	else if (writes && e && e->kind == CXCursor_DeclStmt)
		p->shape = SHAPE_WRITE;
	else if (e && e->kind == CXCursor_BinaryOperator && e->nr_kids == 2 &&
		 wl_node_binop(e) ==
			 CXBinaryOperator_Assign &&
		 !stmt_has_race_read(mem, r, e->kids[1]))
		p->shape = SHAPE_WRITE;	/* s[i].x = v */
}

/* Whether any race of @r joins statements @a and @b. */
static bool stmts_race(struct wl_mem *mem, struct wl_mem_region *r,
		       struct wl_node *a, struct wl_node *b)
{
	unsigned k;

	for (k = 0; k < r->nr_races; k++) {
		struct wl_node *x = mem->accesses[r->races[k].reader].stmt;
		struct wl_node *y = mem->accesses[r->races[k].writer].stmt;

		if ((x == a && y == b) || (x == b && y == a))
			return true;
	}
	return false;
}

/* The if or loop whose unbraced body @s is, if any. */
static struct wl_node *unbraced_owner(struct wl_node *s)
{
	if (!s->parent || s->parent->kind == CXCursor_CompoundStmt)
		return NULL;
	if (s->role == WL_ROLE_THEN || s->role == WL_ROLE_BODY)
		return s->parent;
	return NULL;
}

struct fixer {
	struct wl_ctx *ctx;
	struct wl_mem *mem;
	struct wl_mem_region *r;
	struct wl_fix *fix;
	const char *nl;
	char *why;		/* set: no fix, and why */
	bool reuse_barrier;	/* WL302: the barrier after ends the write */
};

static const struct wl_mask *mask_at(struct fixer *fx, struct wl_node *n)
{
	const struct wl_mask *m = wl_mask_infer(fx->ctx, n);
	unsigned i;

	if (!m->text) {
		if (!fx->why)
			fx->why = wl_xasprintf("no mask for __syncwarp can be "
					       "inferred: %s",
					       m->why ? m->why : "unknown");
		return NULL;
	}
	/*
	 * The mask must not name a lane that this analysis sees ruled out
	 * on the way (a condition on a class's lane member, which the mask
	 * inference does not follow): such a __syncwarp would hang.
	 */
	if ((m->reach == WL_REACH_FULL || m->reach == WL_REACH_CONST) &&
	    (m->bits & ~wl_mem_lanes_reaching(fx->mem, n))) {
		if (!fx->why)
			fx->why = wl_xstrdup("the lanes that reach the barrier "
					     "depend on a value the mask "
					     "inference cannot follow");
		return NULL;
	}
	if (m->guessed)
		wl_fix_mark_unsafe(fx->fix, m->note ? m->note
						    : "the mask is guessed");
	/*
	 * Several barriers share one hoisted ballot or mask parameter: add
	 * each setup edit once (the edit set rejects a fix that repeats one).
	 */
	for (i = 0; m->setup && i < m->setup->nr_edits; i++) {
		const struct wl_edit *e = &m->setup->edits[i];
		bool dup = false;
		unsigned k;

		for (k = 0; k < fx->fix->nr_edits && !dup; k++)
			dup = fx->fix->edits[k].offset == e->offset &&
			      fx->fix->edits[k].length == e->length &&
			      !strcmp(fx->fix->edits[k].text, e->text);
		if (!dup)
			wl_fix_replace(fx->fix, e->offset, e->length, e->text);
	}
	return m;
}

/*
 * The register declaration: once per function and storage, before the
 * statement of the enclosing block that holds the first rewrite, so that
 * every fix in the function inserts the identical text at one place.
 */
static void declare_register(struct fixer *fx, struct wl_node *stmt,
			     const char *type, const char *reg)
{
	struct wl_mem *mem = fx->mem;
	struct wl_node *scope = NULL, *first = stmt, *anchor;
	unsigned i, k, at;
	char *ind, *text;

	for (i = 0; i < mem->nr_regions; i++)
		for (k = 0; k < mem->regions[i].nr_stmts; k++) {
			struct wl_node *s = mem->regions[i].stmts[k];

			if (s->func != stmt->func)
				continue;
			scope = scope ? wl_node_common(scope, s) : s;
			if (s->index < first->index)
				first = s;
		}
	while (scope && scope->kind != CXCursor_CompoundStmt)
		scope = scope->parent;
	if (!scope)
		return;
	if (!type) {
		/* see wl_memrules_register_type() */
		fx->why = wl_xstrdup("the register's type is a template's "
				     "dependent type that cannot be spelled "
				     "here");
		return;
	}
	for (anchor = first; anchor->parent && anchor->parent != scope;)
		anchor = anchor->parent;
	at = wl_memrules_line_start(fx->ctx, anchor->begin);
	ind = wl_memrules_indent(fx->ctx, at);
	/* `#pragma unroll` starts the loop's line: indent like the loop */
	for (i = at; i < fx->ctx->src->len && !*ind &&
		     fx->ctx->src->text[i] == '#';) {
		while (i < fx->ctx->src->len && fx->ctx->src->text[i] != '\n')
			i++;
		free(ind);
		ind = wl_memrules_indent(fx->ctx, ++i);
	}
	text = wl_xasprintf("%s%s %s;%s", ind, type, reg, fx->nl);
	wl_fix_insert(fx->fix, at, text);
	free(text);
	free(ind);
}

static char *sync_text(const struct wl_mask *m)
{
	return wl_xasprintf("__syncwarp(%s);", m->text);
}

/*
 * A `// comment` after the statement on its line: the rewrite spans
 * several lines, so the comment moves to the end of the first one.
 * Returns the comment (or "") and moves *@end past it.
 */
char *wl_memrules_trailing_comment(struct wl_ctx *ctx, unsigned *end)
{
	const char *t = ctx->src->text;
	unsigned start = *end, i = start, e;

	while (i < ctx->src->len && (t[i] == ' ' || t[i] == '\t'))
		i++;
	if (i + 1 >= ctx->src->len || t[i] != '/' || t[i + 1] != '/')
		return wl_xstrdup("");
	for (e = i; e < ctx->src->len && t[e] != '\n' && t[e] != '\r'; e++)
		;
	while (e > i && (t[e - 1] == ' ' || t[e - 1] == '\t'))
		e--;
	*end = e;
	return wl_xstrndup(t + start, e - start);
}

unsigned wl_memrules_full_end(struct wl_ctx *ctx, struct wl_node *n)
{
	struct wl_node *last;

	if (n->kind == CXCursor_IfStmt || wl_node_is_loop(n)) {
		last = wl_node_kid(n, WL_ROLE_ELSE);
		if (!last)
			last = wl_node_kid(n, n->kind == CXCursor_IfStmt
						      ? WL_ROLE_THEN
						      : WL_ROLE_BODY);
		if (last && n->kind != CXCursor_DoStmt)
			return wl_memrules_full_end(ctx, last);
	}
	return wl_memrules_stmt_end(ctx, n);
}

/*
 * The outermost branch or loop around @s whose condition splits a warp
 * and that does not hold the whole region: a barrier inside it would be
 * reached by only some of the racing lanes, so it goes outside.
 */
static struct wl_node *divergent_owner(struct fixer *fx, struct wl_node *s)
{
	struct wl_node *n, *child = s, *found = NULL;
	struct wl_cond_class cc;
	unsigned k;

	for (n = s->parent; n && n != s->func->body; child = n, n = n->parent) {
		struct wl_node *cond;
		bool all = true;

		if (child->role != WL_ROLE_THEN &&
		    child->role != WL_ROLE_ELSE && child->role != WL_ROLE_BODY)
			continue;
		if (n->kind != CXCursor_IfStmt && !wl_node_is_loop(n))
			continue;
		cond = wl_node_kid(n, WL_ROLE_COND);
		if (!cond)
			continue;
		wl_eval_cond(&fx->ctx->eval, cond, &cc);
		if (cc.kind == WL_COND_UNIFORM &&
		    !wl_mem_cond_splits_warp(fx->mem, cond))
			continue;
		for (k = 0; k < fx->r->nr_stmts; k++)
			if (fx->r->stmts[k]->func == s->func &&
			    !wl_node_within(fx->r->stmts[k], n))
				all = false;
		if (!all)
			found = n;
	}
	return found;
}

/* Rewrite one SPLIT statement in place. */
static void rewrite_split(struct fixer *fx, struct stmt_plan *p)
{
	struct wl_ctx *ctx = fx->ctx;
	struct wl_node *owner = unbraced_owner(p->stmt);
	struct wl_node *div = divergent_owner(fx, p->stmt), *outer;
	const struct wl_mask *m;
	char *ind, *in2, *sync, *text, *cm;
	struct wl_cond_class cc;
	unsigned end;

	/*
	 * An unbraced `if (lane >= o)` around the step: split it even when
	 * the race stays inside it, so that the barriers need no ballot.
	 */
	if (!div && owner && owner->kind == CXCursor_IfStmt &&
	    wl_node_kid(owner, WL_ROLE_COND)) {
		wl_eval_cond(&ctx->eval, wl_node_kid(owner, WL_ROLE_COND), &cc);
		if (cc.kind != WL_COND_UNIFORM ||
		    wl_mem_cond_splits_warp(fx->mem,
					    wl_node_kid(owner, WL_ROLE_COND)))
			div = owner;
	}

	if (div) {
		/* if (lane >= 1) s[i] += s[i - 1]; -- the barriers must be
		 * outside the lane-dependent branch: the branch is written
		 * twice, once around the read and once around the write */
		struct wl_node *cond = wl_node_kid(div, WL_ROLE_COND);
		struct wl_node *then = wl_node_kid(div, WL_ROLE_THEN);
		char *ct;

		owner = div;
		if (div->kind != CXCursor_IfStmt ||
		    wl_node_kid(div, WL_ROLE_ELSE) || !then ||
		    (then != p->stmt &&
		     !(then->kind == CXCursor_CompoundStmt &&
		       then->nr_kids == 1 && then->kids[0] == p->stmt))) {
			if (!fx->why)
				fx->why = wl_xstrdup("a racing statement is "
						     "inside a lane-dependent "
						     "branch with more in it");
			return;
		}
		outer = unbraced_owner(owner);
		if ((outer && unbraced_owner(outer)) ||
		    !wl_eval_pure(&ctx->eval, cond)) {
			if (!fx->why)
				fx->why = wl_xstrdup("the condition around the "
						     "statement cannot be "
						     "evaluated twice");
			return;
		}
		m = mask_at(fx, owner);
		if (!m)
			return;
		ct = text_of(ctx, cond);
		sync = sync_text(m);
		end = wl_memrules_full_end(ctx, owner);
		cm = wl_memrules_trailing_comment(ctx, &end);
		if (outer) {
			/* `for (...) if (c) s[i] += s[i + o];`: the loop's
			 * body gets braces around the written-twice branch */
			const char *t = ctx->src->text;
			unsigned begin = owner->begin;
			char *oind = wl_memrules_indent(ctx, outer->begin);

			ind = deeper(oind);
			while (begin > outer->begin &&
			       (t[begin - 1] == ' ' || t[begin - 1] == '\t' ||
				t[begin - 1] == '\n' || t[begin - 1] == '\r'))
				begin--;
			text = wl_xasprintf(" {%s%sif (%s) %s;%s%s%s%s%s%sif "
					    "(%s) %s;%s%s%s%s%s}",
					    fx->nl, ind, ct, p->read, cm, fx->nl,
					    ind, sync, fx->nl, ind, ct, p->write,
					    fx->nl, ind, sync, fx->nl, oind);
			wl_fix_replace(fx->fix, begin, end - begin, text);
			free(oind);
		} else {
			ind = wl_memrules_indent(ctx, owner->begin);
			text = wl_xasprintf("if (%s) %s;%s%s%s%s%s%sif (%s) "
					    "%s;%s%s%s",
					    ct, p->read, cm, fx->nl, ind, sync,
					    fx->nl, ind, ct, p->write, fx->nl,
					    ind, sync);
			wl_fix_replace(fx->fix, owner->begin,
				       end - owner->begin, text);
		}
		free(cm);
		free(text);
		free(sync);
		free(ind);
		free(ct);
		return;
	}
	m = mask_at(fx, p->stmt);
	if (!m)
		return;
	sync = sync_text(m);
	end = wl_memrules_stmt_end(ctx, p->stmt);
	cm = wl_memrules_trailing_comment(ctx, &end);
	if (owner) {
		/* braces right after the if's or loop's header */
		const char *t = ctx->src->text;
		unsigned begin = p->stmt->begin;

		while (begin > owner->begin &&
		       (t[begin - 1] == ' ' || t[begin - 1] == '\t' ||
			t[begin - 1] == '\n' || t[begin - 1] == '\r'))
			begin--;
		ind = wl_memrules_indent(ctx, owner->begin);
		in2 = deeper(ind);
		text = wl_xasprintf(" {%s%s%s%s;%s%s%s%s%s%s;%s%s%s%s%s}", cm,
				    fx->nl, in2, p->read, fx->nl, in2, sync,
				    fx->nl, in2, p->write, fx->nl, in2, sync,
				    fx->nl, ind);
		wl_fix_replace(fx->fix, begin, end - begin, text);
		free(in2);
		free(cm);
		free(text);
		free(ind);
		free(sync);
		return;
	} else {
		ind = wl_memrules_indent(ctx, p->stmt->begin);
		if (fx->reuse_barrier)
			text = wl_xasprintf("%s;%s%s%s%s%s%s%s;", p->read, cm,
					    fx->nl, ind, sync, fx->nl, ind,
					    p->write);
		else
			text = wl_xasprintf("%s;%s%s%s%s%s%s%s;%s%s%s", p->read,
					    cm, fx->nl, ind, sync, fx->nl, ind,
					    p->write, fx->nl, ind, sync);
	}
	wl_fix_replace(fx->fix, p->stmt->begin, end - p->stmt->begin, text);
	free(cm);
	free(text);
	free(ind);
	free(sync);
}

/*
 * Where a barrier after @s goes: after @s, or after the lane-dependent
 * branch or the unbraced statement that holds it.
 */
static struct wl_node *sync_point(struct fixer *fx, struct wl_node *s)
{
	struct wl_node *div = divergent_owner(fx, s);
	struct wl_node *owner = div ? div : unbraced_owner(s);

	return owner ? owner : s;
}

/* A barrier after a statement that is kept as it is. */
static void sync_after(struct fixer *fx, struct wl_node *s)
{
	struct wl_node *div = divergent_owner(fx, s);
	struct wl_node *owner = div ? div : unbraced_owner(s);
	struct wl_node *at = owner ? owner : s;
	const struct wl_mask *m;
	char *ind, *sync, *text;
	unsigned end;

	if (owner && unbraced_owner(owner)) {
		if (!fx->why)
			fx->why = wl_xstrdup("nested unbraced statements");
		return;
	}
	m = mask_at(fx, at);
	if (!m)
		return;
	ind = wl_memrules_indent(fx->ctx, at->begin);
	sync = sync_text(m);
	text = wl_xasprintf("%s%s%s", fx->nl, ind, sync);
	end = wl_memrules_full_end(fx->ctx, at);
	free(wl_memrules_trailing_comment(fx->ctx, &end));
	wl_fix_insert(fx->fix, end, text);
	free(text);
	free(sync);
	free(ind);
}

static bool param_callers_nonvolatile(struct wl_node *decl)
{
	struct wl_func *fn = decl->func;
	unsigned i, k;

	for (k = 0; k < fn->nr_params && fn->params[k] != decl; k++)
		;
	for (i = 0; i < fn->nr_callers; i++) {
		struct wl_node *args[16];
		unsigned n = wl_call_args(fn->callers[i], args, 16);
		CXType t;

		if (k >= n || k >= 16)
			return false;
		t = clang_getCursorType(wl_node_strip(args[k])->cursor);
		if (clang_isVolatileQualifiedType(clang_getPointeeType(t)))
			return false;
	}
	return true;
}

struct use_scan {
	CXCursor decl;
	struct wl_mem *mem;
	bool outside;
};

/* Every use of the pointer lies in a statement some region rewrites. */
static bool use_in_regions(struct wl_node *n, void *data)
{
	struct use_scan *us = data;
	unsigned i, k;
	bool in = false;

	if (n->kind != CXCursor_DeclRefExpr ||
	    !clang_equalCursors(clang_getCursorReferenced(n->cursor), us->decl))
		return true;
	for (i = 0; i < us->mem->nr_regions && !in; i++)
		for (k = 0; k < us->mem->regions[i].nr_stmts; k++)
			if (wl_node_within(n, us->mem->regions[i].stmts[k]))
				in = true;
	if (!in)
		us->outside = true;
	return !us->outside;
}

/* Whether an edit of @fix already lands in [@off, @off + @len]. */
static bool touches(const struct wl_fix *fix, unsigned off, unsigned len)
{
	unsigned i;

	for (i = 0; i < fix->nr_edits; i++)
		if (fix->edits[i].offset <= off + len &&
		    fix->edits[i].offset + fix->edits[i].length >= off)
			return true;
	return false;
}

/*
 * Drop `volatile` from the pointer the region goes through when the
 * rewrite leaves no access through it that relied on it.
 */
static void drop_volatile(struct fixer *fx)
{
	struct wl_mem *mem = fx->mem;
	struct wl_node *done[8];
	unsigned nr_done = 0, k, i;

	for (k = 0; k < fx->r->nr_races; k++) {
		unsigned ai = fx->r->races[k].reader;
		struct wl_node *d = mem->accesses[ai].ptr_decl;
		struct use_scan us;
		const char *t = fx->ctx->src->text;
		bool seen = false;

		if (!d || !d->in_main || d->in_macro || nr_done == 8)
			continue;
		for (i = 0; i < nr_done; i++)
			seen |= done[i] == d;
		if (seen)
			continue;
		done[nr_done++] = d;
		if (!clang_isVolatileQualifiedType(clang_getPointeeType(
			    clang_getCursorType(d->cursor))))
			continue;
		if (d->kind == CXCursor_ParmDecl &&
		    !param_callers_nonvolatile(d))
			continue;
		us.decl = d->cursor;
		us.mem = mem;
		us.outside = false;
		if (d->func && d->func->body)
			wl_node_walk(d->func->body, use_in_regions, &us);
		if (us.outside)
			continue;
		for (i = d->begin; i + 9 <= d->end; i++)
			if (!memcmp(t + i, "volatile", 8) &&
			    (i == d->begin || !ident_char(t[i - 1])) &&
			    (t[i + 8] == ' ' || t[i + 8] == '\t')) {
				if (!touches(fx->fix, i, 9))
					wl_fix_replace(fx->fix, i, 9, "");
				break;
			}
	}
}

static int cmp_stmt(const void *a, const void *b)
{
	const struct wl_node *x = *(struct wl_node *const *)a;
	const struct wl_node *y = *(struct wl_node *const *)b;

	return x->index < y->index ? -1 : x->index > y->index;
}

/*
 * Build the fix of region @r into @f; NULL on success, else why there is
 * none (the caller's to free).
 */
static char *build_fix(struct wl_ctx *ctx, struct wl_mem *mem,
		       struct wl_mem_region *r, struct wl_finding *f)
{
	struct fixer fx = { ctx, mem, r, NULL, wl_source_newline(ctx->src),
			    NULL, false };
	struct stmt_plan *plans = wl_xcalloc(r->nr_stmts, sizeof(*plans));
	struct wl_node **pending = wl_xcalloc(r->nr_stmts, sizeof(*pending));
	unsigned i, k, nr_pending = 0, reg_array = 0;
	bool any_reg = false, need_tail = false;
	char *reg;

	for (i = 0; i < r->nr_races && !fx.why; i++)
		if (r->races[i].collision)
			fx.why = wl_xstrdup("lanes meet through data-dependent "
					    "indices; use atomics on shared "
					    "memory (atomicAdd) instead");
		else if (r->races[i].cross_warp)
			fx.why = wl_xstrdup("lanes of other warps meet at these "
					    "elements too, and a __syncwarp() "
					    "orders only its own warp: the "
					    "block needs a __syncthreads() "
					    "here");
	fx.reuse_barrier = r->barrier_after;
	fx.fix = wl_fix_new("read into a register, then __syncwarp() "
			    "between the reads and the writes (Listing 8)");
	if (r->unseen)
		wl_fix_mark_unsafe(fx.fix, "the memory is taken to be shared "
				   "by the lanes of a warp without seeing "
				   "where it comes from");
	qsort(r->stmts, r->nr_stmts, sizeof(*r->stmts), cmp_stmt);
	reg = wl_memrules_fresh_name(ctx, r->stmts[0]->func->root, "v");
	for (i = 0; i < r->nr_stmts && !fx.why; i++) {
		plans[i].stmt = r->stmts[i];
		if (!r->stmts[i]->in_main || r->stmts[i]->in_macro) {
			fx.why = wl_xstrdup("the statement is written in a "
					    "macro");
			break;
		}
		plan_stmt(ctx, mem, r, &plans[i], reg);
		if (plans[i].shape == SHAPE_NONE)
			fx.why = wl_xstrdup("a racing access is not a plain "
					    "read or assignment");
		if (plans[i].uses_reg) {
			if (any_reg && plans[i].array != reg_array)
				fx.why = wl_xstrdup("two arrays would need "
						    "registers");
			any_reg = true;
			reg_array = plans[i].array;
		}
	}
	for (i = 0; i < r->nr_stmts && !fx.why; i++) {
		struct stmt_plan *p = &plans[i];
		bool clash = false;

		for (k = 0; k < nr_pending; k++)
			clash |= stmts_race(mem, r, pending[k], p->stmt);
		/* a barrier after the branch would not come between them */
		if (clash && wl_node_within(p->stmt,
					    sync_point(&fx,
						       pending[nr_pending - 1]))) {
			fx.why = wl_xstrdup("two racing statements share a "
					    "lane-dependent branch, where no "
					    "mask for __syncwarp() names the "
					    "lanes that arrive");
			break;
		}
		if (clash) {
			sync_after(&fx, pending[nr_pending - 1]);
			nr_pending = 0;
		}
		if (p->shape == SHAPE_SPLIT) {
			rewrite_split(&fx, p);
			nr_pending = 0;
			need_tail = false;
		} else {
			pending[nr_pending++] = p->stmt;
			need_tail = true;
		}
	}
	/* A loop brings the last statement back to meet the first. */
	if (!fx.why && r->in_loop && need_tail && nr_pending) {
		bool clash = false;

		for (k = 0; k < nr_pending; k++)
			for (i = 0; i < r->nr_stmts; i++)
				clash |= stmts_race(mem, r, pending[k],
						    r->stmts[i]);
		if (clash)
			sync_after(&fx, pending[nr_pending - 1]);
	}
	for (i = 0; i < r->nr_stmts && !fx.why && any_reg; i++)
		if (plans[i].uses_reg) {
			declare_register(&fx, plans[i].stmt, plans[i].type,
					 reg);
			break;
		}
	if (!fx.why)
		drop_volatile(&fx);
	if (fx.why)
		wl_fix_free(fx.fix);
	else
		f->fix = fx.fix;
	for (i = 0; i < r->nr_stmts; i++) {
		free(plans[i].read);
		free(plans[i].write);
		free(plans[i].type);
	}
	free(plans);
	free(pending);
	free(reg);
	return fx.why;
}

/*
 * A stretch that runs through several functions has no fix when one part
 * has none (a helper that divergent code calls, say).  The races that
 * stay within one function are still fixed there: otherwise they would
 * be fixed only on a second run, once the first run's barriers have cut
 * the stretch apart.  @at[k] is the finding of r->stmts[k], or -1.
 */
static void fix_each_function(struct wl_ctx *ctx, struct wl_mem *mem,
			      struct wl_mem_region *r, const int *at)
{
	struct wl_node **stmts = wl_xcalloc(r->nr_stmts, sizeof(*stmts));
	struct wl_mem_race *races = wl_xcalloc(r->nr_races, sizeof(*races));
	unsigned i, k;

	for (i = 0; i < r->nr_stmts; i++) {
		struct wl_func *fn = r->stmts[i]->func;
		struct wl_mem_region part = *r;
		int owner = -1;
		bool seen = false;
		char *why;

		for (k = 0; k < i && !seen; k++)
			seen = r->stmts[k]->func == fn;
		if (seen)
			continue;
		part.stmts = stmts;
		part.races = races;
		part.nr_stmts = part.nr_races = 0;
		for (k = 0; k < r->nr_stmts; k++)
			if (r->stmts[k]->func == fn) {
				part.stmts[part.nr_stmts++] = r->stmts[k];
				if (owner < 0)
					owner = at[k];
			}
		part.first = part.stmts[0];
		for (k = 0; k < r->nr_races; k++)
			if (mem->accesses[r->races[k].reader].stmt->func == fn &&
			    mem->accesses[r->races[k].writer].stmt->func == fn)
				part.races[part.nr_races++] = r->races[k];
		if (!part.nr_races || owner < 0)
			continue;
		why = build_fix(ctx, mem, &part, &ctx->findings.v[owner]);
		if (!why)
			wl_finding_note(&ctx->findings.v[owner],
					"the fix covers the races within "
					"'%s' only",
					fn->name);
		free(why);
	}
	free(stmts);
	free(races);
}

/* ---- the rules -------------------------------------------------------- */

/*
 * The race to name at statement @s: one it reads in (the collision seen
 * from the reader), else one it writes in; NULL if none involves it.
 */
static const struct wl_mem_race *race_at(struct wl_mem *mem,
					 const struct wl_mem_region *r,
					 const struct wl_node *s, bool *as_writer)
{
	unsigned k, pass;

	*as_writer = false;
	for (pass = 0; pass < 4; pass++)
		for (k = 0; k < r->nr_races; k++) {
			const struct wl_mem_race *x = &r->races[k];
			bool rd = mem->accesses[x->reader].stmt == s;
			bool wr = mem->accesses[x->writer].stmt == s;

			if ((pass == 0 && rd && wr && !x->write_write) ||
			    (pass == 1 && rd && !x->write_write) ||
			    (pass == 2 && rd))
				return x;
			if (pass == 3 && wr) {
				*as_writer = true;
				return x;
			}
		}
	return NULL;
}

/* The name of the barrier that follows statement @s in its block. */
static const char *barrier_after_name(struct wl_ctx *ctx, struct wl_node *s)
{
	struct wl_node *p = s->parent, *next;
	unsigned i;

	if (!p || p->kind != CXCursor_CompoundStmt)
		return "__syncwarp";
	for (i = 0; i + 1 < p->nr_kids && p->kids[i] != s; i++)
		;
	if (i + 1 >= p->nr_kids)
		return "__syncwarp";
	next = wl_node_strip(p->kids[i + 1]);
	if (!next || next->kind != CXCursor_CallExpr)
		return "__syncwarp";
	return wl_call_name(&ctx->model, next);
}

/* The message of @rule for the race @race, seen from statement @s. */
static char *stmt_message(struct wl_ctx *ctx, struct wl_mem *mem,
			  enum wl_rule_id rule, const struct wl_mem_race *race,
			  struct wl_node *s, bool as_writer)
{
	char *tail, *msg;
	unsigned line, col;

	if (rule == WL302) {
		tail = wl_xasprintf("in the same statement; the %s() after it "
				    "comes too late",
				    barrier_after_name(ctx, s));
		msg = race_message(ctx, mem, race, tail);
		free(tail);
		return msg;
	}
	if (!as_writer)
		return race_message(ctx, mem, race, "without __syncwarp()");
	/* a write that a read elsewhere races with: say so from here */
	wl_source_line_col(ctx->src,
			   mem->accesses[race->reader].stmt->begin, &line,
			   &col);
	tail = access_text(ctx, &mem->accesses[race->writer]);
	msg = wl_xasprintf("lane %u writes %s while lane %u of its warp reads "
			   "it at line %u without __syncwarp()",
			   race->other & 31, tail, race->lane & 31, line);
	free(tail);
	return msg;
}

/* Where the memory was taken to be warp-shared by convention: why. */
static void note_unseen(struct wl_ctx *ctx, struct wl_mem *mem,
			const struct wl_mem_region *r, struct wl_finding *f)
{
	unsigned k;

	for (k = 0; k < r->nr_races; k++) {
		const struct wl_mem_array *a = &mem->arrays[r->races[k].array];
		/* the helper whose parameter it is: perhaps not the racer */
		CXString owner = clang_getCursorSpelling(
			clang_getCursorSemanticParent(a->decl));
		const char *fn = clang_getCString(owner);
		bool noted = true;

		if (a->kind == WL_MEM_VOLATILE_PTR)
			wl_finding_note(f, "'%s' is taken to point to memory "
					"the lanes of a warp share (the "
					"pre-Volta convention for a volatile "
					"pointer): the caller of '%s' was not "
					"seen",
					a->name, fn);
		else if (a->kind == WL_MEM_THREAD_PTR)
			wl_finding_note(f, "'%s' is taken to point to memory "
					"the threads share, since it is indexed "
					"by the thread's own index: the caller "
					"of '%s' was not seen",
					a->name, fn);
		else if (a->kind == WL_MEM_MEMBER)
			wl_finding_note(f, "member '%s' is taken to refer to "
					"memory the lanes of a warp share: the "
					"storage handed to its constructor was "
					"not seen",
					a->name);
		else
			noted = false;
		clang_disposeString(owner);
		if (noted)
			return;
	}
	(void)ctx;
}

/*
 * A race inside a helper, reported at the call that brings it into the
 * kernel too: that is where the user reads the kernel.
 */
static bool report_call(struct wl_ctx *ctx, struct wl_mem *mem,
			enum wl_rule_id rule, const struct wl_mem_region *r,
			struct wl_node *call)
{
	const struct wl_mem_race *race = NULL;
	struct wl_node *s;
	struct wl_finding *f;
	struct wl_func *fn;
	unsigned k, line, col;
	bool as_writer;
	char *msg;

	for (k = 0; k < r->nr_stmts; k++)
		if (r->stmts[k]->func == call->func)
			return false;	/* the racing code is right here */
	s = r->first;
	race = race_at(mem, r, s, &as_writer);
	if (!race || !call->in_main || call->in_macro)
		return false;
	fn = wl_call_target(&ctx->model, call);
	wl_source_line_col(ctx->src, s->begin, &line, &col);
	msg = stmt_message(ctx, mem, rule, race, s, as_writer);
	f = wl_report(ctx, rule, call,
		      "'%s' lets lanes of a warp race on '%s' without "
		      "__syncwarp() (line %u)",
		      fn ? fn->name : wl_call_name(&ctx->model, call),
		      mem->arrays[race->array].name, line);
	wl_finding_note(f, "in '%s' at line %u: %s", s->func->name, line,
			msg);
	note_unseen(ctx, mem, r, f);
	free(msg);
	return true;
}

static int cmp_stmt_index(const void *a, const void *b)
{
	const struct wl_node *x = *(struct wl_node *const *)a;
	const struct wl_node *y = *(struct wl_node *const *)b;

	return x->index < y->index ? -1 : x->index > y->index;
}

/* Whether @call is in @done. */
static bool seen_call(struct wl_node **done, unsigned nr, struct wl_node *call)
{
	unsigned i;

	for (i = 0; i < nr; i++)
		if (done[i] == call)
			return true;
	return false;
}

/*
 * The fix of region @r, on the finding of its first statement
 * (findings.v[@first_at]); the finding of each statement is @at.  False
 * if there is none for the whole region (parts may have theirs).
 */
static bool fix_region(struct wl_ctx *ctx, struct wl_mem *mem,
		       struct wl_mem_region *r, int first_at, const int *at)
{
	struct wl_finding *first = &ctx->findings.v[first_at];
	bool several = false;
	unsigned k;
	char *why;

	for (k = 1; k < r->nr_stmts; k++)
		several |= r->stmts[k]->func != r->stmts[0]->func;
	if (r->cut) {
		/* no part of it is proved either */
		wl_finding_note(first, "no fix: the search for races stopped "
				"at a size bound of the analysis before the end "
				"of the kernel; races it did not reach would "
				"stay");
		return false;
	}
	/* the fix places barriers in the order of the file */
	if (several && r->against_file_order)
		why = wl_xstrdup("a race runs from a later function in the "
				 "file to an earlier one");
	else
		why = build_fix(ctx, mem, r, first);
	if (!why)
		return true;
	wl_finding_note(first, "no fix%s: %s",
			several ? " for the stretch as a whole" : "", why);
	if (several)
		fix_each_function(ctx, mem, r, at);
	free(why);
	return false;
}

/*
 * The later statements of a stretch point at its first, where the fix
 * (or the reason there is none) is.
 */
static void note_same_stretch(struct wl_ctx *ctx, const unsigned *later,
			      unsigned nr, bool covered, unsigned line)
{
	const char *what = covered ? "the fix there covers this statement"
				   : "see the note there";
	unsigned k;

	for (k = 0; k < nr; k++)
		wl_finding_note(&ctx->findings.v[later[k]],
				"one stretch with line %u: %s", line, what);
}

void wl_memrules_check(struct wl_ctx *ctx, enum wl_rule_id rule)
{
	struct wl_node **calls_done = NULL;
	unsigned nr_done = 0, alloc_done = 0;
	unsigned *later = NULL, nr_later, alloc_later = 0;
	int *at = NULL;		/* the finding of each statement, or -1 */
	unsigned alloc_at = 0;
	struct wl_mem mem;
	unsigned i, k, line, col;

	wl_mem_build(&mem, ctx);
	for (i = 0; i < mem.nr_regions; i++) {
		struct wl_mem_region *r = &mem.regions[i];
		struct wl_finding *first;
		int first_at = -1;	/* findings move as more are added */
		bool whole = true;

		if ((rule == WL302) != r->barrier_after || !r->nr_races)
			continue;
		qsort(r->stmts, r->nr_stmts, sizeof(*r->stmts),
		      cmp_stmt_index);
		/* every racing statement, the reads and the writes */
		nr_later = 0;
		if (r->nr_stmts > alloc_at) {
			alloc_at = r->nr_stmts;
			at = wl_xrealloc(at, alloc_at * sizeof(*at));
		}
		for (k = 0; k < r->nr_stmts; k++) {
			at[k] = -1;
			struct wl_node *s = r->stmts[k];
			const struct wl_mem_race *race;
			struct wl_finding *f;
			bool as_writer;
			char *msg;

			race = race_at(&mem, r, s, &as_writer);
			if (!race)
				continue;
			msg = stmt_message(ctx, &mem, rule, race, s,
					   as_writer);
			f = wl_report(ctx, rule, s, "%s", msg);
			free(msg);
			at[k] = (int)(f - ctx->findings.v);
			if (first_at < 0) {
				first_at = (int)(f - ctx->findings.v);
				note_unseen(ctx, &mem, r, f);
				continue;
			}
			WL_GROW(later, nr_later, alloc_later);
			later[nr_later++] = (unsigned)(f - ctx->findings.v);
		}
		/* a call is reported once, for the first stretch it runs */
		for (k = 0; k < r->nr_calls; k++)
			if (!seen_call(calls_done, nr_done, r->calls[k]) &&
			    report_call(ctx, &mem, rule, r, r->calls[k])) {
				WL_GROW(calls_done, nr_done, alloc_done);
				calls_done[nr_done++] = r->calls[k];
			}
		if (first_at < 0)
			continue;
		first = &ctx->findings.v[first_at];
		if (ctx->fix_style == WL_FIX_STYLE_SHUFFLE &&
		    wl_memrules_shuffle_takes(ctx, &mem, r))
			wl_finding_note(first,
					"fixed by WL401's shuffle rewrite");
		else
			whole = fix_region(ctx, &mem, r, first_at, at);
		wl_source_line_col(ctx->src, r->first->begin, &line, &col);
		note_same_stretch(ctx, later, nr_later,
				  whole && ctx->findings.v[first_at].fix,
				  line);
	}
	free(later);
	free(at);
	free(calls_done);
	wl_mem_release(&mem);
}
