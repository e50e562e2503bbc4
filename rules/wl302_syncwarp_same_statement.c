/* SPDX-License-Identifier: MIT */
/* WL302 syncwarp-same-statement: not implemented yet. */
#include "rules/rules.h"

void wl302_check(struct wl_ctx *ctx)
{
	(void)ctx;
}
