/* SPDX-License-Identifier: MIT */
/*
 * WL501 divergent-syncthreads: __syncthreads() under a condition that
 * threads of a block may take differently.
 * Docs: rules/WL501.md  Corpus: corpus/WL501/
 *
 * Every thread of the block must reach the same barrier: one that some
 * threads skip deadlocks or is undefined.  Flagged: a block barrier
 * (__syncthreads, its _count/_and/_or forms, a cooperative-groups
 * thread_block's sync()) under a thread-dependent condition, after an
 * early return some threads take, in a loop whose trip count or exits
 * depend on the thread, or in a helper called from such code.  A
 * warp-uniform condition is not enough here: threadIdx.x < 64 keeps
 * warps whole but splits the block.  Not flagged: conditions on
 * blockIdx, blockDim, gridDim, kernel and template parameters, and the
 * classic tree reduction, whose `if (tid < s)` encloses only the
 * arithmetic.  No fix: moving a barrier changes the algorithm.
 */
#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/cursor.h"
#include "rules/maskrules.h"

static const char *const barriers[] = {
	"__syncthreads", "__syncthreads_count", "__syncthreads_and",
	"__syncthreads_or",
};

static bool is_thread_block(CXType t)
{
	CXString s = clang_getTypeSpelling(clang_getCanonicalType(
		wl_type_non_reference(t)));
	const char *name = clang_getCString(s);
	bool yes = strstr(name, "thread_block") &&
		   !strstr(name, "thread_block_tile");

	clang_disposeString(s);
	return yes;
}

/* The barrier's name for messages, or NULL if @call is none. */
static const char *barrier_name(struct wl_ctx *ctx, struct wl_node *call)
{
	const char *name = wl_call_name(&ctx->model, call);
	struct wl_node *args[1];
	unsigned i;

	if (wl_call_target(&ctx->model, call))
		return NULL;
	for (i = 0; i < WL_ARRAY_SIZE(barriers); i++)
		if (!strcmp(name, barriers[i]))
			return barriers[i];
	if (strcmp(name, "sync"))
		return NULL;
	/* block.sync(), this_thread_block().sync() */
	if (call->nr_kids && call->kids[0]->kind == CXCursor_MemberRefExpr &&
	    call->kids[0]->nr_kids &&
	    is_thread_block(clang_getCursorType(
			    wl_node_strip(call->kids[0]->kids[0])->cursor)))
		return "thread_block::sync";
	/* cooperative_groups::sync(block) */
	if (wl_call_args(call, args, 1) == 1 &&
	    is_thread_block(
		    clang_getCursorType(wl_node_strip(args[0])->cursor)))
		return "cooperative_groups::sync";
	return NULL;
}

void wl501_check(struct wl_ctx *ctx)
{
	struct wl_model *m = &ctx->model;
	unsigned i;

	for (i = 0; i < m->nr_calls; i++) {
		struct wl_node *call = m->calls[i];
		const char *name = barrier_name(ctx, call);
		struct wl_reach_bound rb;
		char *why;

		if (!name)
			continue;
		wl_reach_bound(ctx, call, true, false, &rb);
		if (rb.kind == WL_DIV_NONE || rb.kind == WL_DIV_GOTO)
			continue;
		why = wl_reach_reason(ctx, &rb, true);
		wl_report(ctx, WL501, call,
			  "'%s()' may not be reached by every thread of the "
			  "block: %s", name, why);
		free(why);
	}
}
