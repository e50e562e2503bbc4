/* SPDX-License-Identifier: MIT */
/* WL301 missing-syncwarp: not implemented yet. */
#include "rules/rules.h"

void wl301_check(struct wl_ctx *ctx)
{
	(void)ctx;
}
