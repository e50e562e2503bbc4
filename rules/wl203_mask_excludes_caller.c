/* SPDX-License-Identifier: MIT */
/* WL203 mask-excludes-caller: not implemented yet. */
#include "rules/rules.h"

void wl203_check(struct wl_ctx *ctx)
{
	(void)ctx;
}
