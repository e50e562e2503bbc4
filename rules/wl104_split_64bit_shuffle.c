/* SPDX-License-Identifier: MIT */
/* WL104 split-64bit-shuffle: not implemented yet. */
#include "rules/rules.h"

void wl104_check(struct wl_ctx *ctx)
{
	(void)ctx;
}
