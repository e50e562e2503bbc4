/* SPDX-License-Identifier: MIT */
/* The rule table, generated from rules.def, and what a rule is. */
#ifndef WL_RULES_RULES_H
#define WL_RULES_RULES_H

#include <stdbool.h>

struct wl_ctx;

enum wl_level {
	WL_LEVEL_NOTE,
	WL_LEVEL_WARNING,
	WL_LEVEL_ERROR,
};

enum wl_rule_id {
#define RULE(id, name, level, on, summary) WL##id,
#include "rules/rules.def"
#undef RULE
	WL_NR_RULES
};

struct wl_rule {
	enum wl_rule_id id;
	unsigned number;	/* 101 */
	const char *code;	/* "WL101" */
	const char *name;	/* "legacy-shuffle" */
	enum wl_level level;
	bool default_on;
	const char *summary;
	/* Runs the rule over one file's model; NULL for tool rules. */
	void (*check)(struct wl_ctx *ctx);
};

extern const struct wl_rule wl_rules[WL_NR_RULES];

/* Look a rule up by "WL101", "101" or "legacy-shuffle"; NULL if unknown. */
const struct wl_rule *wl_rule_find(const char *id_or_name);

/* "note", "warning", "error": also SARIF's names for the three levels. */
const char *wl_level_name(enum wl_level level);

/* Each rule file defines one of these. */
#define RULE(id, name, level, on, summary) void wl##id##_check(struct wl_ctx *ctx);
#include "rules/rules.def"
#undef RULE

#endif
