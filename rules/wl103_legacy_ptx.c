/* SPDX-License-Identifier: MIT */
/* WL103 legacy-ptx: not implemented yet. */
#include "rules/rules.h"

void wl103_check(struct wl_ctx *ctx)
{
	(void)ctx;
}
