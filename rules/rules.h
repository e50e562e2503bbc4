/* SPDX-License-Identifier: MIT */
/* What each rule of the catalog checks: one function per rule. */
#ifndef WL_RULES_RULES_H
#define WL_RULES_RULES_H

#include "analyzer/rule_catalog.h"

struct wl_ctx;

/* Runs rule WLnnn over one file's model. */
#define RULE(id, name, level, on, summary) void wl##id##_check(struct wl_ctx *ctx);
#include "analyzer/rule_catalog.def"
#undef RULE

/* wl_rule_checks[WL301] is wl301_check. */
extern void (*const wl_rule_checks[WL_NR_RULES])(struct wl_ctx *ctx);

#endif
