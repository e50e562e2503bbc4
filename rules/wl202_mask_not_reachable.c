/* SPDX-License-Identifier: MIT */
/* WL202 mask-not-reachable: not implemented yet. */
#include "rules/rules.h"

void wl202_check(struct wl_ctx *ctx)
{
	(void)ctx;
}
