/* SPDX-License-Identifier: MIT */
/* WL401 smem-reduction-to-shuffle: not implemented yet. */
#include "rules/memrules.h"

#include "analyzer/context.h"

bool wl_memrules_shuffle_takes(struct wl_ctx *ctx, struct wl_mem *mem,
			       const struct wl_mem_region *region)
{
	(void)ctx;
	(void)mem;
	(void)region;
	return false;
}

void wl401_check(struct wl_ctx *ctx)
{
	(void)ctx;
}
