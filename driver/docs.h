/* SPDX-License-Identifier: MIT */
/* The rule documentation pages, as --explain prints them. */
#ifndef WL_DRIVER_DOCS_H
#define WL_DRIVER_DOCS_H

#include "analyzer/rule_catalog.h"

/* The page rules/WLnnn.md for @id, or a one-line summary if it has none. */
const char *wl_rule_doc(enum wl_rule_id id);

#endif
