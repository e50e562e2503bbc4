/* SPDX-License-Identifier: MIT */
/*
 * The rule catalog, expanded from rule_catalog.def: each rule's id, name,
 * level and summary.  It is the vocabulary of every finding, so it lives
 * in the engine; what each rule checks is in rules/ (rules/rules.h).
 */
#ifndef WL_ANALYZER_RULE_CATALOG_H
#define WL_ANALYZER_RULE_CATALOG_H

#include <stdbool.h>

enum wl_level {
	WL_LEVEL_NOTE,
	WL_LEVEL_WARNING,
	WL_LEVEL_ERROR,
};

enum wl_rule_id {
#define RULE(id, name, level, on, summary) WL##id,
#include "analyzer/rule_catalog.def"
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
};

extern const struct wl_rule wl_rules[WL_NR_RULES];

/* Look a rule up by "WL101", "101" or "legacy-shuffle"; NULL if unknown. */
const struct wl_rule *wl_rule_find(const char *id_or_name);

/* "note", "warning", "error": also SARIF's names for the three levels. */
const char *wl_level_name(enum wl_level level);

/* Each rule file defines one of these. */

#endif
