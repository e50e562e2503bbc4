/* SPDX-License-Identifier: MIT */
/*
 * Shared by WL301, WL302 and WL401: reporting the warp-level races that
 * analyzer/memaccess.c finds, and rewriting a racing stretch into the
 * blog's Listing 8 form (read into a register, __syncwarp, write,
 * __syncwarp), which keeps every operation and its operand order.
 */
#ifndef WL_RULES_MEMRULES_H
#define WL_RULES_MEMRULES_H

#include <stdbool.h>

#include "rules/rules.h"

struct wl_ctx;
struct wl_mem;
struct wl_mem_region;
struct wl_node;

/*
 * Report every racing region of @rule's kind: WL302 for a race inside one
 * statement that a barrier follows, WL301 for every other.  Attaches the
 * Listing 8 fix unless WL401's shuffle rewrite takes the region.
 */
void wl_memrules_check(struct wl_ctx *ctx, enum wl_rule_id rule);

/* Whether WL401 will rewrite @region with --fix-style=shuffle. */
bool wl_memrules_shuffle_takes(struct wl_ctx *ctx, struct wl_mem *mem,
			       const struct wl_mem_region *region);

#endif
