/* SPDX-License-Identifier: MIT */
/*
 * WL102 legacy-vote: legacy __ballot/__any/__all have no lane mask and do
 * not compile for sm_70 and later.  Docs: rules/WL102.md  Corpus: corpus/WL102/
 */
#include "rules/legacy.h"

#include "base/util.h"

void wl102_check(struct wl_ctx *ctx)
{
	wl_legacy_check(ctx, WL102, wl_legacy_votes,
			WL_ARRAY_SIZE(wl_legacy_votes));
}
