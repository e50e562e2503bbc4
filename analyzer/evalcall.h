/* SPDX-License-Identifier: MIT */
/*
 * The uniformity of what calls return, where the callee is not one of the
 * model's functions: compile-time members of template arguments
 * (`Traits::isBackward()`, `T::kSize`), Cooperative Groups queries
 * (`block.size()`, `tile.thread_rank()`), and helpers defined in headers,
 * judged from their definitions.  Private to the evaluator (eval.c).
 */
#ifndef WL_ANALYZER_EVALCALL_H
#define WL_ANALYZER_EVALCALL_H

#include <stdbool.h>

#include "analyzer/eval.h"

struct wl_extern_memo;

void wl_evalcall_release(struct wl_eval *ev);

/*
 * Whether @ref (a DeclRefExpr that names no declaration) is a member of a
 * type that a template leaves unresolved: `T::kSize`, the callee of
 * `Traits::isBackward()`.  Such members are static, hence compile-time
 * constants or functions of their arguments alone.
 */
bool wl_evalcall_dependent_member(const struct wl_node *ref);

/*
 * A Cooperative Groups query on a group object: sets *@dep and returns
 * true for the queries it knows (sizes and ranks), false otherwise.
 */
bool wl_evalcall_cg(struct wl_eval *ev, struct wl_node *call,
		    enum wl_dep *dep);

/*
 * What @call, of a function outside the model, adds to its arguments'
 * variation, judged from the callee's definition when the translation
 * unit has one (a helper in a header): LANE if it reads the thread index,
 * runs asm or calls something that does, BLOCK otherwise.  LANE when no
 * definition is visible.  A dependent call in a template is judged by
 * every candidate its name can resolve to.
 */
enum wl_dep wl_evalcall_extern(struct wl_eval *ev, CXCursor call);

/*
 * How much what function definition @def returns varies, read from its
 * syntax alone: every `return` at the top level of its body, and the
 * locals they read set once (const, or never written after their
 * initializer) and followed there.  False when its returns do not show
 * it; then nothing is set.
 */
bool wl_evalcall_returns_dep(struct wl_eval *ev, CXCursor def,
			     enum wl_dep *dep);

/*
 * Calls whose result depends only on their arguments (bit tricks, the C
 * library's math and its float forms).
 */
bool wl_evalcall_is_pure(const char *name);

/* Warp collectives whose result every participating lane shares. */
bool wl_evalcall_is_warp_uniform(const char *name);

/*
 * Whether @name, lower-cased and without underscores, contains @word
 * (also lower-case): `roundUp`, `ROUND_UP` and `round_up` for "roundup".
 */
bool wl_evalcall_name_has(const char *name, const char *word);

/*
 * Integer arithmetic helpers by their names (`roundUp`, `ceilDiv`,
 * `divUp`, `alignUp`): where no declaration is in the translation unit
 * (a header the file does not include itself), the barrier evaluator
 * takes their result to vary only as their arguments do.
 */
bool wl_evalcall_is_arith_helper(const char *name);

/*
 * Whether no code of what @call names is in sight: no declaration at
 * all, or one whose definition is in another translation unit (a
 * __device__ function of a separately compiled file).
 */
bool wl_evalcall_unseen(CXCursor call);

/*
 * Whether a function's name says its result differs between threads
 * (`laneId`, `getThreadIndex`, `tid`, `warpRank`).
 */
bool wl_evalcall_names_thread(const char *name);

/*
 * Whether a parameter's name says it holds a thread's index (`lane`,
 * `laneId`, `tid`, `thread_idx`), for a helper whose callers are out of
 * sight; `nthreads` and `warp` do not.
 */
bool wl_evalcall_param_names_thread(const char *name);

#endif
