/* SPDX-License-Identifier: MIT */
/* Block barriers as evidence of which threads run a stretch of code. */
#include "analyzer/barrier.h"

#include "analyzer/context.h"
#include "analyzer/eval.h"
#include "analyzer/model.h"

/* Calls followed into helpers' bodies, at most. */
#define MAX_BARRIER_DEPTH 4

static struct wl_node *barrier_in(struct wl_model *m, struct wl_node *stmt,
				  int depth)
{
	struct wl_node *s = wl_node_strip(stmt);
	struct wl_func *callee;
	unsigned i;

	if (!s)
		return NULL;
	if (s->kind == CXCursor_CompoundStmt) {
		for (i = 0; i < s->nr_kids; i++) {
			struct wl_node *b = barrier_in(m, s->kids[i], depth);

			if (b)
				return b;
		}
		return NULL;
	}
	if (s->kind != CXCursor_CallExpr)
		return NULL;
	if (wl_block_barrier_name(m, s))
		return s;
	callee = wl_call_target(m, s);
	if (callee && callee->body && depth < MAX_BARRIER_DEPTH &&
	    barrier_in(m, callee->body, depth + 1))
		return s;
	return NULL;
}

struct wl_node *wl_barrier_in(struct wl_model *m, struct wl_node *stmt)
{
	return barrier_in(m, stmt, 0);
}

struct wl_node *wl_barrier_settles(struct wl_ctx *ctx, struct wl_node *guard)
{
	struct wl_eval *seen = &ctx->barrier_eval;
	struct wl_node *cond = wl_node_kid(guard, WL_ROLE_COND);
	struct wl_node *b = NULL;
	enum wl_dep d;

	if (!cond)
		return NULL;
	if (guard->kind == CXCursor_IfStmt) {
		b = wl_barrier_in(&ctx->model, wl_node_kid(guard, WL_ROLE_THEN));
		if (!b)
			b = wl_barrier_in(&ctx->model,
					  wl_node_kid(guard, WL_ROLE_ELSE));
		d = b ? wl_eval_dep(seen, cond) : WL_DEP_LANE;
	} else if (wl_node_is_loop(guard)) {
		b = wl_barrier_in(&ctx->model, wl_node_kid(guard, WL_ROLE_BODY));
		d = b ? wl_eval_trip_dep(seen, guard, true) : WL_DEP_LANE;
	} else {
		return NULL;
	}
	/* Thread-dependent in plain sight: WL501's, not evidence. */
	return b && !wl_eval_lane_varying(seen, d, true) ? b : NULL;
}
