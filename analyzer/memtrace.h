/* SPDX-License-Identifier: MIT */
/*
 * The trace of one kernel walk (memwalk.c): its events, accesses and
 * barriers in program order with each thread's elements, which the race
 * search (memrace.c) reads, after memlanes.c has evaluated its lanes.
 * Private to the memory analysis.
 */
#ifndef WL_ANALYZER_MEMTRACE_H
#define WL_ANALYZER_MEMTRACE_H

#include <stdbool.h>
#include <stdint.h>

#include "analyzer/memint.h"

#define MA_MAX_TRIPS 64
/* Trips walked of a loop whose condition cannot be decided. */
#define MA_FIRST_TRIPS 2
#define MA_MAX_CARRIED 6
#define MA_MAX_INSTANCES 4
/*
 * Bounds that keep a pathological kernel (deep unrolled loops full of
 * accesses) from taking long: past them the rest is given up on.
 */
#define MA_MAX_EVENTS 4096
#define MA_MAX_CHECKS 200000

/*
 * The uniform branches an event lies in, innermost last: which visit of
 * an if/else whose condition every lane of a warp decides alike, and
 * which side.  Two events on different sides of one visit never both
 * happen in a warp (memrace.c skips the pair).
 */
#define MA_MAX_BRANCHES 8

struct ma_branch {
	unsigned visit;
	bool is_else;
};

struct ma_event {
	int access;		/* -1: a barrier */
	struct wl_node *node;
	struct ma_env env;
	long long *elem;	/* per thread, when known */
	unsigned char *act;	/* per thread: performs it */
	int array;		/* the storage, in this context */
	bool known;
	bool opaque;		/* elements rest on unknown uniform values */
	bool guessed;		/* ... or on a guessed thread index */
	bool collective;	/* a barrier event that is only a collective */
	bool warp_only;		/* a barrier of one warp (__syncwarp) */
	/* its array cannot race: no lane evaluated (compute_events()) */
	bool lanes_skipped;
	/*
	 * Of a skipped access to an array of known size: the first thread
	 * whose element falls outside it (MA_TIDS: none, or not known), for
	 * limit_block().
	 */
	unsigned first_out;
	/*
	 * Of a computed access: the first thread whose index runs past the
	 * extent of a row of the array it indexes (MA_TIDS: none), for
	 * limit_block().
	 */
	unsigned first_past_row;
	unsigned loop_depth;
	struct ma_branch branch[MA_MAX_BRANCHES];
	unsigned nr_branch;
};

struct ma_walk {
	struct wl_mem *mem;
	struct ma_event *ev;
	unsigned nr_ev, alloc_ev;
	struct ma_frame *frames;	/* every frame, for freeing */
	struct wl_func *stack[MA_MAX_DEPTH];
	/* the template arguments each frame of @stack runs with (memwalk.c) */
	uint64_t stack_keys[MA_MAX_DEPTH];
	unsigned depth;
	unsigned loop_depth;
	bool truncated;		/* MA_MAX_EVENTS or MA_MAX_CHECKS reached */
	unsigned threads;	/* of the block, as limit_block() bounds it */
	bool threads_rounded;	/* down to a power of two from the bound */
	/* the uniform if/else sides the walk is in (see struct ma_branch) */
	struct ma_branch branch[MA_MAX_BRANCHES];
	unsigned nr_branch, branch_visits;
};

/* Whether @a and @b lie on the two sides of one uniform if/else visit. */
bool ma_events_exclusive(const struct ma_event *a, const struct ma_event *b);

/* ---- accesses and guards (memaccess.c) ---- */

/*
 * wl_node_walk() visitor over a function body (@data: the struct wl_mem):
 * records each access of storage that lanes may share.
 */
bool ma_collect_access(struct wl_node *n, void *data);

/* Whether thread @tid gets to @node, as far as the guards tell. */
bool ma_active(struct wl_mem *mem, struct wl_node *node,
	       const struct ma_env *env, unsigned tid);

/* Forget what ma_active() learnt: the model of the lanes changed. */
void ma_forget_active(struct wl_mem *mem);

/* The storage and element access @a touches in @env, for ev->tid. */
bool ma_access_loc(struct ma_eval *ev, const struct wl_mem_access *a,
		   const struct ma_env *env, struct ma_loc *loc);

/* ---- the walk (memwalk.c) ---- */

/* The integral template arguments of one instantiation of a template. */
struct ma_instance {
	long long values[16];
	bool is_value[16];
	unsigned nr;
};

struct ma_instances {
	struct wl_func *fn;
	struct ma_instance v[MA_MAX_INSTANCES];
	unsigned nr;
};

/*
 * The variable a for header counts with, and its first value.  A
 * header that declares several (`for (int k = 0, n = count(); k < n;
 * ++k)`) counts with the one its increment steps.
 */
bool ma_loop_var(struct wl_node *loop, CXCursor *decl,
		 struct wl_node **first);

/*
 * Apply loop increment @inc to *@value, the current value of variable
 * @decl (`k++`, `k += 32`, `k >>= 1`); false if it does not step @decl
 * by a value known in @env.
 */
bool ma_step(struct wl_mem *mem, struct wl_node *inc, CXCursor decl,
	     struct ma_env *env, long long *value);

/*
 * The instantiations of template kernel @fn that the file shows:
 * explicit instantiations and launches with constant arguments.
 */
void ma_collect_instances(struct wl_mem *mem, struct wl_func *fn,
			  struct ma_instances *is);

/*
 * Walk root function @fn (a kernel, or a device function nobody in the
 * file calls), its template parameters bound to @in's values (NULL:
 * none known), into the trace @w; w->truncated if a bound cut it short.
 */
void ma_walk_kernel(struct wl_mem *mem, struct wl_func *fn,
		    const struct ma_instance *in, struct ma_walk *w);

/* Free the trace @w: its events and frames. */
void ma_release_walk(struct ma_walk *w);

/* ---- lanes and partners (memlanes.c) ---- */

/*
 * Each event's active lanes and, for the accesses of arrays that can
 * race, each lane's element; the others are probed for their array only
 * (lanes_skipped).
 */
void ma_compute_events(struct wl_mem *mem, struct ma_walk *w);

/*
 * The events each access event can race with, by array and in walk order:
 * every access to its array if it writes, only the writes if it reads
 * (two reads never race; collide() too wants a write).  The search visits
 * these instead of every later event: a read-heavy kernel at the walk's
 * size bound had 8 million pairs to skip, one by one.
 */
struct ma_partners {
	unsigned *all, *writes;		/* event numbers, bucketed by array */
	unsigned *all_at, *writes_at;	/* bucket a: [at[a], at[a + 1]) */
};

void ma_find_partners(const struct wl_mem *mem, const struct ma_walk *w,
		      struct ma_partners *pt);
/* Event @i's partners from @i on: *@list up to *@end. */
void ma_partners_of(const struct wl_mem *mem, const struct ma_walk *w,
		    const struct ma_partners *pt, unsigned i,
		    const unsigned **list, const unsigned **end);
void ma_release_partners(struct ma_partners *pt);

/* ---- stretches (memregion.c) ---- */

/*
 * Record that lane @ti at event @p and lane @tj at event @q meet, @p
 * reading (@p_reads) or writing, in the stretch of their statements.
 * Returns the new race, or NULL when the pair was known (then only
 * @cross_warp is added to it).
 */
struct wl_mem_race *ma_record(struct wl_mem *mem, struct ma_event *p,
			      struct ma_event *q, unsigned ti, unsigned tj,
			      bool p_reads, bool cross_warp);

/* The walk numbered mem->walks stopped at a size bound: mark its stretches. */
void ma_mark_cut(struct wl_mem *mem);

/* After every kernel's search: merge stretches, note the barriers after. */
void ma_finish_regions(struct wl_mem *mem);

#endif
