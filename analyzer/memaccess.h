/* SPDX-License-Identifier: MIT */
/*
 * Memory access facts for the WL3xx/WL4xx rules: every access in device
 * code to memory that lanes of a warp share, which storage it touches, its
 * element as a function of the thread index, and the barriers between
 * accesses, found by walking each kernel with its helper calls inlined
 * and its counted loops unrolled.
 *
 * Storage is what real code reaches (analyzer/memstore.c): a __shared__
 * variable or a member of a __shared__ struct or union, through local
 * pointers, pointer offsets (`s + 64 * warp`), rows of 2-D arrays, pointer
 * and reference parameters bound at the call, pointers returned by helpers
 * (`getPointer()`), reference members of a class set by its constructor
 * (the warp-scan objects of primitive libraries); a kernel's pointer
 * parameters (global memory); and, by the pre-Volta convention, a volatile
 * pointer whose caller is not in the file.  Accesses are subscripts,
 * dereferences, and small load/store helpers given an address
 * (`store(&s[i], v)`).
 *
 * The race question is "does a lane read (or write) an element that
 * another lane of its warp writes, with no barrier between?".  It is
 * answered by evaluating each index for the threads of a few warps, not
 * symbolically: an index the evaluator cannot compute (data, pointer
 * arithmetic it cannot follow) is given up on and counted, never guessed,
 * except for one idiom: volatile accesses with the same data-dependent
 * index that a retry loop reads back (the tag-based warp histogram).
 * Unknown warp-uniform values (a kernel's integer parameters, template
 * parameters without an instantiation) take one large value that is the
 * same in every lane: indices built on them still compare, conditions on
 * them are taken as true for every lane.
 *
 * Assumptions: threadIdx.y/z and blockIdx are the same in every lane of a
 * warp (blockDim.x a multiple of 32), blockDim.x is 256 where a loop
 * bound needs it, and an integer parameter of a device function nobody
 * in the file calls is the thread index.
 */
#ifndef WL_ANALYZER_MEMACCESS_H
#define WL_ANALYZER_MEMACCESS_H

#include "analyzer/libclang.h"
#include <stdbool.h>
#include <stdint.h>

#include "analyzer/model.h"
#include "base/u64map.h"

struct wl_ctx;
struct wl_var;

enum wl_mem_flags {
	WL_MEM_READ = 1 << 0,
	WL_MEM_WRITE = 1 << 1,
	WL_MEM_VOLATILE = 1 << 2,	/* through a volatile lvalue */
};

enum wl_mem_kind {
	WL_MEM_SHARED,		/* __shared__ storage */
	WL_MEM_GLOBAL,		/* behind a kernel's pointer parameter */
	WL_MEM_VOLATILE_PTR,	/* behind a volatile pointer, caller unseen */
	WL_MEM_MEMBER,		/* a class's reference member, owner unseen */
	/*
	 * Behind a plain pointer parameter, caller unseen: shared only
	 * where the helper indexes it by the thread's own index
	 * (threadIdx, %laneid, a parameter that defaults to one), never
	 * on a guessed index.
	 */
	WL_MEM_THREAD_PTR,
};

/* One piece of storage. */
struct wl_mem_array {
	CXCursor decl;		/* variable, parameter or field */
	CXCursor field;		/* the member of a shared struct, or null */
	const char *name;	/* "s", "smem.partial" */
	enum wl_mem_kind kind;
	bool is_shared;		/* kind == WL_MEM_SHARED */
	char *elem_type;	/* unqualified element type, "float", "T" */
	long long size;		/* elements, when a constant; else 0 */
	const char *view;	/* element type a cast reads it as, or NULL */
};

/*
 * One access: an outermost subscript (`s[i]`, `s[y][x]`, `p[i]`,
 * `smem.partial[i]`), a dereference (`*p`), or the lvalue whose address a
 * load/store helper takes (`s[i]` in `store(&s[i], v)`).
 */
struct wl_mem_access {
	struct wl_node *expr;	/* the lvalue */
	struct wl_node *base;	/* what it is spelled through, for messages */
	struct wl_node *idx[4];	/* subscripts, outermost dimension first */
	unsigned nr_idx;
	struct wl_node *stmt;	/* the statement it belongs to */
	unsigned array;		/* in wl_mem.arrays, as first resolved */
	unsigned flags;
	/* The pointer variable or parameter it goes through, if any. */
	struct wl_node *ptr_decl;
	/* @expr is the address a load/store helper is given (`store(p, v)`). */
	bool by_address;
	/*
	 * The member of the element it names (`.y` of `p[i].y`), as a key
	 * of its name, or 0 for the whole element: `p[i].y` and `p[j].x`
	 * never meet.
	 */
	uint64_t field;
};

/* A pair of accesses that race, found in one barrier-free stretch. */
struct wl_mem_race {
	unsigned reader, writer;	/* accesses (reader may also write) */
	bool write_write;		/* both only write (not reported) */
	unsigned lane, other;		/* an example: thread ids in one warp */
	long long element;		/* the element both touch */
	bool collision;			/* same data-dependent index */
	/*
	 * Lanes of different warps meet at these elements too, with no
	 * block barrier between: a __syncwarp() cannot order them.
	 */
	bool cross_warp;
	unsigned array;			/* the storage they meet in */
};

/* A barrier-free stretch of a kernel that holds races. */
struct wl_mem_region {
	struct wl_node *first;		/* first racing statement (key) */
	struct wl_mem_race *races;
	unsigned nr_races, alloc_races;
	struct wl_node **stmts;		/* statements with racing accesses */
	unsigned nr_stmts, alloc_stmts;
	/*
	 * Calls that bring a racing statement of another function into the
	 * kernel: reported too, where the user reads the kernel.
	 */
	struct wl_node **calls;
	unsigned nr_calls, alloc_calls;
	bool in_loop;			/* the stretch repeats in a loop */
	/*
	 * A race between two functions runs against the order of their
	 * statements in the file (a kernel's read, then a write in a helper
	 * defined above it): barriers placed in file order would miss it.
	 */
	bool against_file_order;
	bool barrier_after;		/* a barrier right after each stmt */
	/*
	 * The storage was taken to be shared by convention: a volatile
	 * pointer or a class member whose owner is not in the file.
	 */
	bool unseen;
	/*
	 * Found with rows of a width rounded down from the code's bound
	 * (wl_mem.row_width_rounded): a __syncwarp() is right only if the
	 * launch has that width.
	 */
	bool rows_rounded;
	/*
	 * The walk or the race search of a kernel that meets the stretch
	 * stopped at a size bound: races it did not reach would stay after
	 * a fix, so there is none.
	 */
	bool cut;
	unsigned walk;			/* the last walk that added a race */
};

struct wl_mem_cache_entry;

struct wl_mem {
	struct wl_ctx *ctx;
	struct wl_mem_array *arrays;
	unsigned nr_arrays, alloc_arrays;
	/*
	 * arrays[] by (decl, field, view): open addressing, slot = index + 1
	 * (0 empty), a power of two at most half full.  A file of many
	 * kernels has as many pointer parameters: no linear search.
	 */
	unsigned *array_slots;
	unsigned nr_array_slots;
	struct wl_mem_access *accesses;
	unsigned nr_accesses, alloc_accesses;
	struct wl_mem_region *regions;
	unsigned nr_regions, alloc_regions;
	/* Accesses whose index could not be evaluated: given up on. */
	unsigned nr_unknown;
	bool truncated;		/* a size bound cut the analysis short */
	/*
	 * The launch shape of the kernel being walked.  0, the usual one:
	 * threadIdx.x is the thread's index in the block, threadIdx.y and
	 * .z are 0.  Otherwise the code bounds blockDim.x below a warp
	 * (`gauss[tx]` in `__shared__ float gauss[16]`) and reads
	 * threadIdx.y: rows of this many threads, several to a warp, so
	 * threadIdx.x is the thread's index modulo it and threadIdx.y the
	 * row (see memrace.c, search_kernel()).
	 */
	unsigned row_width;
	/*
	 * The row width is a power of two taken below the bound the code
	 * gives (a tile's rows of 17 hold 16 threads): fixes that rest on
	 * which rows share a warp are a guess then (wl_mem_region).
	 */
	bool row_width_rounded;
	/* Helpers that pass a barrier (memaccess.c, helper_synchronizes()). */
	struct wl_u64map sync_helpers;
	/* Helpers' reference parameters they may write (param_may_be_written()). */
	struct wl_u64map ref_writes;
	unsigned walks;		/* kernel walks so far, numbering them */
	/* Cache: whether a variable eval.c saw passed bare to a call
	   really escapes (see memeval.c, escapes()). */
	struct wl_mem_escape {
		const struct wl_var *var;
		bool escapes;
	} *escape;
	unsigned nr_escape, alloc_escape;
	/*
	 * What a local variable held for one thread at one use, in one
	 * context of the walk (memeval.c, eval_local()): the index and guard
	 * of every event of every lane reads the same chains of locals.
	 */
	struct ma_local_memo *local_memo;
	/*
	 * What an expression evaluates to in every thread, because it
	 * reads nothing of the thread, in one context (ma_eval_thread()).
	 */
	struct ma_thread_memo *thread_memo;
	/*
	 * Whether a thread reaches a call, in one context (memactive.c,
	 * ma_active()): every event inside the call asks it again.
	 */
	struct ma_active_memo *active_memo;
	/*
	 * Whether a condition resting on opaque values tells lanes apart,
	 * in one context (memactive.c, eval_on_opaque()).
	 */
	struct ma_split_memo *split_memo;
	/* Each block's guard statements, by preorder index (memactive.c). */
	struct ma_guards **guards_of;
	/*
	 * What group each `g.size()`-like call asks, by preorder index:
	 * 0 not yet known, 1 none, 2 a thread block, N + 2 a tile of N
	 * (memeval.c, group_of()).
	 */
	long long *group_of;
	/* Cache of answers about functions outside the model (headers). */
	struct wl_mem_cache_entry *raw;
	unsigned nr_raw, alloc_raw;
	/* Its index: chains of entry numbers + 1 by (hash, kind) (memraw.c). */
	unsigned *raw_bucket, *raw_next, nr_raw_buckets;
	/* Access of each model node, by preorder index (-1: none). */
	int *access_of;
	unsigned nr_access_of;
	/*
	 * Every specialization of a function template the file names, with
	 * its template: found in one walk of the TU, then filtered for each
	 * template kernel (see memwalk.c, ma_collect_instances()).
	 */
	struct wl_mem_spec {
		CXCursor spec, tmpl;
	} *specs;
	unsigned nr_specs, alloc_specs;
	bool specs_done;
};

/* Collect the accesses of @ctx's model and find the races. */
void wl_mem_build(struct wl_mem *mem, struct wl_ctx *ctx);
void wl_mem_release(struct wl_mem *mem);

/*
 * @ctx's memory analysis, built on the first call; wl_mem_drop() frees
 * it with the context.
 */
struct wl_mem *wl_mem_of(struct wl_ctx *ctx);
void wl_mem_drop(struct wl_ctx *ctx);

/* The access whose lvalue is @expr, or -1. */
int wl_mem_access_of(const struct wl_mem *mem, const struct wl_node *expr);

/*
 * Whether two accesses may touch the same bytes of an element: `p[i].y`
 * and `p[j].x` never do.
 */
static inline bool wl_mem_fields_may_meet(const struct wl_mem_access *a,
					  const struct wl_mem_access *b)
{
	return !a->field || !b->field || a->field == b->field;
}

/*
 * Evaluate @expr (in @expr's function, the function's parameters bound
 * through its call sites) for thread @tid.  Loop variables are unknown.
 */
bool wl_mem_eval(struct wl_mem *mem, struct wl_node *expr, unsigned tid,
		 long long *value);

/*
 * The flat element index of access @a for thread @tid, and whether that
 * thread performs it (its guards, where they can be evaluated).
 */
bool wl_mem_index(struct wl_mem *mem, unsigned a, unsigned tid,
		  long long *element, bool *active);

/*
 * The values the variable of a counted for loop takes, when they are the
 * same in every thread: `for (int o = 16; o > 0; o /= 2)` gives 16..1.
 */
bool wl_mem_loop_values(struct wl_mem *mem, struct wl_node *loop,
			CXCursor *var, long long *values, unsigned max,
			unsigned *nr);

/* wl_mem_index with the loop variable @var bound to @value. */
bool wl_mem_index_bound(struct wl_mem *mem, unsigned a, unsigned tid,
			CXCursor var, long long value, long long *element);

/*
 * The lanes of warp 0 that the guards around @node (up to its function)
 * do not rule out, as this analysis evaluates them: it follows class
 * fields and helpers that the uniformity analysis does not.
 */
uint32_t wl_mem_lanes_reaching(struct wl_mem *mem, struct wl_node *node);

/* Whether condition @cond takes different values in lanes of one warp. */
bool wl_mem_cond_splits_warp(struct wl_mem *mem, struct wl_node *cond);

/* Whether @call is a barrier: __syncwarp, __syncthreads, cg .sync(). */
bool wl_mem_is_barrier(struct wl_model *model, struct wl_node *call);

/* The statement @node belongs to (a child of a block, if, or loop). */
struct wl_node *wl_mem_statement(struct wl_node *node);

/*
 * The field the member expression @member names (`smem.sum`), also where
 * libclang leaves it unresolved in a template; a null cursor if none.
 */
CXCursor wl_mem_member_field(struct wl_mem *mem, struct wl_node *member);

#endif
