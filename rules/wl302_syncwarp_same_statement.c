/* SPDX-License-Identifier: MIT */
/*
 * WL302 syncwarp-same-statement: a __syncwarp() after a statement that
 * reads another lane's element and writes its own (the blog's Listing 7).
 * Docs: rules/WL302.md  Corpus: corpus/WL302/
 *
 * A race confined to one statement that a barrier follows is WL302's;
 * every other race is WL301's (rules/memrules.c decides).
 */
#include "rules/memrules.h"

void wl302_check(struct wl_ctx *ctx)
{
	wl_memrules_check(ctx, WL302);
}
