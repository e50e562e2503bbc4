/* SPDX-License-Identifier: MIT */
/*
 * WL102 legacy-vote: legacy __ballot/__any/__all have no lane mask and do
 * not compile for sm_70 and later.  Docs: rules/WL102.md  Corpus: corpus/WL102/
 */
#include "rules/legacy.h"

static const struct wl_legacy_name votes[] = {
	{ "__ballot", "__ballot_sync" },
	{ "__any", "__any_sync" },
	{ "__all", "__all_sync" },
};

void wl102_check(struct wl_ctx *ctx)
{
	wl_legacy_check(ctx, WL102, votes, sizeof(votes) / sizeof(votes[0]));
}
