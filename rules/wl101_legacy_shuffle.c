/* SPDX-License-Identifier: MIT */
/*
 * WL101 legacy-shuffle: legacy __shfl*() has no lane mask and does not
 * compile for sm_70 and later.  Docs: rules/WL101.md  Corpus: corpus/WL101/
 */
#include "rules/legacy.h"

#include "base/util.h"

void wl101_check(struct wl_ctx *ctx)
{
	wl_legacy_check(ctx, WL101, wl_legacy_shuffles,
			WL_ARRAY_SIZE(wl_legacy_shuffles));
}
