/* SPDX-License-Identifier: MIT */
/* Shared by WL101 and WL102: finding and fixing calls of legacy primitives. */
#ifndef WL_RULES_LEGACY_H
#define WL_RULES_LEGACY_H

#include "rules/rules.h"

struct wl_ctx;
struct wl_mask;
struct wl_node;

struct wl_legacy_name {
	const char *legacy;	/* "__shfl_down" */
	const char *sync;	/* "__shfl_down_sync" */
};

/*
 * Report every call of a name in @names under @rule, with a fix that
 * renames it to its _sync form and passes the inferred mask first.  A call
 * spelled inside a macro is reported at the use and fixed in the macro's
 * definition, once, when every use agrees on the mask.
 */
void wl_legacy_check(struct wl_ctx *ctx, enum wl_rule_id rule,
		     const struct wl_legacy_name *names, unsigned nr_names);

#endif
