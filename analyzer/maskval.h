/* SPDX-License-Identifier: MIT */
/*
 * Masks as values: what lanes the mask argument of a collective names,
 * followed through local variables and simple expressions
 * (`unsigned m = __ballot_sync(...)`, `m & 0xffff`, FULL_MASK macros,
 * const locals), so that the mask rules can compare it with the lanes
 * that reach the call (RULES.md, WL2xx).
 */
#ifndef WL_ANALYZER_MASKVAL_H
#define WL_ANALYZER_MASKVAL_H

#include <stdbool.h>
#include <stdint.h>

#include "analyzer/libclang.h"

struct wl_ctx;
struct wl_node;

enum wl_maskval_kind {
	WL_MASKVAL_UNKNOWN,	/* a parameter, memory, a call: anything */
	WL_MASKVAL_CONST,	/* the same constant in every lane: .bits */
	WL_MASKVAL_LANE,	/* a function of the thread index alone */
	WL_MASKVAL_ACTIVE,	/* __activemask(), narrowed to .bits */
	WL_MASKVAL_BALLOT,	/* a __ballot_sync() result, within .bits */
	WL_MASKVAL_MATCH,	/* a __match_*_sync() group, within .bits */
};

struct wl_maskval {
	enum wl_maskval_kind kind;
	/* CONST: the value; otherwise the most lanes it can name. */
	uint32_t bits;
	/* The expression that computes it, after following variables. */
	struct wl_node *expr;
	/* ACTIVE, BALLOT, MATCH: the call the value comes from. */
	struct wl_node *origin;
	/* The first local variable it was read through, or NULL. */
	struct wl_node *var_ref;
	/*
	 * A helper's parameter to which every caller passes this constant:
	 * the first caller's argument.
	 */
	struct wl_node *param_arg;
	/* Some input was __activemask(), even through a ballot or match. */
	bool from_activemask;
	/* The written argument has a floating-point type. */
	bool is_float;
};

/*
 * Evaluate the mask expression @expr (the written argument of a
 * collective).  Never fails: what cannot be followed is UNKNOWN with
 * .bits = 0xffffffff.
 */
void wl_maskval_eval(struct wl_ctx *ctx, struct wl_node *expr,
		     struct wl_maskval *out);

/*
 * The mask @mv names in the thread with threadIdx.x == @tid: CONST and
 * LANE values only.  Returns false when it cannot be computed.
 */
bool wl_maskval_at(struct wl_ctx *ctx, const struct wl_maskval *mv,
		   unsigned tid, uint32_t *bits);

/* A short name of the kind, for messages: "constant", "__activemask()". */
const char *wl_maskval_kind_name(enum wl_maskval_kind kind);

/*
 * Whether @expr, a cursor possibly outside the model (a project's header
 * of warp utilities), calls __activemask(), directly or through one-line
 * wrappers (`utils::activemask()`, see wl_cursor_returned()); @depth: 0.
 */
bool wl_cursor_is_activemask(CXCursor expr, unsigned depth);

#endif
