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
	/*
	 * The same in every lane of a warp if blockDim.x is a multiple of
	 * 32: threadIdx.y, threadIdx.z.  Rules that report take it as
	 * WARP (the usual launch), fixes as LANE unless the configuration
	 * states the launch shape (wl_eval_lane_varying()).
	 */
	WL_DEP_ROW,
	WL_DEP_LANE,	/* may differ between lanes of one warp */
};

/* The more varying of @a and @b. */
static inline enum wl_dep wl_dep_max(enum wl_dep a, enum wl_dep b)
{
	return a > b ? a : b;
}

static inline enum wl_dep wl_dep_min(enum wl_dep a, enum wl_dep b)
{
	return a < b ? a : b;
}

/* What the configuration says about the launch shape (.warplint). */
enum wl_launch {
	WL_LAUNCH_USUAL,  /* not stated: reports assume x % 32 == 0, fixes not */
	WL_LAUNCH_X32,	  /* stated: blockDim.x is a multiple of 32 */
	WL_LAUNCH_ANY,	  /* stated: assume nothing; threadIdx.y/z are LANE */
};

enum wl_cond_kind {
	WL_COND_UNIFORM,  /* every lane of a warp takes the same way */
	WL_COND_LANES,	  /* a fixed set of lanes in every warp that gets here */
	WL_COND_VARYING,  /* depends on data or on more than the lane */
};

struct wl_cond_class {
	enum wl_cond_kind kind;
	bool block_uniform;	/* UNIFORM across the whole block, too */
	bool assumed;		/* UNIFORM only if blockDim.x % 32 == 0 (ROW) */
	uint32_t lanes;		/* LANES: the lanes for which it is true */
};

struct wl_var;
struct wl_eval_cache;
struct wl_extern_memo;

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
	/*
	 * Its address is taken for more than an out-parameter: `&v` handed
	 * to a call that only stores into it, or v bound to a reference
	 * that the callee only fills and reads, is in outs
	 * (wl_evalout_dep()).
	 */
	bool addr_escapes;
	struct wl_node **outs;
	unsigned nr_outs, alloc_outs;
	bool is_param;
	bool is_shared;		/* __shared__: one copy that the block sees */
	bool is_lane_id;	/* set from an asm read of %laneid */
	bool is_block_reg;	/* set from an asm read of %smid, %ctaid... */
	/*
	 * Its initializer did not parse (`int lane = LANE_ID;` with the
	 * macro's header missing): clang dropped it, and bytes
	 * [init_begin, init_end) hold what it was.
	 */
	bool init_unparsed;
	unsigned init_begin, init_end;
	/*
	 * A context function's (ensure_func()): its declaration and writes
	 * are known, for values the memory walk computes per lane, but its
	 * variation is not solved, and dep says LANE.
	 */
	bool unsolved;
	enum wl_dep dep;	/* at any use: joined over every write */
	enum wl_dep entry_dep;	/* a parameter's, as the callers pass it */
	/* scratch of counter_dep(): the loop being solved, its round's answer */
	const struct wl_node *loop_busy;
	enum wl_dep loop_dep;
	/* wl_eval_slot_compare_dep() is asking about it (a loop on it) */
	bool slot_busy;
};

struct wl_eval {
	struct wl_model *model;
	struct wl_eval_cache *cache;
	struct wl_extern_memo *externs;	/* header helpers judged (evalcall.c) */
	enum wl_launch launch;	/* set before the first question */
	/*
	 * Take what the file cannot show as block-uniform rather than
	 * lane-varying: the parameters of a device function with no caller
	 * in sight, and the result of a function whose code is nowhere in
	 * sight (declared in no header the file includes, or defined in
	 * another translation unit, as with separate compilation) unless
	 * its name says
	 * it is per thread (wl_evalcall_names_thread()), or rounds
	 * (`roundUp(n, blockDim.x)`, also as a loop bound).  For reports on
	 * barriers only: a mask built on it would be a guess.
	 */
	bool trust_unseen;
	/* components of returned vectors being followed (eval.c), nested */
	unsigned component_depth;
};

void wl_eval_init(struct wl_eval *ev, struct wl_model *model);

/*
 * Whether lanes of one warp may see different values of something that
 * varies as @d: LANE always; ROW for a fix (@for_fix) unless the launch is
 * stated as X32, for a report never (it assumes the usual launch, and a
 * launch stated as ANY makes threadIdx.y/z LANE in the first place).
 */
bool wl_eval_lane_varying(const struct wl_eval *ev, enum wl_dep d,
			  bool for_fix);
void wl_eval_release(struct wl_eval *ev);

/* The variable (local or parameter) @ref refers to, or NULL. */
struct wl_var *wl_eval_var(struct wl_eval *ev, const struct wl_node *ref);

/*
 * The expression whose value the variable read at @ref holds there: its
 * initializer, or the assignment that runs before the read on every path
 * with no other write that can come between (after `x = s_total;` a read
 * of x is s_total's value, whatever x held before).  For a parameter not
 * written before the read, its ParmDecl (the value the caller passed,
 * whose variation is the variable's entry_dep).  NULL when writes in
 * between, conditional writes, loops, goto or a switch leave it open, and
 * for parameters, __shared__ variables and variables whose address is
 * taken.
 */
struct wl_node *wl_eval_reaching(struct wl_eval *ev, struct wl_node *ref);

/*
 * How @sub (a subtraction) varies once terms that cancel are dropped:
 * `last - first` after `last = first + width;` varies as width does
 * (evaldiff.c).  False when nothing cancels.
 */
bool wl_eval_difference_dep(struct wl_eval *ev, struct wl_node *sub,
			    enum wl_dep *dep);

/*
 * Whether @addr (`&v`, or v bound to a reference) is an argument of a
 * call that only stores into it (evalout.c), and how much what that
 * call stores there varies, with the callee's parameters bound to the
 * call's arguments.
 */
bool wl_evalout_is_out_arg(struct wl_eval *ev, struct wl_node *addr);
enum wl_dep wl_evalout_dep(struct wl_eval *ev, struct wl_node *addr);

/* How much the value of @expr may vary across a warp. */
enum wl_dep wl_eval_dep(struct wl_eval *ev, struct wl_node *expr);

/*
 * How the local or parameter of @at's function named @name varies (the
 * most of those so named that are declared before @at): for expressions
 * that did not parse, where no reference leads to the declaration.
 * False when the function declares none.
 */
bool wl_eval_named_var_dep(struct wl_eval *ev, const struct wl_node *at,
			   const char *name, enum wl_dep *dep);

/*
 * How built-in variable @b ("threadIdx.y", "blockDim.x") varies: by lane
 * for threadIdx.x, by row for threadIdx.y/z (by lane under a launch
 * stated as ANY), not within the block for the others.
 */
enum wl_dep wl_eval_builtin_dep(const struct wl_eval *ev, const char *b);

/*
 * How an expression that did not parse varies, read from its tokens, the
 * bytes [@begin, @end) of the main file around @n (an empty node holding
 * a parse error, or the declaration whose initializer clang dropped), on
 * the barrier evaluator's trust (evalunparsed.c).
 */
enum wl_dep wl_eval_unparsed_dep(struct wl_eval *ev, const struct wl_node *n,
				 unsigned begin, unsigned end);

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

/* Whether @n (parentheses and casts aside) is built-in @name. */
bool wl_eval_is_builtin(struct wl_eval *ev, struct wl_node *n,
			const char *name);

/* Whether @e is `a OP b` of the built-ins @x and @y, in either order. */
bool wl_eval_builtin_pair(struct wl_eval *ev, struct wl_node *e,
			  enum CXBinaryOperatorKind op, const char *x,
			  const char *y);

/*
 * Whether @n is threadIdx.y * blockDim.x: added to threadIdx.x it gives
 * the linear thread index, whose warps are always runs of 32 whatever
 * the block's shape.
 */
bool wl_eval_row_offset(struct wl_eval *ev, struct wl_node *n);

/*
 * Evaluate @expr as an integer for the thread with threadIdx.x == @tid
 * (threadIdx.y == threadIdx.z == 0).  @tid is the linear index of the
 * thread, as the lane analysis takes it: `threadIdx.x + threadIdx.y *
 * blockDim.x` is @tid too, in a block of any shape.  Fails on anything
 * not a function of the thread index and constants.
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

/*
 * How much the number of times @loop runs varies.  That is its
 * condition's variation, except for loops proved to run equally often in
 * every thread although the index starts at a thread-dependent value:
 * `for (i = threadIdx.x; i < roundup(n, blockDim.x); i += blockDim.x)`
 * (a bound that is a multiple of the stride, through macros or the file's
 * helpers), and, with @simulate, constant bounds tried for 32 warps
 * (`for (i = lane; i < 64; i += 32)`: WARP).  See evaltrip.c.
 */
enum wl_dep wl_eval_trip_dep(struct wl_eval *ev, struct wl_node *loop,
			     bool simulate);

/*
 * How `i < bound` or `i >= bound` varies (@cmp) when i is in the same
 * step-sized slot in every thread: it starts at a uniform multiple of
 * the step plus the thread's offset below it, every write moves it by
 * that step under conditions every lane of a warp takes alike, and the
 * bound is a uniform multiple of the step.  ViennaCL's triangular solve
 * walks back `i = ((nnz - 1) / blockDim.x) * blockDim.x + threadIdx.x;`
 * and stops `if (i < blockDim.x) break; i -= blockDim.x;`: in every
 * thread at once.  False when that is not shown (evaltrip.c).
 */
bool wl_eval_slot_compare_dep(struct wl_eval *ev, struct wl_node *cmp,
			      enum wl_dep *dep);

/* Whether @expr has no side effects: no calls (but pure ones), no writes. */
bool wl_eval_pure(struct wl_eval *ev, struct wl_node *expr);

/* Whether the call is to a warp intrinsic or math function known pure. */
bool wl_eval_pure_call(const char *name);

/* Whether the variable @decl is declared __shared__. */
bool wl_eval_is_shared(CXCursor decl);

#endif
