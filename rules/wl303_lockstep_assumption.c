/* SPDX-License-Identifier: MIT */
/* WL303 lockstep-assumption: not implemented yet. */
#include "rules/rules.h"

void wl303_check(struct wl_ctx *ctx)
{
	(void)ctx;
}
