/* SPDX-License-Identifier: MIT */
/*
 * Shared by WL101-WL103 and WL105: finding and fixing calls of legacy
 * primitives, in the AST and, where statements did not parse, in tokens.
 */
#ifndef WL_RULES_LEGACY_H
#define WL_RULES_LEGACY_H

#include "rules/rules.h"

struct wl_ctx;
struct wl_mask;
struct wl_node;
struct wl_tokens;

struct wl_legacy_name {
	const char *legacy;	/* "__shfl_down" */
	const char *sync;	/* "__shfl_down_sync" */
};

/* The legacy shuffles (WL101) and votes (WL102). */
extern const struct wl_legacy_name wl_legacy_shuffles[4];
extern const struct wl_legacy_name wl_legacy_votes[3];
/*
 * CUDA's `any(c)` and `all(c)` (device_atomic_functions.h, deprecated
 * since CUDA 9), its own wrappers of __any and __all: legacy votes too,
 * found only by the declaration a call resolves to (the names are common
 * words).
 */
extern const struct wl_legacy_name wl_legacy_bare_votes[2];

/*
 * The legacy primitive that token @i of @toks calls, or NULL: a legacy
 * name followed by '(' where a call can stand (not a member, a qualified
 * name, a declaration, or a macro's name in its #define).
 */
const struct wl_legacy_name *wl_legacy_call_token(const struct wl_tokens *toks,
						  unsigned i,
						  enum wl_rule_id *rule);

/*
 * Report every call of a name in @names under @rule, with a fix that
 * renames it to its _sync form and passes the inferred mask first.  A call
 * spelled inside a macro is reported at the use and fixed in the macro's
 * definition, once, when every use agrees on the mask.
 */
void wl_legacy_check(struct wl_ctx *ctx, enum wl_rule_id rule,
		     const struct wl_legacy_name *names, unsigned nr_names);

/*
 * WL103's share of the token-level backup: asm statements with legacy PTX
 * in code this parse compiled but whose statement did not make it into
 * the AST.  Reported without a fix.
 */
void wl_legacy_check_unparsed_asm(struct wl_ctx *ctx);

/*
 * Report, under @rule, each call of a project header's function that
 * wraps a legacy primitive (WL101/WL102) or legacy PTX (WL103), at the
 * call in this file, naming the wrapper.  No fix: the header needs it.
 */
void wl_legacy_check_wrappers(struct wl_ctx *ctx, enum wl_rule_id rule);

#endif
