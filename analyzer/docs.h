/* SPDX-License-Identifier: MIT */
/* The rule documentation pages, as --explain prints them. */
#ifndef WL_ANALYZER_DOCS_H
#define WL_ANALYZER_DOCS_H

#include "rules/rules.h"

/* The page rules/WLnnn.md for @id, or a one-line summary if it has none. */
const char *wl_rule_doc(enum wl_rule_id id);

#endif
