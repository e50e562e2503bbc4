/* SPDX-License-Identifier: MIT */
/*
 * Shared by the mask rules (WL201-WL205) and WL501: the table of warp
 * collectives and their argument positions, and the lanes (or threads)
 * that can reach a call, with the reason when they are not all of them.
 */
#ifndef WL_RULES_MASKRULES_H
#define WL_RULES_MASKRULES_H

#include <stdbool.h>
#include <stdint.h>

#include "analyzer/eval.h"

struct wl_ctx;
struct wl_node;
struct wl_func;

enum wl_coll_kind {
	WL_COLL_SHFL,		/* __shfl_sync: srcLane */
	WL_COLL_SHFL_UP,	/* delta */
	WL_COLL_SHFL_DOWN,	/* delta */
	WL_COLL_SHFL_XOR,	/* laneMask */
	WL_COLL_VOTE,		/* __ballot_sync, __any_sync, ... */
	WL_COLL_MATCH,		/* __match_any_sync, __match_all_sync */
	WL_COLL_REDUCE,		/* __reduce_*_sync */
	WL_COLL_SYNCWARP,	/* __syncwarp: mask optional, default full */
};

struct wl_collective {
	const char *name;
	enum wl_coll_kind kind;
	bool legacy;		/* no mask argument: __shfl_down(v, d, w) */
};

/* The collective @call invokes, or NULL (also for user functions). */
const struct wl_collective *wl_collective_of(struct wl_ctx *ctx,
					     struct wl_node *call);

/* The collective called @name, or NULL. */
const struct wl_collective *wl_collective_named(const char *name);

/*
 * A project's one-line wrapper of a collective (`utils::syncwarp(m)`
 * whose body is `__syncwarp(m);`, `utils::any(p, m)` returning
 * `__any_sync(m, p)`): which collective, its name, and which of the
 * wrapper's parameters is the mask.
 */
struct wl_coll_wrapper {
	const struct wl_collective *coll;
	CXCursor param;		/* the mask parameter */
	unsigned mask_param;	/* its position */
};

/* Whether @call (of no collective itself) calls such a wrapper. */
bool wl_coll_wrapper_of(struct wl_ctx *ctx, struct wl_node *call,
			struct wl_coll_wrapper *out);

/* Argument positions, counted over the written arguments; -1: none. */
int wl_coll_mask_arg(const struct wl_collective *c);
int wl_coll_value_arg(const struct wl_collective *c);
int wl_coll_lane_arg(const struct wl_collective *c);
int wl_coll_width_arg(const struct wl_collective *c);

/*
 * Whether a shuffle is written in the legacy argument order with the mask
 * forgotten: `__shfl_down_sync(v, offset, 32)` (three arguments, the last
 * 32 or warpSize, the first a float or a lane-varying value that is no
 * mask).  WL205 reports it; WL204 leaves its "delta 32" alone.
 */
bool wl_coll_legacy_order(struct wl_ctx *ctx, const struct wl_collective *c,
			  struct wl_node *call);

/* Why not every lane (or thread) reaches a point. */
enum wl_div_kind {
	WL_DIV_NONE,
	WL_DIV_COND, /* a thread-dependent condition around it */
	WL_DIV_RETURN, /* an early return some threads take */
	WL_DIV_JUMP, /* break/continue some threads take */
	WL_DIV_LOOP, /* a loop with a thread-dependent trip count */
	WL_DIV_SWITCH, /* a switch on a thread-dependent value */
	WL_DIV_CALLER, /* a helper called where some threads are */
	WL_DIV_CALLERS, /* a helper whose callers disagree */
	WL_DIV_GOTO, /* goto: not followed */
};

struct wl_reach_bound {
	/* Lanes that can reach, at most (warp level only). */
	uint32_t may;
	/* Exactly the lanes in .may reach, in every warp that gets there. */
	bool exact;
	/* Why not every lane: the first thread-dependent reason found. */
	enum wl_div_kind kind;
	struct wl_node *where;	/* its condition, return, loop or call */
	bool negated; /* COND: the call is where .where is false */
	struct wl_func *helper;	/* CALLER(S): the helper entered */
	/* The first lane-index condition that narrows .may, or NULL. */
	struct wl_node *narrowed_at;
	/*
	 * Warp level: lanes that have surely exited the kernel on the way
	 * (a return from the __global__ function under a lane condition),
	 * and whether some lanes may have, depending on data.  Exited
	 * lanes are neither in .may nor missing from a mask.
	 */
	uint32_t exited;
	bool may_exit;
	/*
	 * A condition on threadIdx.y/z taken as warp-uniform because
	 * blockDim.x is assumed a multiple of 32 (the usual launch).
	 */
	struct wl_node *assumed_at;
	/*
	 * The way went through a function of another file (a header's
	 * pass: the includer's callers), whose locals are not solved and
	 * were trusted as the same in every thread.
	 */
	bool via_context;
};

/*
 * Which lanes reach @site.  @block: treat any thread-dependent
 * condition as divergence (for __syncthreads(), where threadIdx.x < 64
 * splits the block); otherwise only conditions that split a warp count.
 * With @other_arm, a lane-dependent if/else or ?: whose other arm makes
 * the same collective call with the same constant mask does not narrow
 * (the blog's Listing 4: every lane calls it, from one arm or the other).
 */
void wl_reach_bound(struct wl_ctx *ctx, struct wl_node *site, bool block,
		    bool other_arm, struct wl_reach_bound *out);

/* The reason as a phrase for messages (caller frees). */
char *wl_reach_reason(struct wl_ctx *ctx, const struct wl_reach_bound *rb,
		      bool block);

/* 1-based line of @n, in its own file. */
unsigned wl_node_line(struct wl_ctx *ctx, const struct wl_node *n);

/*
 * Where @n is, for messages: "line 12", or "line 743 of agent.cuh" for a
 * node of another file (a caller in a header the includer sees); caller
 * frees.
 */
char *wl_node_where(struct wl_ctx *ctx, const struct wl_node *n);

/* Source text of @n for messages, shortened; caller frees. */
char *wl_node_short_text(struct wl_ctx *ctx, const struct wl_node *n);

/* Argument @arg of @call as written, for messages (caller frees). */
char *wl_arg_text(struct wl_ctx *ctx, const struct wl_node *call,
		  struct wl_node *arg);

/* Whether argument @arg of @call can be rewritten in place. */
bool wl_arg_editable(const struct wl_node *call, const struct wl_node *arg);

struct wl_finding;
struct wl_mask;

/*
 * Note on @f that the finding assumed the usual launch (blockDim.x a
 * multiple of 32) to take a threadIdx.y/z condition as warp-uniform.
 */
void wl_reach_note_assumption(struct wl_ctx *ctx, struct wl_finding *f,
			      const struct wl_reach_bound *rb);

/*
 * Give @f a fix that passes @mask (from mask inference) to @call instead
 * of its mask argument @arg, or as the argument of a bare __syncwarp()
 * when @arg is NULL, together with the hoisted ballot it relies on.
 * Returns false, with a note on @f saying why, when no fix can be made.
 */
bool wl_mask_fix_arg(struct wl_ctx *ctx, struct wl_finding *f,
		     struct wl_node *call, struct wl_node *arg,
		     const struct wl_mask *mask);

#endif
