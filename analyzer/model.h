/* SPDX-License-Identifier: MIT */
/*
 * The model of device code that every rule reads: one tree of nodes per
 * device or kernel function, built in a single walk of the libclang AST,
 * with parent links, each child's role in its parent (condition, then,
 * else, loop body...), and byte ranges in the main file.  Rules and the
 * mask inference ask questions of this tree, never of libclang's cursors
 * directly, so that the walk happens once per file.
 */
#ifndef WL_ANALYZER_MODEL_H
#define WL_ANALYZER_MODEL_H

#include "analyzer/libclang.h"
#include <stdbool.h>

#include "base/util.h"

struct wl_source;
struct wl_func;
struct wl_file_text;

/* What a child is to its parent statement. */
enum wl_role {
	WL_ROLE_NONE,
	WL_ROLE_INIT,	  /* for-init, if-init */
	WL_ROLE_COND,	  /* condition of if/for/while/do/switch/?: */
	WL_ROLE_INC,	  /* for increment */
	WL_ROLE_THEN,	  /* if-then, ?: true arm */
	WL_ROLE_ELSE,	  /* if-else, ?: false arm */
	WL_ROLE_BODY,	  /* loop or switch body */
	WL_ROLE_AND_RHS,  /* right side of &&: runs only where the left is true */
	WL_ROLE_OR_RHS,	  /* right side of ||: runs only where the left is false */
};

struct wl_node {
	CXCursor cursor;
	enum CXCursorKind kind;
	enum wl_role role;
	struct wl_node *parent;
	struct wl_node **kids;
	unsigned nr_kids;
	unsigned index;		/* preorder number, for "comes before" */
	/* Expansion range in the main file; valid when in_main. */
	unsigned begin, end;
	bool in_main;
	bool in_macro;		/* spelled inside a macro definition */
	struct wl_func *func;
	/* Memoized answers; the walk asks them many times per node. */
	const char *call_name;	/* wl_call_name(), once asked */
	struct wl_func *target;	/* wl_call_target(), once asked */
	bool target_known;
	bool ctx_target_known;
	struct wl_func *ctx_target;	/* wl_call_context_target() */
	/* A call that may run other functions than its target too. */
	bool several_targets;
	signed char int_state;	/* 0 unknown, 1 constant, -1 not */
	long long int_value;
	int type_kind;		/* canonical CXTypeKind + 1; 0 unknown */
	const char *builtin;	/* wl_node_builtin_var() */
	bool builtin_known;
	bool referenced_known;
	CXCursor referenced;	/* wl_node_referenced(), once asked */
	unsigned char pred_known;	/* bit per wl_eval_cond() polarity */
	unsigned char pred_kind[4];
	bool pred_block[4];
	unsigned pred_lanes[4];
	/*
	 * The operator (CXBinaryOperatorKind + 1) of an operator call that a
	 * template leaves unresolved (`s[i] += s[i + 16]` with `T *s`),
	 * which the model shows as the built-in operator; 0: ask libclang.
	 */
	unsigned char binop;
	/*
	 * As an argument: whether it is written at its call (not a default
	 * argument), once asked: 0 unknown, 1 yes, -1 no (modelcall.c).
	 */
	signed char at_call;
};

enum wl_func_flags {
	WL_FUNC_KERNEL = 1 << 0,
	WL_FUNC_DEVICE = 1 << 1,
	WL_FUNC_HOST = 1 << 2,
	WL_FUNC_TEMPLATE = 1 << 3,
	/*
	 * Context called by context (a header's pass: the kernel of another
	 * file that calls the header's helper, and the functions that kernel
	 * calls in turn): what it returns counts only if no local of its own
	 * flows there, since context locals are left unsolved.
	 */
	WL_FUNC_CONTEXT_CALLEE = 1 << 4,
	/*
	 * A parse error in its body may hide control flow (a statement the
	 * parser dropped, an unknown macro used as a statement): it may
	 * change which lanes reach the code after it.
	 */
	WL_FUNC_PARSE_ERRORS = 1 << 5,
};

struct wl_func {
	unsigned index;		/* in model->funcs */
	CXCursor cursor;
	CXCursor canonical;	/* identity across declarations */
	const char *name;
	unsigned flags;
	struct wl_node *root;	/* the declaration node */
	struct wl_node *body;	/* its CompoundStmt, or NULL */
	struct wl_node **params;
	unsigned nr_params;
	/* Arguments a call must pass (the rest have defaults), once asked. */
	unsigned nr_required;
	bool required_known;
	/* Call sites of this function anywhere in the translation unit. */
	struct wl_node **callers;
	unsigned nr_callers, alloc_callers;
	/*
	 * Calls whose target is another function that may run this one
	 * instead, as the instance decides: `step<N>(...)` for an explicit
	 * specialization, `down(x, d)` with x of type T for each overload.
	 * Mask inference counts them among the callers; the memory walk,
	 * which follows each call to its target, does not.
	 */
	struct wl_node **may_callers;
	unsigned nr_may_callers, alloc_may_callers;
	/*
	 * Context only: how far it is from the target's functions (1: it
	 * names one; analyzer/model.c, context_level()).
	 */
	unsigned char ctx_level;
	/* The function template this one explicitly specializes, if any. */
	struct wl_func *primary;
	bool has_goto;
};

/* A macro defined in the main file. */
struct wl_macro {
	CXCursor cursor;
	const char *name;
	unsigned begin, end;	/* byte range of NAME(...) BODY */
};

/* The texts of a TU's files that models read (node.c). */
struct wl_text_cache {
	struct wl_file_text *v;
	unsigned nr, alloc;
};

void wl_text_cache_release(struct wl_text_cache *c);

struct wl_model {
	struct wl_arena arena;
	const struct wl_source *src;
	CXTranslationUnit tu;
	CXFile main_file;
	struct wl_func **funcs;
	unsigned nr_funcs, alloc_funcs;
	/* Functions by the hash of their canonical cursor (open addressing). */
	struct wl_func **func_slots;
	unsigned nr_func_slots;
	struct wl_node **calls;	/* every call expression in device code */
	unsigned nr_calls, alloc_calls;
	struct wl_node **asms;	/* inline asm statements in device code */
	unsigned nr_asms, alloc_asms;
	unsigned nr_nodes;
	struct wl_macro *macros;	/* definitions in the main file */
	unsigned nr_macros, alloc_macros;
	/*
	 * A `#define NAME 0xffffffff` that comes before every function of
	 * the file, reused in fixes (anywhere a fix goes, it is defined).
	 */
	const char *full_mask_name;
	unsigned full_mask_offset;
	/*
	 * Context (wl_model_build_file() with @context): device functions
	 * of the translation unit's other project files.  No rule reports
	 * on them and wl_call_target() never returns one; they are there
	 * so that their calls count among the callers of the analysed
	 * file's functions (a header's helper called from the .cu), and
	 * so that the memory walk can enter the analysed file's helpers
	 * from their kernels and follow dependent calls out of them
	 * (`Reducer::Reduce(buf[tid], buf[tid + 16])`, the reducers in
	 * another header: wl_call_context_target()).
	 */
	bool context;
	/* Names of the target's dependent calls that it defines nothing for. */
	const char **dep_names;
	unsigned nr_dep_names;
	/*
	 * What the target's resolved calls reach in other files (canonical
	 * cursors): context too, so that another header's helper is judged
	 * from its code, a uniform result included.
	 */
	CXCursor *callees;
	unsigned nr_callees;
	struct wl_func **ctx_funcs;
	unsigned nr_ctx_funcs, alloc_ctx_funcs;
	struct wl_func **ctx_slots;	/* by canonical cursor, as func_slots */
	unsigned nr_ctx_slots;
	struct wl_node **ctx_calls;	/* calls written outside the file */
	unsigned nr_ctx_calls, alloc_ctx_calls;
	unsigned nr_main_nodes;
	CXFile last_file;		/* is_project_file() cache */
	bool last_project;
	bool context_phase;		/* the walk adds context functions */
	/*
	 * clang_getFileContents() scans the TU's source locations for the
	 * file, macro expansions included: cached for as long as the TU,
	 * across the models of its headers when the caller keeps one.
	 */
	struct wl_text_cache *shared_texts;	/* the caller's, or NULL */
	struct wl_text_cache own_texts;
	/* Per function, whether a kernel reaches it (analyzer/reach.c). */
	unsigned char *reach;
	CXFile *incl_files;		/* where the target is #included */
	unsigned *incl_offsets;
	unsigned nr_incls, alloc_incls;
	/* Where parse errors lie in the main file, ascending. */
	unsigned *error_offsets;
	unsigned nr_errors;
};

/* Build the model of @tu, whose main file is @src.  Never fails. */
void wl_model_build(struct wl_model *model, CXTranslationUnit tu,
		    const struct wl_source *src);

/*
 * Build the model of @tu for one of its files, @target, whose text is
 * @src: @target plays the main file's role (node offsets, in_main, the
 * functions analysed).  A function declared elsewhere whose body is
 * partly written in @target (a .cuh included inside a kernel) belongs to
 * @target too.  With @context, the device functions of the other files
 * that are neither system headers nor the shim are modelled as context.
 * @texts, when not NULL, caches file texts for every model of @tu.
 */
void wl_model_build_file(struct wl_model *model, CXTranslationUnit tu,
			 const struct wl_source *src, CXFile target,
			 bool context, struct wl_text_cache *texts);

/*
 * Whether @file is the shim, a system header, or NULL: not the project's.
 * Costly (clang scans the TU's source locations for the file): callers
 * rule out what they can first.
 */
bool wl_model_foreign_file(CXTranslationUnit tu, CXFile file);
void wl_model_release(struct wl_model *model);

/* Whether @fn is a function of the analysed file, not context. */
static inline bool wl_model_owns(const struct wl_model *model,
				 const struct wl_func *fn)
{
	return fn->index < model->nr_funcs && model->funcs[fn->index] == fn;
}

/*
 * Whether @a and @b are the same file.  Not clang_File_isEqual() alone:
 * it compares unique ids, which every in-memory (unsaved) file shares, so
 * the shim would pass for the main file of an in-memory source.
 */
bool wl_same_file(CXFile a, CXFile b);

/*
 * The text of @file as parsed, *@size bytes.  clang_getFileContents()
 * looks the file up by a scan of every source location entry of the TU
 * (millions with Thrust), so each file's answer is kept in @m.
 */
const char *wl_model_file_text(struct wl_model *m, CXFile file, size_t *size);

/* The spelling of @cursor in a buffer owned by @model's arena. */
const char *wl_model_spelling(struct wl_model *model, CXCursor cursor);

/*
 * The callee's name of a call node, also for dependent calls in templates
 * (a CallExpr with an empty spelling over an OverloadedDeclRef).  Returns
 * "" when it cannot tell.
 */
const char *wl_call_name(struct wl_model *model, const struct wl_node *call);

/* Whether @name is a shuffle or vote, legacy or _sync: lanes meet there. */
bool wl_call_name_is_collective(const char *name);

/* Whether @call is such a dependent call, its callee not resolved yet. */
bool wl_call_dependent(const struct wl_node *call);

/*
 * The class template a dependent call is qualified with (`Step` in
 * `Step<S * 2, N>::run(...)`, whose written template arguments are
 * the class's), or a null cursor.
 */
CXCursor wl_call_qualifier(const struct wl_node *call);
/*
 * The same, also through a typedef or alias of the class template's
 * specialization (`typedef Red<NT, T> R; R::reduce(...)`).  @holder is
 * where the template arguments are written (the callee or the typedef),
 * @tref the reference to the template there.
 */
CXCursor wl_call_qualifier_written(const struct wl_node *call,
				   CXCursor *holder, CXCursor *tref);

/*
 * The name of the block barrier @call is, for messages (__syncthreads and
 * its _count/_and/_or forms, a cooperative-groups thread_block's sync()),
 * or NULL if it is none.
 */
const char *wl_block_barrier_name(struct wl_model *model,
				  const struct wl_node *call);

/* The position of @param, a ParmDecl node, among @fn's parameters, or -1. */
int wl_func_param_index(const struct wl_func *fn, const struct wl_node *param);

/* The call's written arguments (defaults excluded), in order. */
unsigned wl_call_args(const struct wl_node *call, struct wl_node **args,
		      unsigned max);

/*
 * The context function (another file's, see struct wl_model) a call of
 * the analysed file or of the context resolves to, or NULL: for walks
 * that follow data through other files, never for reports or fixes.
 */
struct wl_func *wl_call_context_target(struct wl_model *model,
				       const struct wl_node *call);
/* The function a call resolves to, if it is one of the model's. */
struct wl_func *wl_call_target(struct wl_model *model,
			       const struct wl_node *call);

/* The first kid with @role, or NULL. */
struct wl_node *wl_node_kid(const struct wl_node *node, enum wl_role role);

/*
 * The condition of @child's parent that decides whether @child runs: the
 * if/loop/?: condition for a then, else, body or increment, the left side
 * for the right side of && and ||; NULL when none does.
 */
struct wl_node *wl_node_deciding_cond(const struct wl_node *child);

/* Skip implicit casts, parentheses and other unexposed wrappers. */
struct wl_node *wl_node_strip(struct wl_node *node);
/*
 * The other way: the outermost of the parentheses, implicit conversions
 * and C casts around @node (@node itself when none).
 */
struct wl_node *wl_node_wrapped(struct wl_node *node);

/* Whether @anc is @node or one of its ancestors. */
bool wl_node_within(const struct wl_node *node, const struct wl_node *anc);

/*
 * Whether a parse error lies in @node's text: an expression clang could
 * not build (an undeclared macro in a condition) stands there, with no
 * children, for what it could not read.
 */
bool wl_node_holds_error(const struct wl_model *model,
			 const struct wl_node *node);

/* Whether a parse error lies in bytes [@begin, @end) of the main file. */
bool wl_model_error_within(const struct wl_model *model, unsigned begin,
			   unsigned end);

/*
 * The default argument of ParmDecl node @param (`bool sync = true`), or
 * NULL; an array bound (`T (&s)[N]`) is not one.
 */
struct wl_node *wl_node_param_default(const struct wl_node *param);

/* The nearest common ancestor of @a and @b. */
struct wl_node *wl_node_common(struct wl_node *a, struct wl_node *b);

/* Whether @node is a loop statement. */
bool wl_node_is_loop(const struct wl_node *node);

/* The loop or switch a break or continue leaves. */
struct wl_node *wl_node_jump_target(struct wl_node *jump);

/*
 * Whether @n cuts a trip of @loop short: a `return`, or a `break` or
 * `continue` of @loop itself (not of a switch or an inner loop).
 */
bool wl_node_jumps_from(struct wl_node *n, const struct wl_node *loop);

/*
 * Whether @jump, inside @loop, leaves the lanes that reach @site (in
 * @loop) whole: a `continue` of a for loop that comes after @site skips
 * only the rest of its own iteration, and the increment and condition
 * bring every lane back to the next one (colmap's sweep: `if (col >=
 * width) continue;` after the helper with the block's barrier).
 */
bool wl_node_continue_spares(struct wl_node *loop, struct wl_node *jump,
			     const struct wl_node *site);

/* Whether @n lies in a switch, where case labels jump past statements. */
bool wl_node_in_switch(const struct wl_node *n);

/*
 * Whether statement @w runs before @use on every path to it: @w is a
 * statement of a block (outside any switch) and @use sits in a later
 * statement of that block.
 */
bool wl_node_dominates(const struct wl_node *w, const struct wl_node *use);

/*
 * The declaration a DeclRefExpr/MemberRefExpr refers to, as a cursor;
 * asked of libclang once, as the memory walk resolves the same names for
 * every lane of every trip.
 */
CXCursor wl_node_referenced(const struct wl_node *node);

/* Visit @node and every descendant in preorder; stop when @fn returns false. */
typedef bool (*wl_node_fn)(struct wl_node *node, void *data);
bool wl_node_walk(struct wl_node *node, wl_node_fn fn, void *data);

/* The first node of @root's tree (in preorder) that stands for @c, or NULL. */
struct wl_node *wl_node_find(struct wl_node *root, CXCursor c);

/* How many names in @node (itself included) refer to @decl. */
unsigned wl_node_count_refs(struct wl_node *node, CXCursor decl);

/* 1-based line of @n, in its own file (a header's node: the header's). */
unsigned wl_node_lineno(const struct wl_model *m, const struct wl_node *n);
/*
 * Where @n is, for messages: "line 12", or "line 743 of agent.cuh" for a
 * node of another file (a caller in a header the includer sees); caller
 * frees.
 */
char *wl_node_place(const struct wl_model *m, const struct wl_node *n);
/* Source text of the node's main-file range; NULL if it has none. */
char *wl_node_text(const struct wl_model *model, const struct wl_node *node);
/*
 * The same, also for a node of another file (its text there, unless a
 * macro's): for messages, never for edits.
 */
char *wl_node_any_text(const struct wl_model *m, const struct wl_node *node);
/*
 * Where @node is written: "line 36 of reduce.h" (or "line 36" in the
 * file itself) for a node of a macro's body, which is where the user
 * edits it; NULL for one that starts in an argument of the macro's use.
 * Caller frees.
 */
char *wl_node_spelling_place(const struct wl_model *m,
			     const struct wl_node *node);

/* The integer value of a constant expression, if clang can evaluate it. */
bool wl_node_int_value(const struct wl_node *node, long long *value);

/* The canonical type of @node's value, asked once per node. */
enum CXTypeKind wl_node_type_kind(struct wl_node *node);

/*
 * @v as @node's type holds it: 0 or 1 for a bool, wrapped to the width
 * of a narrower integer; other types (long, dependent ones) unchanged.
 */
long long wl_node_fit_int(struct wl_node *node, long long v);

/*
 * The operator of binary or compound-assignment node @n; templates'
 * unresolved operator calls included (see wl_node.binop).
 */
enum CXBinaryOperatorKind wl_node_binop(const struct wl_node *n);
/*
 * The binary operator an unresolved operator name (`operator-`, the
 * OverloadedDeclRef of an operator call in a template) spells, or
 * CXBinaryOperator_Invalid.
 */
enum CXBinaryOperatorKind wl_operator_kind(CXCursor op);

/* Whether unary operator @op steps its operand (`++`, `--`, either side). */
bool wl_unop_steps(enum CXUnaryOperatorKind op);

/*
 * The lvalue that node @n stores to (an assignment, a compound one, an
 * increment or decrement), or NULL.
 */
struct wl_node *wl_node_stored(struct wl_node *n);

/* Name of the builtin variable member: "threadIdx.x" etc., or NULL. */
const char *wl_node_builtin_var(struct wl_model *model,
				const struct wl_node *node);

#endif
