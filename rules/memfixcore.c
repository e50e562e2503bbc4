/* SPDX-License-Identifier: MIT */
/*
 * The pieces of a racing stretch's fix (memfixint.h): how one statement
 * splits into a read and a write, where a barrier goes and with which
 * mask, and the registers' declarations.
 */
#include "rules/memfixint.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/cursor.h"
#include "analyzer/mask.h"
#include "analyzer/memaccess.h"
#include "base/source.h"
#include "base/util.h"
#include "fixits/edit.h"
#include "rules/maskrules.h"
#include "rules/memtext.h"

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
	d = wl_node_referenced(n);
	if (clang_getCursorKind(d) != CXCursor_VarDecl)
		return false;
	k = clang_getCanonicalType(clang_getCursorType(d)).kind;
	return k != CXType_Pointer && k != CXType_ConstantArray &&
	       k != CXType_Record;
}

/*
 * The access whose element @lhs is a field of, by value (`s[t].x` in
 * `s[t].x += s[t + 16].x`, a reduction over a struct type), or -1; the
 * field's type in @type.  A field is one scalar of the element: the
 * statement splits around it as around the element.
 */
static int field_access_of(struct wl_mem *mem, struct wl_node *lhs,
			   char **type)
{
	struct wl_node *n = wl_node_strip(lhs), *base;
	CXType t = clang_getCursorType(n->cursor);
	enum CXTypeKind k = clang_getCanonicalType(t).kind;
	CXString sp;
	int a;

	if (n->kind != CXCursor_MemberRefExpr ||
	    k == CXType_Record || k == CXType_ConstantArray ||
	    k == CXType_Invalid || k == CXType_Unexposed)
		return -1;
	while (n && n->kind == CXCursor_MemberRefExpr && n->nr_kids == 1) {
		base = wl_node_strip(n->kids[0]);
		/* p->x: a field of other memory, not of the element */
		if (!base || clang_getCanonicalType(clang_getCursorType(
				     base->cursor)).kind == CXType_Pointer)
			return -1;
		n = base;
	}
	a = n ? wl_mem_access_of(mem, n) : -1;
	if (a < 0)
		return -1;
	sp = clang_getTypeSpelling(clang_getUnqualifiedType(t));
	*type = wl_xstrdup(clang_getCString(sp));
	clang_disposeString(sp);
	return a;
}

void wl_memfix_plan(struct wl_ctx *ctx, struct wl_mem *mem,
		      struct wl_mem_region *r, struct wl_stmt_plan *p,
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
		char *field_type = NULL;

		a = wl_mem_access_of(mem, wl_node_strip(lhs));
		if (a < 0)
			a = field_access_of(mem, lhs, &field_type);
		/* `o[i] = s[0]`: a store to other memory only reads ours */
		if (a >= 0 && !region_storage(mem, r, mem->accesses[a].array))
			a = -1;
		if (a >= 0 && (op == CXBinaryOperator_Assign ||
			       wl_memtext_compound_op(op))) {
			char *lt = wl_memtext_of(ctx, lhs), *rt = wl_memtext_of(ctx, rhs);
			struct wl_node *chain = wl_node_strip(rhs);

			p->array = mem->accesses[a].array;
			p->type = field_type ? field_type
					     : wl_memtext_register_type(mem, a);
			field_type = NULL;
			if (op != CXBinaryOperator_Assign) {
				p->read = wl_xasprintf(
					"%s = %s %s %s%s%s", reg, lt,
					wl_memtext_compound_op(op),
					wl_memtext_is_primary(rhs) ? "" : "(", rt,
					wl_memtext_is_primary(rhs) ? "" : ")");
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
				char *tv = wl_memtext_of(ctx, chain->kids[0]);

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
		free(field_type);
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
bool wl_memfix_stmts_race(struct wl_mem *mem, struct wl_mem_region *r,
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
struct wl_node *wl_memfix_unbraced_owner(struct wl_node *s)
{
	if (!s->parent || s->parent->kind == CXCursor_CompoundStmt)
		return NULL;
	if (s->role == WL_ROLE_THEN || s->role == WL_ROLE_BODY)
		return s->parent;
	return NULL;
}

/* What wl_memfix_mask_at() gives for a block barrier: it takes no mask. */
static const struct wl_mask block_barrier;

void wl_memfix_give_up(struct wl_fixer *fx, const char *fmt, ...)
{
	va_list ap;

	if (fx->why)
		return;
	va_start(ap, fmt);
	fx->why = wl_xvasprintf(fmt, ap);
	va_end(ap);
}

const char *wl_memfix_outside_why(const struct wl_node *n)
{
	return n->in_main ? "the statement is written in a macro"
			  : "a racing statement is in another file, which a "
			    "fix of this one does not edit";
}

void wl_memfix_mark_guesses(struct wl_fixer *fx,
			    const struct wl_mem_region *r)
{
	if (r->unseen)
		wl_fix_mark_unsafe(fx->fix, "the memory is taken to be shared "
				   "by the lanes of a warp without seeing "
				   "where it comes from");
	if (r->rows_rounded && !fx->block)
		wl_fix_mark_unsafe(fx->fix, "the block's rows are taken to be "
				   "as wide as the largest power of two that "
				   "a shared array's rows hold; under a launch "
				   "of another width, rows of other warps "
				   "meet here and need __syncthreads()");
}

/*
 * Lanes of other warps meet at the racing elements, so only a block
 * barrier orders them; it goes only where every thread of the block
 * arrives (a kernel's block-uniform flow, or a helper whose callers are
 * all in sight and all reach it), or it would hang the block.
 */
static const struct wl_mask *block_at(struct wl_fixer *fx, struct wl_node *n)
{
	struct wl_reach_bound rb;
	char *why;

	if (!(n->func->flags & WL_FUNC_KERNEL) && !n->func->nr_callers) {
		wl_memfix_give_up(fx, "lanes of other warps meet at "
				      "these elements too, and a "
				      "__syncthreads() in a helper "
				      "whose callers are not seen may "
				      "not be reached by every thread "
				      "of the block");
		return NULL;
	}
	wl_reach_bound(fx->ctx, n, true, false, &rb);
	/*
	 * WL501 trusts the branches of another file's callers; a barrier
	 * the fix writes must not (CUDA Handbook's scanBlock calls its
	 * warp scan from `if (warpid == 0)`).
	 */
	if (rb.kind == WL_DIV_NONE && rb.via_context) {
		wl_memfix_give_up(fx, "lanes of other warps meet at these "
				      "elements too, and a __syncthreads() "
				      "here would have to be reached by every "
				      "thread of the block through callers in "
				      "another file, whose branches this pass "
				      "does not solve");
		return NULL;
	}
	if (rb.kind != WL_DIV_NONE) {
		if (!fx->why) {
			why = wl_reach_reason(fx->ctx, &rb, true);
			wl_memfix_give_up(fx, "lanes of other warps meet at "
					      "these elements too, so the "
					      "block needs a __syncthreads(), "
					      "but one here would not be "
					      "reached by every thread of the "
					      "block: %s", why);
			free(why);
		}
		return NULL;
	}
	return &block_barrier;
}

const struct wl_mask *wl_memfix_mask_at(struct wl_fixer *fx, struct wl_node *n)
{
	const struct wl_mask *m;
	unsigned i;

	if (fx->block)
		return block_at(fx, n);
	m = wl_mask_infer(fx->ctx, n);

	if (!m->text) {
		wl_memfix_give_up(fx, "no mask for __syncwarp can be "
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
		wl_memfix_give_up(fx, "the lanes that reach the barrier "
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
void wl_memfix_declare_registers(struct wl_fixer *fx, struct wl_node *stmt,
			      char *const *types, char *const *regs,
			      unsigned nr)
{
	struct wl_mem *mem = fx->mem;
	struct wl_node *scope = NULL, *first = stmt, *anchor;
	unsigned i, k, at;
	char *ind, *text = NULL;

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
	for (i = 0; i < nr; i++)
		if (!types[i]) {
			/* see wl_memtext_register_type() */
			wl_memfix_give_up(fx, "the register's type is a "
					      "template's dependent type that "
					      "cannot be spelled here");
			return;
		}
	for (anchor = first; anchor->parent && anchor->parent != scope;)
		anchor = anchor->parent;
	at = wl_memtext_line_start(fx->ctx, anchor->begin);
	ind = wl_memtext_indent(fx->ctx, at);
	/* `#pragma unroll` starts the loop's line: indent like the loop */
	for (i = at; i < fx->ctx->src->len && !*ind &&
		     fx->ctx->src->text[i] == '#';) {
		while (i < fx->ctx->src->len && fx->ctx->src->text[i] != '\n')
			i++;
		free(ind);
		ind = wl_memtext_indent(fx->ctx, ++i);
	}
	/* one insertion: two at one offset would conflict */
	for (i = 0; i < nr; i++) {
		char *line = wl_xasprintf("%s%s%s %s;%s", text ? text : "",
					  ind, types[i], regs[i], fx->nl);

		free(text);
		text = line;
	}
	wl_fix_insert(fx->fix, at, text);
	free(text);
	free(ind);
}

char *wl_memfix_sync_text(const struct wl_fixer *fx, const struct wl_mask *m)
{
	if (fx->block)
		return wl_xstrdup("__syncthreads();");
	return wl_xasprintf("__syncwarp(%s);", m->text);
}

/*
 * The outermost branch or loop around @s whose condition splits a warp
 * and that does not hold the whole region (with @within, that lies
 * inside @within): a barrier inside it would be reached by only some of
 * the racing lanes, so it goes outside.
 */
static struct wl_node *owner_below(struct wl_fixer *fx, struct wl_node *s,
				   const struct wl_node *within)
{
	struct wl_node *n, *child = s, *found = NULL;
	struct wl_cond_class cc;
	unsigned k;

	for (n = s->parent; n && n != s->func->body && n != within;
	     child = n, n = n->parent) {
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
		for (k = 0; k < fx->r->nr_stmts && !within; k++)
			if (fx->r->stmts[k]->func == s->func &&
			    !wl_node_within(fx->r->stmts[k], n))
				all = false;
		if (!all || within)
			found = n;
	}
	return found;
}

struct wl_node *wl_memfix_divergent_owner(struct wl_fixer *fx,
					  struct wl_node *s)
{
	return owner_below(fx, s, NULL);
}

/*
 * Where a barrier after @s goes: after @s, or after the lane-dependent
 * branch or the unbraced statement that holds it.
 */
struct wl_node *wl_memfix_sync_point(struct wl_fixer *fx, struct wl_node *s)
{
	struct wl_node *div = wl_memfix_divergent_owner(fx, s);
	struct wl_node *owner = div ? div : wl_memfix_unbraced_owner(s);

	return owner ? owner : s;
}

/*
 * The sync point of @s for a race with a statement within @within, when
 * wl_memfix_sync_point() leaves @within: both racing statements sit in
 * one lane-dependent branch or loop that does not hold the whole region
 * (a warp's traversal stack, pushed by its leader and popped by all, in
 * a loop whose trips differ by lane).  The barrier then goes inside,
 * after the outermost lane-dependent branch around @s below @within, and
 * its mask names the lanes there (a ballot of the loop's trips): the
 * racing lanes are all among them, as both accesses run in that branch
 * or trip.  NULL when no such place is known.
 */
struct wl_node *wl_memfix_sync_point_within(struct wl_fixer *fx,
					    struct wl_node *s,
					    struct wl_node *within)
{
	struct wl_node *at = wl_memfix_sync_point(fx, s), *owner;

	if (at != within && wl_node_within(at, within))
		return at;
	owner = owner_below(fx, s, within);
	if (!owner)
		owner = wl_memfix_unbraced_owner(s);
	if (!owner)
		return s;
	return owner != within && wl_node_within(owner, within) ? owner
								 : NULL;
}

/*
 * Whether the statement next to @at in its block (before it, with
 * @before) is a barrier that does what @sync would: a __syncthreads(), or
 * the very same __syncwarp().  Nothing runs between the two, so a second
 * barrier there orders nothing more (`__syncthreads(); if (flag[0])
 * break;` needs none before the `if`).
 */
static bool barrier_beside(struct wl_fixer *fx, struct wl_node *at,
			   bool before, const char *sync)
{
	struct wl_node *p = at->parent, *n;
	const struct wl_source *src = fx->ctx->src;
	const char *name;
	size_t len;
	unsigned i;

	if (!p || p->kind != CXCursor_CompoundStmt)
		return false;
	for (i = 0; i < p->nr_kids && p->kids[i] != at; i++)
		;
	if (i == p->nr_kids || (before ? i == 0 : i + 1 == p->nr_kids))
		return false;
	n = p->kids[before ? i - 1 : i + 1];
	if (n->kind != CXCursor_CallExpr || !n->in_main || n->in_macro ||
	    !wl_mem_is_barrier(&fx->ctx->model, n))
		return false;
	name = wl_call_name(&fx->ctx->model, n);
	if (!strncmp(name, "__syncthreads", 13))
		return true;
	/* the same text, but for the `;` that ends @sync */
	len = strlen(sync) - 1;
	return n->end <= src->len && n->end - n->begin == len &&
	       !memcmp(src->text + n->begin, sync, len);
}

/*
 * A barrier just after statement @at (a kept statement, or the branch
 * or unbraced body that holds it), or with @before just before it.
 * Where another statement shares the line (`*s = v; w = *t;`), the
 * barrier takes a line of its own between them, and the statement after
 * it starts a line at the same indent.
 */
void wl_memfix_insert_barrier(struct wl_fixer *fx, struct wl_node *at,
			      bool before)
{
	const struct wl_mask *m;
	char *ind, *sync, *text;
	unsigned pos;

	if (wl_memfix_unbraced_owner(at)) {
		wl_memfix_give_up(fx, "nested unbraced statements");
		return;
	}
	if (!at->in_main || at->in_macro) {
		wl_memfix_give_up(fx, "%s", wl_memfix_outside_why(at));
		return;
	}
	m = wl_memfix_mask_at(fx, at);
	if (!m)
		return;
	sync = wl_memfix_sync_text(fx, m);
	if (barrier_beside(fx, at, before, sync)) {
		free(sync);
		return;
	}
	ind = wl_memtext_indent(fx->ctx, at->begin);
	if (before) {
		pos = wl_source_blanks_before(fx->ctx->src, at->begin);
		if (pos == wl_memtext_line_start(fx->ctx, at->begin)) {
			text = wl_xasprintf("%s%s%s", ind, sync, fx->nl);
			wl_fix_insert(fx->fix, pos, text);
		} else {
			/* after the statement before it on the line */
			text = wl_xasprintf("%s%s%s%s%s", fx->nl, ind, sync,
					    fx->nl, ind);
			wl_fix_replace(fx->fix, pos, at->begin - pos, text);
		}
	} else {
		const struct wl_source *src = fx->ctx->src;
		unsigned next;

		pos = wl_memtext_full_end(fx->ctx, at);
		free(wl_memtext_trailing_comment(fx->ctx, &pos));
		next = wl_source_skip_blanks(src, pos);
		if (next == src->len || src->text[next] == '\n' ||
		    src->text[next] == '\r') {
			text = wl_xasprintf("%s%s%s", fx->nl, ind, sync);
			wl_fix_insert(fx->fix, next, text);
		} else {
			/* before the statement after it on the line */
			text = wl_xasprintf("%s%s%s%s%s", fx->nl, ind, sync,
					    fx->nl, ind);
			wl_fix_replace(fx->fix, pos, next - pos, text);
		}
	}
	free(text);
	free(sync);
	free(ind);
}
