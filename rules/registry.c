/* SPDX-License-Identifier: MIT */
/* Each rule's check, by id, expanded from the catalog. */
#include "rules/rules.h"

void (*const wl_rule_checks[WL_NR_RULES])(struct wl_ctx *ctx) = {
#define RULE(id, nm, lvl, on, sum) [WL##id] = wl##id##_check,
#include "analyzer/rule_catalog.def"
#undef RULE
};
