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

#include "analyzer/context.h"
#include "analyzer/cursor.h"
#include "rules/maskrules.h"

void wl501_check(struct wl_ctx *ctx)
{
	struct wl_model *m = &ctx->model;
	unsigned i;

	for (i = 0; i < m->nr_calls; i++) {
		struct wl_node *call = m->calls[i];
		const char *name = wl_block_barrier_name(m, call);
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
