/* SPDX-License-Identifier: MIT */
/*
 * WL900 parse-error: the file could not be parsed completely; findings may
 * be missing.  Reported by the driver from clang's diagnostics, so the
 * check itself has nothing to do.
 */
#include "rules/rules.h"

void wl900_check(struct wl_ctx *ctx)
{
	(void)ctx;
}
