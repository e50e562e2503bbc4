/* SPDX-License-Identifier: MIT */
/*
 * WL104 split-64bit-shuffle: a 64-bit value shuffled as two 32-bit halves;
 * the _sync shuffles take it whole.  Docs: rules/WL104.md  Corpus: corpus/WL104/
 *
 * Three shapes split the value: an asm "mov.b64 {lo,hi}, x", the
 * __double2hiint/__double2loint intrinsics, and the two members of one
 * aggregate (int2, a union, an array of two).  Two shuffles of the same
 * kind and lane arguments over the two halves make the pattern.  Where
 * split, shuffles and join are consecutive statements, the fix replaces
 * them with one shuffle of the whole value.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/cursor.h"
#include "analyzer/eval.h"
#include "analyzer/mask.h"
#include "base/source.h"
#include "base/util.h"
#include "fixits/edit.h"
#include "rules/legacy.h"

static const char *const shuffles[][2] = {
	{ "__shfl", "__shfl_sync" },
	{ "__shfl_up", "__shfl_up_sync" },
	{ "__shfl_down", "__shfl_down_sync" },
	{ "__shfl_xor", "__shfl_xor_sync" },
	{ "__shfl_sync", "__shfl_sync" },
	{ "__shfl_up_sync", "__shfl_up_sync" },
	{ "__shfl_down_sync", "__shfl_down_sync" },
	{ "__shfl_xor_sync", "__shfl_xor_sync" },
};

/* Where one half comes from. */
struct half {
	struct wl_node *split;	/* asm or intrinsic call that splits, or NULL */
	struct wl_node *whole;	/* the 64-bit expression split */
	CXCursor base;		/* aggregate variable, for member halves */
	char key[64];		/* which half: "hi", "lo", "x", "[1]", "%1" */
};

static int shuffle_index(struct wl_ctx *ctx, struct wl_node *call)
{
	const char *name = wl_call_name(&ctx->model, call);
	unsigned i;

	for (i = 0; i < WL_ARRAY_SIZE(shuffles); i++)
		if (!strcmp(name, shuffles[i][0]))
			return (int)i;
	return -1;
}

static bool asm_text_has(struct wl_ctx *ctx, struct wl_node *n, const char *a,
			 const char *b)
{
	char *text = wl_node_text(&ctx->model, n);
	bool yes = text && strstr(text, a) && strstr(text, b);

	free(text);
	return yes;
}

/* The asm in @fn that writes variable @v as an output, if any. */
static struct wl_node *asm_writing(struct wl_ctx *ctx, struct wl_func *fn,
				   CXCursor v, unsigned *position)
{
	unsigned i, k;

	for (i = 0; i < ctx->model.nr_asms; i++) {
		struct wl_node *a = ctx->model.asms[i];

		if (a->func != fn)
			continue;
		for (k = 0; k < a->nr_kids; k++)
			if (a->kids[k]->kind == CXCursor_DeclRefExpr &&
			    wl_cursor_equal(wl_node_referenced(a->kids[k]), v)) {
				*position = k;
				return a;
			}
	}
	return NULL;
}

/* The first input operand of an asm (the value it splits). */
static struct wl_node *asm_input(struct wl_node *a)
{
	unsigned k;

	for (k = 0; k < a->nr_kids; k++)
		if (a->kids[k]->kind != CXCursor_DeclRefExpr)
			return wl_node_strip(a->kids[k]);
	return NULL;
}

/*
 * A member or element is a half of a 64-bit value only when the aggregate
 * is 8 bytes and the part 4 (int2, uint2, int[2], an 8-byte union): the
 * four registers of an int[4] shuffled alike are no split double.
 */
static bool is_half_of_8_bytes(struct wl_node *part, struct wl_node *base)
{
	long long whole = clang_Type_getSizeOf(
		clang_getCursorType(wl_node_referenced(base)));
	long long half = clang_Type_getSizeOf(clang_getCursorType(part->cursor));

	return whole == 8 && half == 4;
}

/*
 * Skip casts of every spelling, reinterpret_cast included, and the copy
 * construction of a struct initialised from one (a CallExpr whose only
 * kid is its argument: constructors have no callee node).
 */
static struct wl_node *strip_casts(struct wl_node *e)
{
	while (e && e->nr_kids >= 1 &&
	       (e->kind == CXCursor_UnexposedExpr || e->kind == CXCursor_ParenExpr ||
		e->kind == CXCursor_CStyleCastExpr ||
		e->kind == CXCursor_CXXReinterpretCastExpr ||
		e->kind == CXCursor_CXXStaticCastExpr ||
		(e->kind == CXCursor_CallExpr && e->nr_kids == 1)))
		e = e->kids[e->nr_kids - 1];
	return e;
}

/*
 * X in `*reinterpret_cast<T *>(&X)` or `*(T *)&X`: a view of X's bytes
 * as another type.  NULL for anything else.
 */
static struct wl_node *viewed_object(struct wl_node *e)
{
	e = strip_casts(e);
	if (!e || e->kind != CXCursor_UnaryOperator || e->nr_kids != 1 ||
	    clang_getCursorUnaryOperatorKind(e->cursor) != CXUnaryOperator_Deref)
		return NULL;
	e = strip_casts(e->kids[0]);
	if (!e || e->kind != CXCursor_UnaryOperator || e->nr_kids != 1 ||
	    clang_getCursorUnaryOperatorKind(e->cursor) != CXUnaryOperator_AddrOf)
		return NULL;
	return wl_node_strip(e->kids[0]);
}

/*
 * The 64-bit value that @e makes an 8-byte aggregate of: X in a view
 * `*reinterpret_cast<int2 *>(&X)`, or in a call of a converting helper
 * with X its only argument (`double_as_int2(X)`, `vectorize(X)`).
 */
static struct wl_node *split_source(struct wl_ctx *ctx, struct wl_node *e)
{
	struct wl_node *x = viewed_object(e), *args[2];

	if (!x) {
		e = strip_casts(e);
		if (!e || e->kind != CXCursor_CallExpr ||
		    wl_call_args(e, args, 2) != 1)
			return NULL;
		x = wl_node_strip(args[0]);
		(void)ctx;
	}
	if (!x || clang_Type_getSizeOf(clang_getCursorType(x->cursor)) != 8)
		return NULL;
	return x;
}

/*
 * For a half taken from an aggregate, the statement that made the
 * aggregate from a 64-bit x (its declaration's initializer, or the last
 * assignment before @use) and that x.  Without one, the aggregate is no
 * split value (a uint2 of its own) and h->split stays NULL.
 */
struct last_assign {
	CXCursor var;
	unsigned before;
	struct wl_node *found;	/* the assignment */
	struct wl_node *rhs;
};

/*
 * `v = e` on the whole variable: a BinaryOperator, or for a struct
 * (uint2) the implicit operator= call, whose kids are v, the operator
 * and e.
 */
static bool find_assign(struct wl_node *n, void *data)
{
	struct last_assign *la = data;
	struct wl_node *lhs = NULL, *rhs = NULL;

	if (n->begin >= la->before)
		return true;
	if (n->kind == CXCursor_BinaryOperator && n->nr_kids == 2 &&
	    wl_node_binop(n) ==
		    CXBinaryOperator_Assign) {
		lhs = n->kids[0];
		rhs = n->kids[1];
	} else if (n->kind == CXCursor_CallExpr && n->nr_kids == 3) {
		CXString s = clang_getCursorSpelling(n->cursor);

		if (!strcmp(clang_getCString(s), "operator=")) {
			lhs = n->kids[0];
			rhs = n->kids[2];
		}
		clang_disposeString(s);
	}
	lhs = lhs ? wl_node_strip(lhs) : NULL;
	if (lhs && lhs->kind == CXCursor_DeclRefExpr &&
	    wl_cursor_equal(wl_node_referenced(lhs), la->var)) {
		la->found = n;
		la->rhs = rhs;
	}
	return true;
}

/*
 * For a half taken from an aggregate, the statement that made the
 * aggregate from a 64-bit x (the last whole assignment before @use, else
 * its declaration's initializer) and that x.  Without one, the aggregate
 * is no split value (a uint2 of its own) and h->split stays NULL.
 */
static void find_view(struct wl_ctx *ctx, struct wl_node *base,
		      struct wl_node *use, struct half *h)
{
	struct wl_var *var = wl_eval_var(&ctx->eval, base);
	struct last_assign la;
	struct wl_node *maker = NULL, *from = NULL, *x;

	if (!var || var->is_param || !use->func || !use->func->body)
		return;
	memset(&la, 0, sizeof(la));
	la.var = var->decl;
	la.before = use->begin;
	wl_node_walk(use->func->body, find_assign, &la);
	if (la.found) {
		maker = la.found;
		from = la.rhs;
	} else if (var->decl_node->nr_kids) {
		maker = var->decl_node;
		from = maker->kids[maker->nr_kids - 1];
	}
	x = from ? split_source(ctx, from) : NULL;
	if (!x)
		return;
	h->split = maker;
	h->whole = x;
}

/* @e is `__double2hiint(x)` or `__double2loint(x)`: a half of x. */
static bool intrinsic_half(struct wl_ctx *ctx, struct wl_node *e,
			   struct half *h)
{
	struct wl_node *args[1];
	const char *name;

	if (!e || e->kind != CXCursor_CallExpr)
		return false;
	name = wl_call_name(&ctx->model, e);
	if (strcmp(name, "__double2hiint") && strcmp(name, "__double2loint"))
		return false;
	if (wl_call_args(e, args, 1) != 1)
		return false;
	h->split = e;
	h->whole = wl_node_strip(args[0]);
	snprintf(h->key, sizeof(h->key), "%s", name + 9);
	return true;
}

static bool half_of(struct wl_ctx *ctx, struct wl_node *value, struct half *h)
{
	struct wl_node *v = wl_node_strip(value), *def = NULL;
	struct wl_var *var;
	unsigned pos;

	memset(h, 0, sizeof(*h));
	/* A zeroed CXCursor is not clang's null cursor. */
	h->base = clang_getNullCursor();
	if (!v)
		return false;
	if (v->kind == CXCursor_MemberRefExpr && v->nr_kids == 1) {
		struct wl_node *base = wl_node_strip(v->kids[0]);

		if (!base || base->kind != CXCursor_DeclRefExpr ||
		    !is_half_of_8_bytes(v, base))
			return false;
		h->base = wl_node_referenced(base);
		find_view(ctx, base, v, h);
		snprintf(h->key, sizeof(h->key), ".%s",
			 wl_model_spelling(&ctx->model, wl_node_referenced(v)));
		/* A uint2 of its own is two values, not a split one. */
		return h->split && h->key[1] != '\0';
	}
	if (v->kind == CXCursor_ArraySubscriptExpr && v->nr_kids == 2) {
		struct wl_node *base = wl_node_strip(v->kids[0]);
		long long idx;

		if (!base || base->kind != CXCursor_DeclRefExpr ||
		    !is_half_of_8_bytes(v, base) ||
		    !wl_node_int_value(wl_node_strip(v->kids[1]), &idx))
			return false;
		h->base = wl_node_referenced(base);
		find_view(ctx, base, v, h);
		snprintf(h->key, sizeof(h->key), "[%lld]", idx);
		return h->split != NULL;
	}
	/* split where it is shuffled: __shfl_sync(m, __double2hiint(r), l) */
	if (intrinsic_half(ctx, v, h))
		return true;
	if (v->kind != CXCursor_DeclRefExpr)
		return false;
	var = wl_eval_var(&ctx->eval, v);
	if (!var)
		return false;
	h->split = asm_writing(ctx, v->func, var->decl, &pos);
	if (h->split) {
		/* An unpacking mov ("mov.b64 {lo,hi}, x") writes the half. */
		if (!asm_text_has(ctx, h->split, "mov.", "{"))
			return false;
		h->whole = asm_input(h->split);
		snprintf(h->key, sizeof(h->key), "%%%u", pos);
		return true;
	}
	def = var->init;
	if (!def && var->nr_writes && var->writes[0]->nr_kids == 2)
		def = var->writes[0]->kids[1];
	return def && intrinsic_half(ctx, wl_node_strip(def), h);
}

static bool same_source(struct wl_ctx *ctx, struct half *a, struct half *b)
{
	char *ta, *tb;
	bool same;

	if (!clang_Cursor_isNull(a->base) || !clang_Cursor_isNull(b->base))
		return !clang_Cursor_isNull(a->base) &&
		       wl_cursor_equal(a->base, b->base) &&
		       strcmp(a->key, b->key);
	if (!strcmp(a->key, b->key) || !a->whole || !b->whole)
		return false;
	if (a->split == b->split)
		return true;
	ta = wl_node_text(&ctx->model, a->whole);
	tb = wl_node_text(&ctx->model, b->whole);
	same = ta && tb && !strcmp(ta, tb);
	free(ta);
	free(tb);
	return same;
}

/*
 * The text @node is spelled with: in a macro's use, the argument as the
 * use writes it, not the whole use.  NULL when start and end are spelled
 * apart.
 */
static char *spelled_text(struct wl_ctx *ctx, struct wl_node *node)
{
	CXSourceRange r = clang_getCursorExtent(node->cursor);
	CXFile f1 = NULL, f2 = NULL;
	unsigned b = 0, e = 0;
	size_t size = 0;
	const char *text;
	CXToken *last = NULL;
	unsigned nr = 0;

	clang_getSpellingLocation(clang_getRangeStart(r), &f1, NULL, NULL, &b);
	clang_getSpellingLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &e);
	if (!f1 || !f2 || !wl_same_file(f1, f2) || e < b)
		return NULL;
	text = wl_model_file_text(&ctx->model, f1, &size);
	/* The range ends at its last token's start: add that token. */
	clang_tokenize(ctx->tu,
		       clang_getRange(clang_getLocationForOffset(ctx->tu, f1, e),
				      clang_getLocationForOffset(ctx->tu, f1, e)),
		       &last, &nr);
	if (nr) {
		unsigned end = 0;

		clang_getFileLocation(clang_getRangeEnd(clang_getTokenExtent(
					      ctx->tu, last[0])),
				      NULL, NULL, NULL, &end);
		if (end > e)
			e = end;
	}
	clang_disposeTokens(ctx->tu, last, nr);
	if (!text || e > size)
		return NULL;
	return wl_xstrndup(text + b, e - b);
}

/*
 * Text of the arguments after the value: "lane" or "d, 16"; @spelled:
 * as written at a macro's use (to compare), else as the main file has
 * them (to write a fix).
 */
static char *rest_args(struct wl_ctx *ctx, struct wl_node *call, bool sync,
		       bool spelled)
{
	struct wl_node *args[8];
	unsigned n = wl_call_args(call, args, 8), i, first = sync ? 2 : 1;
	struct wl_buf b = WL_BUF_INIT;

	for (i = first; i < n && i < 8; i++) {
		char *t = spelled ? spelled_text(ctx, args[i])
				  : wl_node_text(&ctx->model, args[i]);

		if (!t) {
			wl_buf_release(&b);
			return NULL;
		}
		wl_buf_adds(&b, b.len ? ", " : "");
		wl_buf_adds(&b, t);
		free(t);
	}
	return wl_buf_detach(&b);
}

/*
 * The text of @call's first argument, a _sync shuffle's mask, as the
 * file writes it: the same text in both halves is the same mask.
 */
static char *mask_arg(struct wl_ctx *ctx, struct wl_node *call)
{
	struct wl_node *args[1];

	if (wl_call_args(call, args, 1) < 1)
		return NULL;
	return wl_node_text(&ctx->model, args[0]);
}

/*
 * Whether two _sync shuffles pass the same mask: the same text as the
 * file writes them.  (Shuffles in a macro get no fix, so no question.)
 */
static bool same_mask_arg(struct wl_ctx *ctx, struct wl_node *c1,
			  struct wl_node *c2)
{
	char *t1, *t2;
	bool same;

	t1 = mask_arg(ctx, c1);
	t2 = mask_arg(ctx, c2);
	same = t1 && t2 && !strcmp(t1, t2);
	free(t1);
	free(t2);
	return same;
}

/* The statement (a child of a compound) that contains @n. */
static struct wl_node *statement_of(struct wl_node *n)
{
	while (n->parent && n->parent->kind != CXCursor_CompoundStmt)
		n = n->parent;
	return n->parent ? n : NULL;
}

static unsigned kid_index(struct wl_node *parent, struct wl_node *kid)
{
	unsigned i;

	for (i = 0; i < parent->nr_kids; i++)
		if (parent->kids[i] == kid)
			return i;
	return 0;
}

/* Halves written by the replaced statements, at most. */
#define MAX_HALVES 8

/*
 * Whether a variable the fix leaves without its value is read after
 * @last: one declared in [@first, @last], or one the statements before
 * the join write (`lo = __shfl(lo, src)`, an asm output): the fix
 * removes those writes.
 */
struct use_scan {
	struct wl_node *first, *last;
	CXCursor written[MAX_HALVES];
	unsigned nr_written;
	bool used_after;
};

/* Whether @ref is written where it stands: `ref = e`, `ref += e`, asm out. */
static bool is_written(struct wl_node *ref)
{
	struct wl_node *p = ref->parent;

	if (!p)
		return false;
	/* asm inputs are wrapped in a conversion; outputs stand bare */
	return p->kind == CXCursor_GCCAsmStmt || wl_node_stored(p) == ref;
}

static bool collect_written(struct wl_node *n, void *data)
{
	struct use_scan *us = data;

	if (n->kind != CXCursor_DeclRefExpr || !is_written(n))
		return true;
	if (us->nr_written == MAX_HALVES) {
		us->used_after = true;	/* too many to follow: no fix */
		return false;
	}
	us->written[us->nr_written++] = wl_node_referenced(n);
	return true;
}

static bool declared_in(struct wl_node *first, struct wl_node *last,
			CXCursor decl)
{
	CXSourceLocation loc = clang_getCursorLocation(decl);
	unsigned off = 0;

	clang_getFileLocation(loc, NULL, NULL, NULL, &off);
	return off >= first->begin && off < last->end;
}

static bool find_use_after(struct wl_node *n, void *data)
{
	struct use_scan *us = data;
	CXCursor var;
	unsigned i;

	if (n->kind != CXCursor_DeclRefExpr || n->begin < us->last->end)
		return !us->used_after;
	var = wl_node_referenced(n);
	if (declared_in(us->first, us->last, var))
		us->used_after = true;
	for (i = 0; i < us->nr_written && !us->used_after; i++)
		if (wl_cursor_equal(us->written[i], var))
			us->used_after = true;
	return !us->used_after;
}

static bool has_initializer(const struct wl_node *var)
{
	unsigned i;

	for (i = 0; i < var->nr_kids; i++)
		if (clang_isExpression(var->kids[i]->kind))
			return true;
	return false;
}

/*
 * Remove the declaration of the halves (`int hi, lo;`) before @first
 * when the fix leaves them unused, as nvcc would warn (#177): a plain
 * declaration statement of its own lines, every variable of it without
 * initializer and used only in [@first, @join].
 */
static void drop_halves_decl(struct wl_ctx *ctx, struct wl_fix *fix,
			     struct wl_node *block, struct wl_node *first,
			     struct wl_node *join, struct wl_node *body)
{
	const char *t = ctx->src->text;
	unsigned k, i, from, to;

	for (k = 0; k < kid_index(block, first); k++) {
		struct wl_node *d = block->kids[k];
		bool all = d->kind == CXCursor_DeclStmt && d->nr_kids &&
			   d->in_main && !d->in_macro;

		for (i = 0; all && i < d->nr_kids; i++) {
			CXCursor var = d->kids[i]->cursor;
			unsigned inside = 0, j;

			if (d->kids[i]->kind != CXCursor_VarDecl ||
			    has_initializer(d->kids[i])) {
				all = false;
				break;
			}
			/* every use in the statements the fix replaces */
			for (j = kid_index(block, first);
			     j <= kid_index(block, join); j++)
				inside += wl_node_count_refs(block->kids[j], var);
			all = wl_node_count_refs(body, var) == inside;
		}
		if (!all)
			continue;
		/* the whole line, or leave it */
		for (from = d->begin; from > 0 && (t[from - 1] == ' ' ||
						   t[from - 1] == '\t');
		     from--)
			;
		for (to = d->end; to < ctx->src->len && t[to] != '\n' &&
				  (t[to] == ' ' || t[to] == '\t' || t[to] == ';');
		     to++)
			;
		if ((from && t[from - 1] != '\n') || to >= ctx->src->len ||
		    t[to] != '\n')
			continue;
		/* and a blank line after it, as the declarations' own */
		if (to + 1 < ctx->src->len && t[to + 1] == '\n')
			to++;
		wl_fix_replace(fix, from, to + 1 - from, "");
	}
}

/*
 * The join statement after the second shuffle: an asm "mov.b64 %0, {..}"
 * writing Y, `Y = __hiloint2double(..)`, `T Y = __hiloint2double(..)` or
 * `return __hiloint2double(..)`.  Returns the replacement's prefix.
 */
/* Whether @e rebuilds the 64-bit value: __hiloint2double, or a view back. */
static bool is_join(struct wl_ctx *ctx, struct wl_node *e, const struct half *h)
{
	struct wl_node *x;

	e = wl_node_strip(e);
	if (e && e->kind == CXCursor_CallExpr &&
	    !strcmp(wl_call_name(&ctx->model, e), "__hiloint2double"))
		return true;
	x = viewed_object(e);
	return x && x->kind == CXCursor_DeclRefExpr &&
	       !clang_Cursor_isNull(h->base) &&
	       wl_cursor_equal(wl_node_referenced(x), h->base);
}

static char *join_prefix(struct wl_ctx *ctx, struct wl_node *stmt,
			 const struct half *h)
{
	struct wl_node *n = stmt, *e;

	if (n->kind == CXCursor_GCCAsmStmt) {
		if (!asm_text_has(ctx, n, "mov.b64", "{"))
			return NULL;
		if (n->nr_kids && n->kids[0]->kind == CXCursor_DeclRefExpr) {
			char *y = wl_node_text(&ctx->model, n->kids[0]);
			char *s = y ? wl_xasprintf("%s = ", y) : NULL;

			free(y);
			return s;
		}
		return NULL;
	}
	if (n->kind == CXCursor_ReturnStmt && n->nr_kids == 1)
		return is_join(ctx, n->kids[0], h) ? wl_xstrdup("return ") : NULL;
	if (n->kind == CXCursor_BinaryOperator && n->nr_kids == 2) {
		if (is_join(ctx, n->kids[1], h)) {
			char *y = wl_node_text(&ctx->model, n->kids[0]);
			char *s = y ? wl_xasprintf("%s = ", y) : NULL;

			free(y);
			return s;
		}
	}
	if (n->kind == CXCursor_DeclStmt && n->nr_kids == 1 &&
	    n->kids[0]->nr_kids) {
		struct wl_node *var = n->kids[0];

		e = var->kids[var->nr_kids - 1];
		if (is_join(ctx, e, h))
			return wl_xstrndup(ctx->src->text + n->begin,
					   var->kids[var->nr_kids - 1]->begin -
						   n->begin);
	}
	return NULL;
}

/*
 * Where a shuffle's result goes: `Y = call`, `T Y = call` (the variable's
 * declaration) or `a.x = call` (the member, in *@key).  False otherwise.
 */
static bool destination(struct wl_ctx *ctx, struct wl_node *call,
			CXCursor *var, char *key, size_t keylen)
{
	struct wl_node *p = call->parent, *lhs;

	while (p && (p->kind == CXCursor_UnexposedExpr ||
		     p->kind == CXCursor_ParenExpr ||
		     p->kind == CXCursor_CStyleCastExpr))
		p = p->parent;
	key[0] = '\0';
	if (p && p->kind == CXCursor_VarDecl) {
		*var = p->cursor;
		return true;
	}
	if (!p || p->kind != CXCursor_BinaryOperator || p->nr_kids != 2 ||
	    wl_node_binop(p) != CXBinaryOperator_Assign)
		return false;
	lhs = wl_node_strip(p->kids[0]);
	if (lhs && lhs->kind == CXCursor_DeclRefExpr) {
		*var = wl_node_referenced(lhs);
		return true;
	}
	if (lhs && lhs->kind == CXCursor_MemberRefExpr && lhs->nr_kids == 1) {
		struct wl_node *base = wl_node_strip(lhs->kids[0]);

		if (!base || base->kind != CXCursor_DeclRefExpr)
			return false;
		*var = wl_node_referenced(base);
		snprintf(key, keylen, ".%s",
			 wl_model_spelling(&ctx->model, wl_node_referenced(lhs)));
		return true;
	}
	return false;
}

/* Whether @e names variable @var. */
static bool names_var(struct wl_node *e, CXCursor var)
{
	e = e ? strip_casts(e) : NULL;
	return e && e->kind == CXCursor_DeclRefExpr &&
	       wl_cursor_equal(wl_node_referenced(e), var);
}

/* The operand numbers of the first "{%a, %b}" in an asm's template. */
static bool brace_pair(struct wl_ctx *ctx, struct wl_node *a, unsigned *lo,
		       unsigned *hi)
{
	char *text = wl_node_text(&ctx->model, a);
	const char *b = text ? strchr(text, '{') : NULL;
	bool ok = false;

	/* Skip a "{ .reg ...; }" scope: the pair is "{%N" followed by ','. */
	while (b && !ok) {
		const char *q = b + 1;
		char *end;

		while (*q == ' ')
			q++;
		if (*q == '%') {
			*lo = (unsigned)strtoul(q + 1, &end, 10);
			q = end;
			while (*q == ' ')
				q++;
			if (*q == ',') {
				q++;
				while (*q == ' ')
					q++;
				if (*q == '%') {
					*hi = (unsigned)strtoul(q + 1, &end, 10);
					ok = true;
				}
			}
		}
		b = ok ? b : strchr(b + 1, '{');
	}
	free(text);
	return ok;
}

/* The variable an asm binds to operand @n (kids: outputs, then inputs). */
static bool asm_operand_var(struct wl_node *a, unsigned n, CXCursor *var)
{
	struct wl_node *k;

	if (n >= a->nr_kids)
		return false;
	k = strip_casts(a->kids[n]);
	if (!k || k->kind != CXCursor_DeclRefExpr)
		return false;
	*var = wl_node_referenced(k);
	return true;
}

/*
 * Whether the join puts each shuffled half back where it was taken from
 * (issue: `__hiloint2double(lo, hi)` swaps them on purpose, and one
 * shuffle of the whole value would not).
 */
/*
 * The statement @join's `__hiloint2double(hi, lo)`, if it returns,
 * assigns or declares one; else NULL.
 */
static struct wl_node *hilo_join(struct wl_ctx *ctx, struct wl_node *join)
{
	struct wl_node *e = NULL, *args[2];

	if (join->kind == CXCursor_ReturnStmt && join->nr_kids == 1)
		e = join->kids[0];
	else if (join->kind == CXCursor_BinaryOperator && join->nr_kids == 2)
		e = join->kids[1];
	else if (join->kind == CXCursor_DeclStmt && join->nr_kids == 1 &&
		 join->kids[0]->nr_kids)
		e = join->kids[0]->kids[join->kids[0]->nr_kids - 1];
	e = e ? wl_node_strip(e) : NULL;
	if (!e || e->kind != CXCursor_CallExpr ||
	    strcmp(wl_call_name(&ctx->model, e), "__hiloint2double") ||
	    wl_call_args(e, args, 2) != 2)
		return NULL;
	return e;
}

/* Whether @e, a __hiloint2double() call, joins @dhi above @dlo. */
static bool hilo_joins(struct wl_node *e, CXCursor dhi, CXCursor dlo)
{
	struct wl_node *args[2];

	return e && wl_call_args(e, args, 2) == 2 && names_var(args[0], dhi) &&
	       names_var(args[1], dlo);
}

static bool rejoined_in_order(struct wl_ctx *ctx, struct wl_node *c1,
			      struct wl_node *c2, const struct half *h1,
			      const struct half *h2, struct wl_node *join)
{
	CXCursor d1 = clang_getNullCursor(), d2 = clang_getNullCursor();
	char k1[64], k2[64];
	const struct half *hi, *lo;
	CXCursor dhi, dlo;

	if (!destination(ctx, c1, &d1, k1, sizeof(k1)) ||
	    !destination(ctx, c2, &d2, k2, sizeof(k2)))
		return false;
	if (!clang_Cursor_isNull(h1->base))
		/* a.x = shfl(a.x): each member written back into itself. */
		return wl_cursor_equal(d1, h1->base) && !strcmp(k1, h1->key) &&
		       wl_cursor_equal(d2, h2->base) && !strcmp(k2, h2->key);
	if (k1[0] || k2[0])
		return false;
	if (h1->key[0] == '%') {
		unsigned slo, shi, jlo, jhi;
		CXCursor vlo, vhi;
		bool first_is_lo;

		if (!brace_pair(ctx, h1->split, &slo, &shi))
			return false;
		first_is_lo = (unsigned)atoi(h1->key + 1) == slo;
		if (!first_is_lo && (unsigned)atoi(h1->key + 1) != shi)
			return false;
		dlo = first_is_lo ? d1 : d2;
		dhi = first_is_lo ? d2 : d1;
		/* split by an asm, joined by __hiloint2double(hi, lo) */
		if (join->kind != CXCursor_GCCAsmStmt)
			return hilo_joins(hilo_join(ctx, join), dhi, dlo);
		if (!brace_pair(ctx, join, &jlo, &jhi) ||
		    !asm_operand_var(join, jlo, &vlo) ||
		    !asm_operand_var(join, jhi, &vhi))
			return false;
		return wl_cursor_equal(vlo, dlo) && wl_cursor_equal(vhi, dhi);
	}
	/* __double2hiint/__double2loint, joined by __hiloint2double(hi, lo). */
	hi = !strcmp(h1->key, "hiint") ? h1 : h2;
	lo = hi == h1 ? h2 : h1;
	if (strcmp(hi->key, "hiint") || strcmp(lo->key, "loint"))
		return false;
	dhi = hi == h1 ? d1 : d2;
	dlo = hi == h1 ? d2 : d1;
	return hilo_joins(hilo_join(ctx, join), dhi, dlo);
}

static void try_fix(struct wl_ctx *ctx, struct wl_finding *f,
		    struct wl_node *c1, struct wl_node *c2, struct half *h,
		    struct half *h2, int kind)
{
	struct wl_node *s1 = statement_of(c1), *s2 = statement_of(c2);
	struct wl_node *split, *first, *join, *block;
	const struct wl_mask *mask = NULL;
	unsigned i1, i2, ij, k;
	char *prefix = NULL, *whole = NULL, *rest = NULL, *text;
	char *mask_text = NULL;
	struct use_scan us;
	bool sync = strstr(shuffles[kind][0], "_sync") != NULL;

	if (c1->in_macro || c2->in_macro) {
		wl_finding_note(f, "no fix: the shuffles are written through "
				   "a macro");
		return;
	}
	if (!h->split || !s1 || !s2 || s1->parent != s2->parent)
		return;
	split = statement_of(h->split);
	block = s1->parent;
	if (!split || split->parent != block)
		return;
	i1 = kid_index(block, s1);
	i2 = kid_index(block, s2);
	ij = (i1 > i2 ? i1 : i2) + 1;
	first = split;
	/* The other half's split (__double2loint) may come first. */
	for (k = kid_index(block, split); k > 0; k--) {
		struct wl_node *prev = block->kids[k - 1];
		char *t = wl_node_text(&ctx->model, prev);
		bool is_split = t && (strstr(t, "__double2hiint") ||
				      strstr(t, "__double2loint"));

		free(t);
		if (!is_split)
			break;
		first = prev;
	}
	if (ij >= block->nr_kids || kid_index(block, first) > i1 ||
	    kid_index(block, first) > i2)
		return;
	join = block->kids[ij];
	/* Only split, the two shuffles and the join, back to back. */
	for (k = kid_index(block, first); k < ij; k++) {
		struct wl_node *st = block->kids[k];
		char *t;
		bool part;

		if (st == s1 || st == s2 || st == split)
			continue;
		t = wl_node_text(&ctx->model, st);
		part = t && (strstr(t, "__double2hiint") ||
			     strstr(t, "__double2loint"));
		free(t);
		if (!part)
			return;
	}
	prefix = join_prefix(ctx, join, h);
	if (prefix && !rejoined_in_order(ctx, c1, c2, h, h2, join)) {
		wl_finding_note(f, "no fix: the halves are not joined back in "
				   "the order they were split, which one "
				   "shuffle of the whole value would change");
		free(prefix);
		return;
	}
	whole = h->whole ? wl_node_text(&ctx->model, h->whole) : NULL;
	rest = rest_args(ctx, c1, sync, false);
	memset(&us, 0, sizeof(us));
	us.first = first;
	us.last = join;
	for (k = kid_index(block, first); k < ij; k++)
		wl_node_walk(block->kids[k], collect_written, &us);
	if (c1->func->body && !us.used_after)
		wl_node_walk(c1->func->body, find_use_after, &us);
	/*
	 * A _sync pair keeps the mask it was written with (both halves
	 * have it: wl104_check()); a legacy pair gets an inferred one.
	 */
	if (sync) {
		mask_text = mask_arg(ctx, c1);
	} else {
		mask = wl_mask_infer(ctx, c1);
		mask_text = mask->text ? wl_xstrdup(mask->text) : NULL;
	}
	if (us.used_after)
		wl_finding_note(f, "no fix: a half is read after the join, "
				   "and one shuffle of the whole value would "
				   "leave it without its value");
	if (prefix && whole && rest && !us.used_after && mask_text &&
	    first->in_main && join->in_main && !first->in_macro &&
	    !join->in_macro) {
		/* Expression statements end before their ';'. */
		bool semi = ctx->src->text[join->end - 1] == ';';

		text = wl_xasprintf("%s%s(%s, %s%s%s)%s", prefix,
				    shuffles[kind][1], mask_text, whole,
				    *rest ? ", " : "", rest, semi ? ";" : "");
		f->fix = wl_fix_new("shuffle the 64-bit value whole");
		f->fix->whole = true;	/* the halves' own fixes give way */
		if (mask)
			wl_mask_add_setup(mask, f->fix);
		wl_fix_replace(f->fix, first->begin, join->end - first->begin,
			       text);
		drop_halves_decl(ctx, f->fix, block, first, join,
				 c1->func->body);
		free(text);
	}
	free(mask_text);
	free(prefix);
	free(whole);
	free(rest);
}

void wl104_check(struct wl_ctx *ctx)
{
	struct wl_model *m = &ctx->model;
	unsigned i, j;

	for (i = 0; i < m->nr_calls; i++) {
		struct wl_node *c1 = m->calls[i];
		int k1 = shuffle_index(ctx, c1);
		struct wl_node *a1[2];
		struct half h1;

		if (k1 < 0 || wl_call_args(c1, a1, 2) < 2 ||
		    !half_of(ctx, a1[k1 >= 4 ? 1 : 0], &h1))
			continue;
		for (j = i + 1; j < m->nr_calls; j++) {
			struct wl_node *c2 = m->calls[j], *a2[2];
			struct half h2;
			char *r1, *r2;
			bool same_lanes, same_mask = true;
			struct wl_finding *f;

			if (c2->func != c1->func || shuffle_index(ctx, c2) != k1 ||
			    wl_call_args(c2, a2, 2) < 2 ||
			    !half_of(ctx, a2[k1 >= 4 ? 1 : 0], &h2) ||
			    !same_source(ctx, &h1, &h2))
				continue;
			r1 = rest_args(ctx, c1, k1 >= 4, true);
			r2 = rest_args(ctx, c2, k1 >= 4, true);
			same_lanes = r1 && r2 && !strcmp(r1, r2);
			free(r1);
			free(r2);
			if (k1 >= 4 && !c1->in_macro && !c2->in_macro)
				same_mask = same_mask_arg(ctx, c1, c2);
			/*
			 * Report where the value is split, ahead of the two
			 * shuffles: its fix replaces theirs, so it must come
			 * first when fixes are applied in order.
			 */
			f = wl_report(ctx, WL104,
				      h1.split && h1.split->in_main ? h1.split : c1,
				      "a 64-bit value is shuffled as two 32-bit "
				      "halves; '%s' takes 'double' and 'long "
				      "long' whole",
				      shuffles[k1][1]);
			if (!same_lanes) {
				wl_finding_note(f, "no fix: the halves are "
						   "shuffled with different lane or "
						   "width arguments");
				break;
			}
			if (!same_mask) {
				wl_finding_note(f, "no fix: the halves are "
						   "shuffled with different masks");
				break;
			}
			try_fix(ctx, f, c1, c2, &h1, &h2, k1);
			if (!f->fix && !f->note)
				wl_finding_note(f, "no fix: the split, the two "
						   "shuffles and the join are not "
						   "consecutive statements warplint "
						   "can replace");
			break;
		}
	}
}
