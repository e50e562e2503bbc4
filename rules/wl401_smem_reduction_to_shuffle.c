/* SPDX-License-Identifier: MIT */
/* WL401 smem-reduction-to-shuffle: not implemented yet. */
#include "rules/rules.h"

void wl401_check(struct wl_ctx *ctx)
{
	(void)ctx;
}
