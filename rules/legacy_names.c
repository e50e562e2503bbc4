/* SPDX-License-Identifier: MIT */
/*
 * The legacy primitives and their _sync replacements: the one table that
 * the call search (legacy.c) and the wrapper search (legacy_wrap.c) read.
 */
#include "rules/legacy.h"

const struct wl_legacy_name wl_legacy_shuffles[4] = {
	{ "__shfl", "__shfl_sync" },
	{ "__shfl_up", "__shfl_up_sync" },
	{ "__shfl_down", "__shfl_down_sync" },
	{ "__shfl_xor", "__shfl_xor_sync" },
};

const struct wl_legacy_name wl_legacy_votes[3] = {
	{ "__ballot", "__ballot_sync" },
	{ "__any", "__any_sync" },
	{ "__all", "__all_sync" },
};

const struct wl_legacy_name wl_legacy_bare_votes[2] = {
	{ "any", "__any_sync" },
	{ "all", "__all_sync" },
};
