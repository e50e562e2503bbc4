/* SPDX-License-Identifier: MIT */
/* The rule catalog, expanded from rule_catalog.def. */
#include "analyzer/rule_catalog.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

const struct wl_rule wl_rules[WL_NR_RULES] = {
#define RULE(id, nm, lvl, on, sum)                                            \
	[WL##id] = { WL##id, id, "WL" #id, nm, WL_LEVEL_##lvl, on, sum },
#include "analyzer/rule_catalog.def"
#undef RULE
};

const struct wl_rule *wl_rule_find(const char *s)
{
	unsigned i;

	if (!strncasecmp(s, "WL", 2))
		s += 2;
	for (i = 0; i < WL_NR_RULES; i++) {
		char num[8];

		snprintf(num, sizeof(num), "%u", wl_rules[i].number);
		if (!strcmp(s, num) || !strcmp(s, wl_rules[i].name))
			return &wl_rules[i];
	}
	return NULL;
}

const char *wl_level_name(enum wl_level level)
{
	switch (level) {
	case WL_LEVEL_NOTE:
		return "note";
	case WL_LEVEL_WARNING:
		return "warning";
	case WL_LEVEL_ERROR:
		return "error";
	}
	return "error";
}
