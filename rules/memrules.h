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

/* The offset just past the ';' that ends statement @s (or its end). */
unsigned wl_memrules_stmt_end(struct wl_ctx *ctx, const struct wl_node *s);

/*
 * The type of a register that holds access @a's value, as a fix may
 * write it ("T" inside a template over `volatile T *`), or NULL when no
 * spelling would compile (a template's dependent type, an unnamed
 * union's).  The caller frees it.
 */
char *wl_memrules_register_type(struct wl_mem *mem, int a);

/*
 * Where statement @n really ends: past the ';' of its last sub-statement
 * (an if's or loop's unbraced body included).
 */
unsigned wl_memrules_full_end(struct wl_ctx *ctx, struct wl_node *n);

/* The whitespace at the start of the line holding @offset (caller frees). */
char *wl_memrules_indent(struct wl_ctx *ctx, unsigned offset);

/* The offset of the start of the line holding @offset. */
unsigned wl_memrules_line_start(struct wl_ctx *ctx, unsigned offset);

/*
 * The `// comment` that follows offset *@end on its line (with the space
 * before it), or ""; moves *@end past it.  Caller frees.
 */
char *wl_memrules_trailing_comment(struct wl_ctx *ctx, unsigned *end);

/* A name not used as an identifier in @fn's text: @base, @base2, ... */
char *wl_memrules_fresh_name(struct wl_ctx *ctx, const struct wl_node *fn,
			     const char *base);

#endif
