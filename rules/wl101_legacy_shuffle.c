/* SPDX-License-Identifier: MIT */
/*
 * WL101 legacy-shuffle: legacy __shfl*() has no lane mask and does not
 * compile for sm_70 and later.  Docs: rules/WL101.md  Corpus: corpus/WL101/
 */
#include "rules/legacy.h"

static const struct wl_legacy_name shuffles[] = {
	{ "__shfl", "__shfl_sync" },
	{ "__shfl_up", "__shfl_up_sync" },
	{ "__shfl_down", "__shfl_down_sync" },
	{ "__shfl_xor", "__shfl_xor_sync" },
};

void wl101_check(struct wl_ctx *ctx)
{
	wl_legacy_check(ctx, WL101, shuffles,
			sizeof(shuffles) / sizeof(shuffles[0]));
}
