/* SPDX-License-Identifier: MIT */
/* WL204 shuffle-width: not implemented yet. */
#include "rules/rules.h"

void wl204_check(struct wl_ctx *ctx)
{
	(void)ctx;
}
