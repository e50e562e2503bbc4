/* SPDX-License-Identifier: MIT */
/*
 * Uniformity analysis: how much a value can differ between the threads of
 * a warp, and, for conditions on the lane index alone, exactly which lanes
 * of a warp take them.  This is what mask inference and the mask rules
 * stand on (RULES.md, "Mask inference").
 */
#ifndef WL_ANALYZER_EVAL_H
#define WL_ANALYZER_EVAL_H

#include <stdbool.h>
#include <stdint.h>

#include "analyzer/model.h"

/* How far a value varies, from least to most; ordered, so max() joins. */
enum wl_dep {
	WL_DEP_CONST,	/* a compile-time constant */
	WL_DEP_BLOCK,	/* the same in every thread of the block */
	WL_DEP_WARP,	/* the same in every lane of a warp */
	WL_DEP_LANE,	/* may differ between lanes of one warp */
};

enum wl_cond_kind {
	WL_COND_UNIFORM,  /* every lane of a warp takes the same way */
	WL_COND_LANES,	  /* a fixed set of lanes in every warp that gets here */
	WL_COND_VARYING,  /* depends on data or on more than the lane */
};

struct wl_cond_class {
	enum wl_cond_kind kind;
	bool block_uniform;	/* UNIFORM across the whole block, too */
	uint32_t lanes;		/* LANES: the lanes for which it is true */
};

struct wl_var;
struct wl_eval_cache;

/* Facts about one local variable or parameter of a function. */
struct wl_var {
	CXCursor decl;
	struct wl_node *decl_node;
	struct wl_node *init;	/* initializer, or NULL */
	struct wl_node *scope;	/* the block that declares it, or NULL */
	unsigned nr_writes;	/* assignments after the declaration */
	struct wl_node **writes;	/* the assigning expressions */
	unsigned alloc_writes;
	bool addr_taken;
	bool is_param;
	bool is_lane_id;	/* set from an asm read of %laneid */
	enum wl_dep dep;
};

struct wl_eval {
	struct wl_model *model;
	struct wl_eval_cache *cache;
};

void wl_eval_init(struct wl_eval *ev, struct wl_model *model);
void wl_eval_release(struct wl_eval *ev);

/* The variable (local or parameter) @ref refers to, or NULL. */
struct wl_var *wl_eval_var(struct wl_eval *ev, const struct wl_node *ref);

/* How much the value of @expr may vary across a warp. */
enum wl_dep wl_eval_dep(struct wl_eval *ev, struct wl_node *expr);

/* Classify a branch condition (true side). */
void wl_eval_cond(struct wl_eval *ev, struct wl_node *cond,
		  struct wl_cond_class *out);

/*
 * Classify a predicate built from conditions: the AND of each @conds[i]
 * (negated where @negs[i]), itself negated when @negate_all (the lanes
 * that survive an early return under those conditions).
 */
void wl_eval_pred(struct wl_eval *ev, struct wl_node **conds,
		  const bool *negs, unsigned nr, bool negate_all,
		  struct wl_cond_class *out);

/*
 * Evaluate @expr as an integer for the thread with threadIdx.x == @tid
 * (threadIdx.y == threadIdx.z == 0).  Fails on anything not a function of
 * the thread index and constants.
 */
bool wl_eval_int(struct wl_eval *ev, struct wl_node *expr, unsigned tid,
		 long long *value);

/*
 * The most any condition between @node and @stop (exclusive; NULL: the
 * function) varies: branch conditions, loop conditions, && and || left
 * sides that decide whether @node runs.
 */
enum wl_dep wl_eval_guard_dep(struct wl_eval *ev, struct wl_node *node,
			      struct wl_node *stop);

/* Whether @expr has no side effects: no calls (but pure ones), no writes. */
bool wl_eval_pure(struct wl_eval *ev, struct wl_node *expr);

/* Whether the call is to a warp intrinsic or math function known pure. */
bool wl_eval_pure_call(const char *name);

#endif
