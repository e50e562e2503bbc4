/* SPDX-License-Identifier: MIT */
/* WL501 divergent-syncthreads: not implemented yet. */
#include "rules/rules.h"

void wl501_check(struct wl_ctx *ctx)
{
	(void)ctx;
}
