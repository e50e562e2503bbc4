/* SPDX-License-Identifier: MIT */
/* WL201 activemask-as-mask: not implemented yet. */
#include "rules/rules.h"

void wl201_check(struct wl_ctx *ctx)
{
	(void)ctx;
}
