/* SPDX-License-Identifier: MIT */
/* The rule documentation pages, as --explain prints them. */
#include "driver/docs.h"

#include <stdio.h>
#include <string.h>

#include "base/embedded.h"

const char *wl_rule_doc(enum wl_rule_id id)
{
	char name[16];
	unsigned i;

	snprintf(name, sizeof(name), "%s.md", wl_rules[id].code);
	for (i = 0; i < wl_rule_docs_count; i++)
		if (!strcmp(wl_rule_docs[i].name, name))
			return wl_rule_docs[i].data;
	return wl_rules[id].summary;
}
