/* SPDX-License-Identifier: MIT */
/* Listing 8's fix of a racing stretch (WL301/WL302). */
#ifndef WL_RULES_MEMFIX_H
#define WL_RULES_MEMFIX_H

#include <stdbool.h>

struct wl_ctx;
struct wl_finding;
struct wl_mem;
struct wl_mem_region;

/*
 * Build the fix of region @r into finding @f: NULL on success, else why
 * there is none (the caller's to free).
 */
char *wl_memfix_build(struct wl_ctx *ctx, struct wl_mem *mem,
		      struct wl_mem_region *r, struct wl_finding *f);

/*
 * A stretch that runs through several functions has no fix when one part
 * has none (a helper that divergent code calls, say).  The races that
 * stay within one function are still fixed there: otherwise they would
 * be fixed only on a second run, once the first run's barriers have cut
 * the stretch apart.  @at[k] is the finding of r->stmts[k], or -1.
 */
void wl_memfix_each_function(struct wl_ctx *ctx, struct wl_mem *mem,
			     struct wl_mem_region *r, const int *at);

#endif
