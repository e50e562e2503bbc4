/* SPDX-License-Identifier: MIT */
/* WL205 mask-argument-suspicious: not implemented yet. */
#include "rules/rules.h"

void wl205_check(struct wl_ctx *ctx)
{
	(void)ctx;
}
