/* SPDX-License-Identifier: MIT */
/*
 * WL303 lockstep-assumption: code assumes the warp stays converged across
 * __syncwarp() or a divergent branch.  Docs: rules/WL303.md
 * Corpus: corpus/WL303/
 *
 * What is found: __activemask() (or __popc of it) compared with a
 * constant, as in `assert(__activemask() == FULL_MASK)`, placed after a
 * __syncwarp() or after a branch whose condition differs between lanes
 * of a warp (the blog's Listing 14).  Convergence is guaranteed only
 * inside the _sync primitives, so such a test may fail at random; there
 * is no mechanical fix (the code has to say which lanes it needs with a
 * mask), so the rule only reports.
 */
#include <string.h>

#include "analyzer/context.h"
#include "base/source.h"
#include "rules/rules.h"

/* The ==/!= comparing @call (maybe inside __popc) with a constant. */
static struct wl_node *compared(struct wl_ctx *ctx, struct wl_node *call)
{
	struct wl_node *u = wl_node_wrapped(call), *p = u->parent, *other;
	enum CXBinaryOperatorKind op;
	long long v;

	if (p && p->kind == CXCursor_CallExpr &&
	    (!strcmp(wl_call_name(&ctx->model, p), "__popc"))) {
		u = wl_node_wrapped(p);
		p = u->parent;
	}
	if (!p || p->kind != CXCursor_BinaryOperator || p->nr_kids != 2)
		return NULL;
	op = wl_node_binop(p);
	if (op != CXBinaryOperator_EQ && op != CXBinaryOperator_NE)
		return NULL;
	other = p->kids[0] == u ? p->kids[1] : p->kids[0];
	return wl_node_int_value(wl_node_strip(other), &v) ? p : NULL;
}

/* The statement of @n that is a direct child of a block. */
static struct wl_node *block_child(struct wl_node *n, struct wl_node **blk)
{
	while (n->parent && n->parent->kind != CXCursor_CompoundStmt)
		n = n->parent;
	*blk = n->parent;
	return n;
}

/*
 * The nearest __syncwarp() or lane-divergent branch that ends before
 * @site in one of its enclosing blocks: what the test wrongly assumes the
 * warp is still converged after.
 */
static struct wl_node *before(struct wl_ctx *ctx, struct wl_node *site,
			      bool *is_sync)
{
	struct wl_node *blk, *child = block_child(site, &blk);

	while (blk) {
		unsigned i;
		int k = -1;

		for (i = 0; i < blk->nr_kids; i++)
			if (blk->kids[i] == child)
				k = (int)i;
		for (; k > 0; k--) {
			struct wl_node *s = blk->kids[k - 1];
			struct wl_node *e = wl_node_strip(s), *cond;

			if (e && e->kind == CXCursor_CallExpr &&
			    !strcmp(wl_call_name(&ctx->model, e),
				    "__syncwarp")) {
				*is_sync = true;
				return s;
			}
			if (s->kind == CXCursor_IfStmt || wl_node_is_loop(s)) {
				cond = wl_node_kid(s, WL_ROLE_COND);
				if (cond && wl_eval_dep(&ctx->eval, cond) ==
						    WL_DEP_LANE) {
					*is_sync = false;
					return s;
				}
			}
		}
		child = block_child(blk, &blk);
	}
	return NULL;
}

void wl303_check(struct wl_ctx *ctx)
{
	struct wl_model *m = &ctx->model;
	unsigned i, line, col;

	for (i = 0; i < m->nr_calls; i++) {
		struct wl_node *call = m->calls[i], *cmp, *prev;
		bool is_sync = false;

		if (strcmp(wl_call_name(m, call), "__activemask"))
			continue;
		cmp = compared(ctx, call);
		if (!cmp || !(prev = before(ctx, cmp, &is_sync)))
			continue;
		wl_source_line_col(ctx->src, prev->begin, &line, &col);
		wl_report(ctx, WL303, cmp,
			  "'__activemask()' compared with a constant assumes "
			  "the warp is still converged after the %s at line "
			  "%u; convergence is guaranteed only inside a _sync "
			  "primitive",
			  is_sync ? "__syncwarp()" : "divergent branch", line);
	}
}
