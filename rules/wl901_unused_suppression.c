/* SPDX-License-Identifier: MIT */
/*
 * WL901 unused-suppression: a suppression comment matched no finding.
 * Reported by the suppression pass after every rule ran.
 */
#include "rules/rules.h"

void wl901_check(struct wl_ctx *ctx)
{
	(void)ctx;
}
