/* SPDX-License-Identifier: MIT */
/*
 * Internals shared by the three parts of the memory analysis:
 *
 *   memeval.c   the value of an integer expression for one thread, in the
 *               context of a walk (loop variables bound, helper parameters
 *               read through their call, class fields through the
 *               constructor that set them), with membind.c (the walk's
 *               bindings) and memconst.c (a template's constants);
 *   memstore.c  which storage an lvalue or pointer names and at which
 *               element, for one thread (shared variables, members of
 *               shared structs, pointers, rows, returned pointers, class
 *               members, kernel pointer parameters);
 *   memaccess.c collecting the accesses, walking each kernel into a trace
 *               of accesses and barriers, and finding the races, with
 *               memmember.c (which member of an element an access names).
 *
 * Not a public header: rules use analyzer/memaccess.h.
 */
#ifndef WL_ANALYZER_MEMINT_H
#define WL_ANALYZER_MEMINT_H

#include "analyzer/libclang.h"
#include <stdbool.h>
#include <stdint.h>

#include "analyzer/memaccess.h"

/* The member of an element that an access names (memmember.c). */
struct ma_member {
	uint64_t field;		/* key of the member's name; 0: the whole */
	bool method;		/* a method called on the element, */
	bool resolved;		/* whose declaration is known, */
	bool accessor;		/* which touches one member only (@field), */
	unsigned kind;		/* with WL_MEM_READ, | WL_MEM_WRITE if not const */
};

/*
 * What member expression @member (`.weight`, `.empty` of a call) names
 * of element @elem (`cells[i]`).
 */
void ma_member_of(struct wl_model *m, struct wl_node *elem,
		  struct wl_node *member, struct ma_member *out);

/*
 * Whether nothing in @kernel or the helpers it calls tells one thread
 * from another (memalike.c): its lanes do not talk through memory.
 */
bool ma_threads_alike(struct wl_model *m, const struct wl_func *kernel);

/* Threads evaluated: 8 warps, enough to tell warps apart. */
#define MA_TIDS 256u
#define MA_WARPS (MA_TIDS / 32u)
/*
 * blockDim.x where a loop bound needs it (the classic reduction's
 * `s = blockDim.x / 2`): a typical power of two; only loops whose every
 * trip is barrier-separated or cross-warp depend on it.
 */
#define MA_BLOCK_DIM 256
#define MA_MAX_BINDS 16
#define MA_MAX_DEPTH 8
/* Calls one evaluation may look into for the storage they return. */
#define MA_MAX_CALL_LOCS 4096
/* How deep one evaluation (values, pointers) may recurse, self-reference included. */
#define MA_MAX_EVAL_DEPTH 48

/* A variable (or template parameter) bound to a value during the walk. */
struct ma_bind {
	CXCursor decl;
	long long value;
	bool opaque;		/* the value stands for an unknown uniform */
	/*
	 * Opaque, but a plausible first value of a tree loop's counter
	 * (memwalk.c): a condition that splits the lanes on it (`tid < s`)
	 * is decided with it, as the code's own tree would split them.
	 */
	bool plausible;
	/*
	 * Not NULL: a counter that differs per thread but steps the same
	 * in all (`s[off++]` after `off = lane * 4`): @value is how far it
	 * has stepped since it held its own value just before this loop.
	 */
	struct wl_node *entry;
};

/*
 * A call being walked (or a construction being looked into): parameters
 * of @fn read the arguments of @call in the frame above.  A member call
 * names its object; a call on `this` inherits the caller's object.
 */
struct ma_frame {
	struct wl_node *call;
	struct wl_func *fn;
	struct wl_node *object;	/* `w` in `w.step()`, or NULL */
	bool on_this;		/* step() inside a method of the same object */
	struct ma_frame *up;
	struct ma_frame *next_alloc;
};

struct ma_env {
	struct ma_bind binds[MA_MAX_BINDS];
	unsigned nr_binds;
	struct ma_frame *frame;
	/*
	 * While loops whose condition the walk found true in every thread
	 * for the trip being walked.  Their bodies' guards skip it: by the
	 * time of a later statement the body may have stepped the variable
	 * (`offs >>= 1; __syncthreads();` ends the trip with offs == 0 on
	 * the last one, and that barrier would read as reached by no one).
	 */
	struct wl_node *held[MA_MAX_DEPTH];
	unsigned nr_held;
};

/*
 * A member initializer being evaluated with no construction in sight
 * (the fallback of ma_field_init()), in a chain up the C stack.
 */
struct ma_init_guard {
	const struct wl_node *init;
	const struct ma_init_guard *up;
};

/*
 * One evaluation for one thread.  @opaque is set when the value rests on
 * an unknown warp-uniform quantity (a kernel's integer parameter, a
 * template parameter with no instantiation in sight): such a value stands
 * for a large multiple of 4096 that is the same in every lane, good
 * enough to compare indices (`s[n + lane]` against `s[n + lane + 1]`) but
 * never to decide a condition.
 */
struct ma_eval {
	struct wl_mem *mem;
	unsigned tid;
	bool opaque;
	int depth;
	/*
	 * Calls looked into for the storage they return, in this
	 * evaluation: a bound, since each may try every method of its
	 * name (thrust's tuples and iterators: dozens of `get`).
	 */
	unsigned call_locs;
	/*
	 * The value rests on a helper's parameter taken to be the thread
	 * index only because no caller is in sight (see eval_param()):
	 * enough to read a volatile pointer's accesses, never to say that
	 * plain memory is shared.
	 */
	bool guessed;
	/*
	 * The value rests on this thread's index or on the launch shape the
	 * model assumes (blockDim.x is MA_BLOCK_DIM, blockIdx 0): good for
	 * indices, not for deciding which code the program runs.
	 */
	bool assumed;
	/*
	 * Unbound member initializers in progress: a copying constructor
	 * (`_base = source._base`) read with no construction in sight
	 * names its own initializer again, to the depth limit (see
	 * ma_init_enter()).
	 */
	const struct ma_init_guard *unbound_inits;
	/*
	 * Counts the reads of @tid (and of the launch shape), shared by the
	 * sub-evaluations, failed ones too: a value that read none is every
	 * thread's (ma_eval_thread()).  NULL: not counted.
	 */
	unsigned *tid_reads;
};

/* @ev's thread index, counted as read. */
static inline unsigned ma_tid(const struct ma_eval *ev)
{
	if (ev->tid_reads)
		(*ev->tid_reads)++;
	return ev->tid;
}

/* memshape.c */
/*
 * Built-in variable @var.@member (`threadIdx`, 'y') for thread @tid under
 * the launch shape the walk models (struct wl_mem, row_width).
 */
bool ma_builtin_value(const struct wl_mem *mem, const char *var, char member,
		      unsigned tid, long long *out);

/* memeval.c */
bool ma_eval(struct ma_eval *ev, struct wl_node *n, const struct ma_env *env,
	     long long *out);
/*
 * ma_eval() of @n for thread @tid, from the top, its marks (opaque,
 * guessed, assumed) left in *@ev.  A value that reads nothing of the
 * thread is remembered per context and given to every thread: the
 * guards of every event are asked once per lane.
 */
bool ma_eval_thread(struct wl_mem *mem, struct wl_node *n,
		    const struct ma_env *env, unsigned tid, struct ma_eval *ev,
		    long long *out);
/* What ma_eval_thread() remembered: the launch shape changed. */
void ma_forget_thread_values(struct wl_mem *mem);
/* The value for thread @tid, failing on opaque values (conditions). */
bool ma_eval_exact(struct wl_mem *mem, struct wl_node *n,
		   const struct ma_env *env, unsigned tid, long long *out);
/*
 * A value the program fixes for every thread of every launch: constants,
 * template arguments, unrolled counters; nothing of struct ma_eval's
 * opaque, guessed or assumed.
 */
bool ma_eval_known(struct wl_mem *mem, struct wl_node *n,
		   const struct ma_env *env, long long *out);
/*
 * Model the block as rows @width threads wide (0: the usual shape, see
 * struct wl_mem), @rounded when the width was taken down to a power of
 * two from the code's bound; what was evaluated under the other shape
 * is forgotten.
 */
void ma_model_rows(struct wl_mem *mem, unsigned width, bool rounded);
/* The same value in a few lanes of different warps; exact. */
bool ma_eval_uniform(struct wl_mem *mem, struct wl_node *n,
		     const struct ma_env *env, long long *out);
/*
 * The value local @v holds just before statement @at runs (writes inside
 * @at not counted), the same in every thread; exact.
 */
bool ma_eval_var_before(struct wl_mem *mem, struct wl_var *v,
			struct wl_node *at, const struct ma_env *env,
			long long *out);
const struct ma_bind *ma_binding(const struct ma_env *env, CXCursor decl);
/* A binding's value; false for none, and for a per-thread counter. */
/*
 * A key for what @env holds (bindings, the frames' calls and objects,
 * loops held), never the address of a frame, which a later walk may
 * reuse for another call: for memos of evaluations in a context.
 */
uint64_t ma_env_key(const struct ma_env *env);
uint64_t ma_mix(uint64_t h, uint64_t x);
bool ma_bound(const struct ma_env *env, CXCursor decl, long long *v,
	      bool *opaque);
void ma_bind(struct ma_env *env, CXCursor decl, long long v, bool opaque);
/* Bind @decl to a plausible value of an unknown tree counter. */
void ma_bind_plausible(struct ma_env *env, CXCursor decl, long long v);
/* Bind @decl as a per-thread counter of @loop (see struct ma_bind). */
void ma_bind_counter(struct ma_env *env, CXCursor decl, struct wl_node *loop);
/* Step a per-thread counter by @delta. */
void ma_step_counter(struct ma_env *env, CXCursor decl, long long delta);
void ma_unbind(struct ma_env *env, CXCursor decl);
int ma_param_index(struct wl_func *fn, CXCursor decl);
/* The written arguments of a call or of a construction (`T obj(a, b)`). */
unsigned ma_call_args(struct wl_mem *mem, struct wl_node *call,
		      struct wl_node **args, unsigned max);
/* The argument for parameter @pi of the frame's call (NULL: none). */
struct wl_node *ma_frame_arg(struct wl_mem *mem, const struct ma_env *env,
			     struct wl_func *fn, int pi, struct ma_env *up);
/*
 * The object a member of `this` belongs to in @env: the object
 * expression and the environment to read it in.  False when unknown.
 */
bool ma_this_object(const struct ma_env *env, struct wl_node **obj,
		    struct ma_env *obj_env);
/*
 * The initializer a constructor gives field @field of @obj (a variable
 * or a construction), and the environment that reads it (a frame for
 * the construction, built in @frame).  Without an object, the one
 * constructor of the field's class in the file that sets it.
 */
struct wl_node *ma_field_init(struct wl_mem *mem, CXCursor field,
			      struct wl_node *obj, const struct ma_env *obj_env,
			      struct ma_frame *frame, struct ma_env *init_env);

/*
 * The initializer of member @field as node @n (`this->f`, `obj.f`) reads
 * it: of `this` (the object being walked) or of a local object; NULL when
 * no constructor of the file sets it.
 */
struct wl_node *ma_member_init(struct ma_eval *ev, struct wl_node *n,
			       CXCursor field, const struct ma_env *env,
			       struct ma_frame *frame, struct ma_env *init_env);
/*
 * Before evaluating @init, the initializer ma_member_init() returned
 * with @frame: false when it is the fallback's (no construction) and
 * already being evaluated that way, a cycle that can only fail;
 * otherwise @guard is pushed.  ma_init_leave() pops it either way.
 */
bool ma_init_enter(struct ma_eval *ev, struct ma_init_guard *guard,
		   const struct wl_node *init, const struct ma_frame *frame);
void ma_init_leave(struct ma_eval *ev, const struct ma_init_guard *guard);
/*
 * memconst.c: the value of enumerator or integer constant @decl from its
 * initializer, with the template parameters @env binds (`enum { N = 1 <<
 * LOG }` in `Reduce<5>`); false when the initializer is beyond it.
 */
bool ma_eval_constant(struct ma_eval *ev, CXCursor decl,
		      const struct ma_env *env, long long *out);
/* Whether @t is an integer, bool or enum type (memconst.c). */
bool ma_is_integer_type(CXType t);
/* The value every thread gives an opaque symbol: see struct ma_eval. */
long long ma_opaque_value(CXCursor decl);
/* Strip parentheses, implicit and explicit casts. */
struct wl_node *ma_strip(struct wl_node *n);

/* memraw.c: functions outside the model (a header's helpers) */

/* A question about a function outside the model (or a declaration), and
   its answer. */
struct wl_mem_cache_entry {
	unsigned hash;
	CXCursor fn;
	int what;		/* enum ma_cache_kind */
	bool answer;
	struct wl_node *node;	/* MA_CACHE_DECL: the declaration, or NULL */
	long long *values;	/* MA_CACHE_VALUE: per thread, or NULL */
	CXCursor shared;	/* MA_CACHE_MEMBER: the storage it returns */
	const char *method;	/* MA_CACHE_MEMBER: its name (model arena) */
	struct wl_func *ctor;	/* MA_CACHE_FIELD_INIT: sets fn there */
};

enum ma_cache_kind {
	MA_CACHE_FORGOTTEN,	/* an answer cut short: never found */
	MA_CACHE_LANE_ID,
	MA_CACHE_BARRIER,
	MA_CACHE_DECL,
	MA_CACHE_VALUE,
	MA_CACHE_MEMBER,	/* fn: class (template); hash: with the method */
	MA_CACHE_FIELD_INIT,	/* fn: a field; node: its initializer or NULL */
};

/* Whether a call to a function outside the model is a barrier. */
bool ma_raw_barrier(struct wl_mem *mem, CXCursor fn);
/*
 * Whether call @call, which names no function libclang resolves (a
 * dependent `Alias(storage).Sum(x)` in a template), reaches a barrier
 * in every member of that name the alias's class templates define.
 */
bool ma_raw_call_barrier(struct wl_mem *mem, CXCursor call);
/* Whether a function outside the model returns %laneid from asm. */
bool ma_raw_lane_id(struct wl_mem *mem, CXCursor fn);
/*
 * The value a parameterless function outside the model returns for
 * thread @tid, when its body is `return EXPR;` over the built-in
 * variables and constants (`warp_id() { return threadIdx.x >> 5; }`).
 */
bool ma_raw_value(struct wl_mem *mem, CXCursor fn, unsigned tid,
		  long long *out);

enum ma_raw_ret { MA_RET_NONE, MA_RET_THIS, MA_RET_SHARED };
/*
 * What a function outside the model returns: its object (`Alias()`
 * returning `*this`) or a __shared__ variable (then in *@shared).
 */
enum ma_raw_ret ma_raw_returns(CXCursor fn, CXCursor *shared);
/*
 * A method @method of the class (template) an object of type @obj is,
 * in any of its specializations, returns a __shared__ variable:
 * `SharedMem<T>::getPointer()` returning `extern __shared__ float s[]`.
 */
bool ma_raw_member_shared(struct wl_mem *mem, CXType obj, const char *method,
			  CXCursor *shared);
/*
 * The cache of answers about functions outside the model, by cursor and
 * kind @what of answer (indexed: a header of thousands of helpers asks
 * it for each call, so it is no list to search).  ma_raw_find() gives
 * the entry of @what about @fn, or NULL; ma_raw_remember() adds a new,
 * zeroed one for @fn (entries may move when one is added).
 */
struct wl_mem_cache_entry *ma_raw_find(struct wl_mem *mem, CXCursor fn,
				       int what);
struct wl_mem_cache_entry *ma_raw_remember(struct wl_mem *mem, CXCursor fn,
					    int what);

/* Forget the values of ma_raw_value(): the launch shape changed. */
void ma_raw_forget_values(struct wl_mem *mem);
/* Free the answers. */
void ma_raw_release(struct wl_mem *mem);

/* memstore.c */
enum ma_loc_flags {
	MA_LOC_UNSEEN = 1 << 0,	/* the owner of the memory was not seen */
	/* an index past the extent of a row of a 2-D array (`t[ty][17]`) */
	MA_LOC_PAST_ROW = 1 << 1,
};

/*
 * Where an lvalue (or the memory a pointer points to) is for one thread:
 * an array of wl_mem.arrays and an element in it.
 */
struct ma_loc {
	int array;
	long long elem;
	unsigned flags;
};

bool ma_lvalue_loc(struct ma_eval *ev, struct wl_node *e,
		   const struct ma_env *env, struct ma_loc *out);
bool ma_pointer_loc(struct ma_eval *ev, struct wl_node *e,
		    const struct ma_env *env, struct ma_loc *out);
/*
 * Whether @e can name storage in some context: the cheap, thread-free
 * test that decides which subscripts are accesses worth collecting.
 */
bool ma_may_be_storage(struct wl_mem *mem, struct wl_node *e);
/* The number of scalar elements in one object of type @t. */
long long ma_elem_count(CXType t);

#endif
