/* SPDX-License-Identifier: MIT */
/*
 * WL301 missing-syncwarp: lanes of one warp communicate through memory
 * without __syncwarp().  Docs: rules/WL301.md  Corpus: corpus/WL301/
 *
 * The analysis is analyzer/memaccess.c's; reporting and the Listing 8
 * rewrite are shared with WL302 in rules/memrules.c.
 */
#include "rules/memrules.h"

void wl301_check(struct wl_ctx *ctx)
{
	wl_memrules_check(ctx, WL301);
}
