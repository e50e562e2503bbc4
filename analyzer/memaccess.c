/* SPDX-License-Identifier: MIT */
/*
 * Memory accesses and warp-level races (see memaccess.h).
 *
 * Each kernel (and each device function nobody in the file calls) is
 * walked once per known instantiation in program order into a trace of
 * events: accesses and barriers.  Calls of the file's own device
 * functions are walked in place with their parameters (and template
 * parameters, and `this`) bound to the call's; loops whose trip count is
 * the same in every thread are unrolled with their variables (the loop
 * variable and any other variable the body steps, `k >>= 1`) bound to
 * each trip's values.  Two accesses race when some warp has no barrier
 * between them in the trace and two different lanes of it touch the same
 * element, one of them writing.
 */
#include "analyzer/memaccess.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/cursor.h"
#include "analyzer/eval.h"
#include "analyzer/memint.h"
#include "analyzer/source.h"
#include "analyzer/u64map.h"
#include "analyzer/util.h"

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
	unsigned loop_depth;
};

struct ma_walk {
	struct wl_mem *mem;
	struct ma_event *ev;
	unsigned nr_ev, alloc_ev;
	struct ma_frame *frames;	/* every frame, for freeing */
	struct wl_func *stack[MA_MAX_DEPTH];
	unsigned depth;
	unsigned loop_depth;
	bool truncated;		/* MA_MAX_EVENTS or MA_MAX_CHECKS reached */
	unsigned threads;	/* of the block, as limit_block() bounds it */
};

/* ---- accesses --------------------------------------------------------- */

struct wl_node *wl_mem_statement(struct wl_node *n)
{
	while (n->parent) {
		if (n->parent->kind == CXCursor_CompoundStmt ||
		    n->role == WL_ROLE_THEN || n->role == WL_ROLE_ELSE ||
		    n->role == WL_ROLE_BODY)
			if (n->parent->kind != CXCursor_ConditionalOperator)
				return n;
		n = n->parent;
	}
	return n;
}

static struct wl_node *up_parens(struct wl_node *n)
{
	while (n->parent && (n->parent->kind == CXCursor_ParenExpr ||
			     (n->parent->kind == CXCursor_UnexposedExpr &&
			      n->parent->nr_kids == 1)))
		n = n->parent;
	return n;
}

static bool is_assign_op(enum CXBinaryOperatorKind op, bool *compound)
{
	*compound = op >= CXBinaryOperator_MulAssign &&
		    op <= CXBinaryOperator_OrAssign;
	return op == CXBinaryOperator_Assign || *compound;
}

/* "ThreadStore", "store_volatile", "st_shared": lowercase words. */
static bool name_has(const char *name, const char *word)
{
	char buf[64];
	unsigned n = 0;

	for (; *name && n + 1 < sizeof(buf); name++)
		buf[n++] = (char)tolower((unsigned char)*name);
	buf[n] = '\0';
	return strstr(buf, word) != NULL;
}

/*
 * The address of @u passed to a call: a small load or store helper of a
 * header (`ThreadStore(&s[i], v)`, `v = load(&s[j])`) reads or writes
 * it; an atomic is no race; a helper of the file is walked into, where
 * its own dereference is the access.
 */
static unsigned address_use(struct wl_model *m, struct wl_node *addr)
{
	struct wl_node *u = up_parens(addr), *p = u->parent;
	const char *name;
	struct wl_func *fn;

	if (!p || p->kind != CXCursor_CallExpr || !p->nr_kids ||
	    p->kids[0] == u)
		return 0;
	fn = wl_call_target(m, p);
	if (fn && fn->body)
		return 0;
	/* `loadSharedChunk(s, ...)`: a whole algorithm, not one access */
	if (!fn && wl_cursor_statements(wl_cursor_call_definition(
			   p->cursor)) > 2)
		return 0;
	name = wl_call_name(m, p);
	if (name_has(name, "atomic"))
		return 0;
	if (name_has(name, "store") || name_has(name, "write") ||
	    wl_starts_with(name, "st_") || wl_starts_with(name, "__st"))
		return WL_MEM_WRITE;
	if (name_has(name, "load") || name_has(name, "read") ||
	    name_has(name, "ldg") || wl_starts_with(name, "ld_") ||
	    wl_starts_with(name, "__ld"))
		return WL_MEM_READ;
	return 0;
}

/*
 * A pointer handed as it is to a load or store helper of a header
 * (`ThreadStore(temp_storage, v)`, `x = ThreadLoad(p)`): the memory it
 * points to is read or written.  0 for anything else.
 */
static unsigned pointer_arg_use(struct wl_model *m, struct wl_node *n)
{
	struct wl_node *u = up_parens(n), *p = u->parent, *s = ma_strip(n);
	CXType t;

	if (!p || p->kind != CXCursor_CallExpr || !p->nr_kids ||
	    p->kids[0] == u || !s)
		return 0;
	if (s->kind == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(s->cursor) ==
		    CXUnaryOperator_AddrOf)
		return 0;	/* &s[i]: the subscript is the access */
	t = clang_getCanonicalType(clang_getCursorType(s->cursor));
	if (t.kind != CXType_Pointer && t.kind != CXType_ConstantArray &&
	    t.kind != CXType_IncompleteArray &&
	    t.kind != CXType_DependentSizedArray &&
	    t.kind != CXType_LValueReference)
		return 0;
	return address_use(m, n);
}

/* READ/WRITE of the lvalue @e, or 0 when it is not an access of ours. */
static unsigned access_kind(struct wl_model *m, struct wl_node *e)
{
	struct wl_node *u = up_parens(e), *p = u->parent;
	bool compound;

	/* s[i].x = 1 writes s[i]: classify the member expression */
	while (p && p->kind == CXCursor_MemberRefExpr) {
		u = up_parens(p);
		p = u->parent;
	}
	if (!p)
		return WL_MEM_READ;
	if ((p->kind == CXCursor_BinaryOperator ||
	     p->kind == CXCursor_CompoundAssignOperator) &&
	    p->nr_kids == 2 && p->kids[0] == u &&
	    is_assign_op(wl_node_binop(p),
			 &compound))
		return compound ? WL_MEM_READ | WL_MEM_WRITE : WL_MEM_WRITE;
	if (p->kind == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind op =
			clang_getCursorUnaryOperatorKind(p->cursor);

		if (op == CXUnaryOperator_AddrOf)
			return address_use(m, p);
		if (op == CXUnaryOperator_PostInc ||
		    op == CXUnaryOperator_PostDec ||
		    op == CXUnaryOperator_PreInc ||
		    op == CXUnaryOperator_PreDec)
			return WL_MEM_READ | WL_MEM_WRITE;
	}
	/*
	 * A bare lvalue passed to a call: in a template every argument is
	 * bare, and a by-value parameter only reads it.  A reference
	 * parameter of a known function may also write it.
	 */
	if (p->kind == CXCursor_CallExpr && m) {
		struct wl_func *fn = wl_call_target(m, p);
		unsigned i;

		for (i = 1; fn && i < p->nr_kids && p->kids[i] != u; i++)
			;
		/* an object handed to a constructor or a helper by
		   reference is not read or written by the handing */
		if (clang_getCanonicalType(clang_getCursorType(e->cursor))
			    .kind == CXType_Record)
			return 0;
		if (fn && i <= fn->nr_params && i < p->nr_kids) {
			CXType t = clang_getCursorType(fn->params[i - 1]->cursor);

			if (t.kind == CXType_LValueReference &&
			    !clang_isConstQualifiedType(clang_getPointeeType(t)))
				return WL_MEM_READ | WL_MEM_WRITE;
		}
	}
	return WL_MEM_READ;
}

/* The name the access is spelled through, and its subscripts. */
static struct wl_node *access_base(struct wl_node *e, struct wl_node **idx,
				   unsigned *nr)
{
	struct wl_node *n = ma_strip(e);

	*nr = 0;
	while (n) {
		if (n->kind == CXCursor_ArraySubscriptExpr && n->nr_kids == 2) {
			if (*nr < 4)
				idx[(*nr)++] = n->kids[1];
			n = ma_strip(n->kids[0]);
		} else if (n->kind == CXCursor_UnaryOperator &&
			   n->nr_kids == 1) {
			n = ma_strip(n->kids[0]);
		} else if (n->kind == CXCursor_BinaryOperator &&
			   n->nr_kids == 2) {
			struct wl_node *l = ma_strip(n->kids[0]);

			n = l && l->kind != CXCursor_IntegerLiteral
				    ? l : ma_strip(n->kids[1]);
		} else {
			return n;
		}
	}
	return NULL;
}

/* The pointer variable or parameter an access goes through. */
static struct wl_node *pointer_decl(struct wl_mem *mem, struct wl_node *base)
{
	CXCursor d;
	enum CXCursorKind k;
	int pi;

	if (!base || base->kind != CXCursor_DeclRefExpr || !base->func)
		return NULL;
	d = clang_getCursorReferenced(base->cursor);
	k = clang_getCursorKind(d);
	if (clang_getCanonicalType(clang_getCursorType(d)).kind !=
	    CXType_Pointer)
		return NULL;
	if (k == CXCursor_ParmDecl) {
		pi = ma_param_index(base->func, d);
		return pi >= 0 ? base->func->params[pi] : NULL;
	}
	if (k == CXCursor_VarDecl) {
		struct wl_var *v = wl_eval_var(&mem->ctx->eval, base);

		return v ? v->decl_node : NULL;
	}
	return NULL;
}

/* Whether @n is an lvalue this analysis looks at, outermost. */
static bool is_candidate(struct wl_node *n)
{
	struct wl_node *p;
	enum CXTypeKind k;

	if (n->kind == CXCursor_UnaryOperator) {
		if (n->nr_kids != 1 || clang_getCursorUnaryOperatorKind(
					       n->cursor) !=
					       CXUnaryOperator_Deref)
			return false;
	} else if (n->kind != CXCursor_ArraySubscriptExpr || n->nr_kids != 2) {
		return false;
	}
	/* s[y] alone of a 2-D array is a row, not an access */
	k = clang_getCanonicalType(clang_getCursorType(n->cursor)).kind;
	if (k == CXType_ConstantArray || k == CXType_IncompleteArray ||
	    k == CXType_DependentSizedArray)
		return false;
	/* only the outermost subscript of s[y][x] is the access */
	p = up_parens(n)->parent;
	if (p && p->kind == CXCursor_ArraySubscriptExpr && p->nr_kids &&
	    up_parens(n) == p->kids[0])
		return false;
	return true;
}

/* `ThreadStore(p, v)`: the pointer argument @n as an access. */
static void collect_pointer_arg(struct wl_mem *mem, struct wl_node *n)
{
	struct ma_eval ev = { .mem = mem, .tid = 0 };
	struct wl_mem_access *a;
	struct ma_loc loc;

	ma_pointer_loc(&ev, n, NULL, &loc);
	if (loc.array < 0 || n->index >= mem->nr_access_of ||
	    mem->access_of[n->index] >= 0)
		return;
	WL_GROW(mem->accesses, mem->nr_accesses, mem->alloc_accesses);
	a = &mem->accesses[mem->nr_accesses];
	memset(a, 0, sizeof(*a));
	a->expr = n;
	a->base = ma_strip(n);
	a->stmt = wl_mem_statement(n);
	a->array = (unsigned)loc.array;
	a->flags = pointer_arg_use(&mem->ctx->model, n);
	if (clang_isVolatileQualifiedType(clang_getPointeeType(
		    clang_getCursorType(a->base->cursor))))
		a->flags |= WL_MEM_VOLATILE;
	a->ptr_decl = pointer_decl(mem, a->base);
	a->by_address = true;
	mem->access_of[n->index] = (int)mem->nr_accesses++;
}

/* `.y` in `p[i].y` (the subscript @n), else a null cursor. */
static CXCursor element_field(struct wl_node *n)
{
	struct wl_node *u = up_parens(n), *p = u->parent;

	if (!p || p->kind != CXCursor_MemberRefExpr || !p->nr_kids ||
	    p->kids[0] != u)
		return clang_getNullCursor();
	return clang_getCursorReferenced(p->cursor);
}

static bool collect_access(struct wl_node *n, void *data)
{
	struct wl_mem *mem = data;
	struct wl_mem_access *a;
	struct wl_node *idx[4];
	struct ma_eval ev = { .mem = mem, .tid = 0 };
	struct ma_loc loc;
	unsigned nr = 0, i, kind;
	bool by_address = false;

	if (n->kind == CXCursor_LambdaExpr)
		return false;
	if (n->kind == CXCursor_CallExpr) {
		/* the call's own pointer arguments, then its subtree */
		for (i = 1; i < n->nr_kids; i++)
			if (pointer_arg_use(&mem->ctx->model, n->kids[i]))
				collect_pointer_arg(mem, n->kids[i]);
		return true;
	}
	if (!is_candidate(n))
		return true;
	ma_lvalue_loc(&ev, n, NULL, &loc);
	if (loc.array < 0)
		return true;
	kind = access_kind(&mem->ctx->model, n);
	if (!kind)
		return true;
	WL_GROW(mem->accesses, mem->nr_accesses, mem->alloc_accesses);
	a = &mem->accesses[mem->nr_accesses];
	memset(a, 0, sizeof(*a));
	a->expr = n;
	a->base = access_base(n, idx, &nr);
	if (!a->base)
		a->base = n;
	a->nr_idx = nr;
	for (i = 0; i < nr; i++)
		a->idx[i] = idx[nr - 1 - i];	/* outermost dimension first */
	a->stmt = wl_mem_statement(n);
	a->array = (unsigned)loc.array;
	a->flags = kind;
	if (clang_isVolatileQualifiedType(clang_getCursorType(n->cursor)))
		a->flags |= WL_MEM_VOLATILE;
	a->ptr_decl = pointer_decl(mem, a->base);
	a->by_address = by_address;
	a->field = element_field(n);
	if (n->index < mem->nr_access_of)
		mem->access_of[n->index] = (int)mem->nr_accesses;
	mem->nr_accesses++;
	return true;
}

int wl_mem_access_of(const struct wl_mem *mem, const struct wl_node *expr)
{
	if (!expr || expr->index >= mem->nr_access_of)
		return -1;
	return mem->access_of[expr->index];
}

/* ---- barriers --------------------------------------------------------- */

bool wl_mem_is_barrier(struct wl_model *m, struct wl_node *call)
{
	static const char *const names[] = {
		"__syncwarp", "__syncthreads", "__syncthreads_count",
		"__syncthreads_and", "__syncthreads_or", "__barrier_sync",
	};
	const char *name = wl_call_name(m, call);
	unsigned i;

	for (i = 0; i < WL_ARRAY_SIZE(names); i++)
		if (!strcmp(name, names[i]))
			return true;
	/* Cooperative groups: tile.sync(), block.sync(), cg::sync(g). */
	if (!strcmp(name, "sync") || !strcmp(name, "barrier_wait") ||
	    !strcmp(name, "arrive_and_wait"))
		return !wl_call_target(m, call);
	return false;
}

/* ---- guards ----------------------------------------------------------- */

static bool returns(struct wl_node *n)
{
	if (n->kind == CXCursor_ReturnStmt)
		return true;
	return n->kind == CXCursor_CompoundStmt && n->nr_kids &&
	       n->kids[n->nr_kids - 1]->kind == CXCursor_ReturnStmt;
}

/* Whether a condition rules thread @tid out; unknown ones do not. */
static bool cond_false(struct wl_mem *mem, struct wl_node *cond, bool want,
		       const struct ma_env *env, unsigned tid)
{
	long long v;

	if (!cond || !ma_eval_exact(mem, cond, env, tid, &v))
		return false;
	return (v != 0) != want;
}

/*
 * `assert(threadIdx.x == 0);` (`c ? (void)0 : __assert_fail(...)`): the
 * code after it assumes the condition; its condition, or NULL.
 */
static struct wl_node *assertion(struct wl_mem *mem, struct wl_node *s)
{
	struct wl_node *e = ma_strip(s), *fail;
	const char *name;

	if (!e || e->kind != CXCursor_ConditionalOperator || e->nr_kids != 3)
		return NULL;
	fail = ma_strip(e->kids[2]);
	if (!fail || fail->kind != CXCursor_CallExpr)
		return NULL;
	name = wl_call_name(&mem->ctx->model, fail);
	if (strcmp(name, "__assert_fail") && strcmp(name, "__assertfail") &&
	    strcmp(name, "_assert") && strcmp(name, "__assert_rtn"))
		return NULL;
	return e->kids[0];
}

/*
 * `if (tid >= 32) return;` before @child in block @blk sends @tid away,
 * and `assert(tid < 32);` says it never gets there.
 */
static bool returned(struct wl_mem *mem, struct wl_node *blk,
		     struct wl_node *child, const struct ma_env *env,
		     unsigned tid)
{
	unsigned i;

	for (i = 0; i < blk->nr_kids && blk->kids[i] != child; i++) {
		struct wl_node *s = blk->kids[i], *t, *c;

		c = assertion(mem, s);
		if (c && cond_false(mem, c, true, env, tid))
			return true;

		if (s->kind != CXCursor_IfStmt || wl_node_kid(s, WL_ROLE_ELSE))
			continue;
		t = wl_node_kid(s, WL_ROLE_THEN);
		c = wl_node_kid(s, WL_ROLE_COND);
		if (t && returns(t) && cond_false(mem, c, false, env, tid))
			return true;
	}
	return false;
}

/* Whether thread @tid gets to @node, as far as the guards tell. */
static bool active(struct wl_mem *mem, struct wl_node *node,
		   const struct ma_env *env, unsigned tid)
{
	struct ma_env cur = *env;
	struct wl_node *child = node, *p;

	for (;;) {
		for (p = child->parent; p; child = p, p = p->parent) {
			struct wl_node *cond = NULL;
			bool want = true;

			if (child->role == WL_ROLE_THEN ||
			    child->role == WL_ROLE_ELSE) {
				cond = wl_node_kid(p, WL_ROLE_COND);
				want = child->role == WL_ROLE_THEN;
			} else if (child->role == WL_ROLE_BODY &&
				   p->kind != CXCursor_ForStmt &&
				   p->kind != CXCursor_DoStmt &&
				   /* the value picks a case, not a truth */
				   p->kind != CXCursor_SwitchStmt) {
				cond = wl_node_kid(p, WL_ROLE_COND);
			} else if (child->role == WL_ROLE_AND_RHS ||
				   child->role == WL_ROLE_OR_RHS) {
				cond = p->kids[0];
				want = child->role == WL_ROLE_AND_RHS;
			} else if (p->kind == CXCursor_CompoundStmt &&
				   returned(mem, p, child, &cur, tid)) {
				return false;
			}
			if (cond_false(mem, cond, want, &cur, tid))
				return false;
		}
		if (!cur.frame || !cur.frame->call)
			return true;
		child = cur.frame->call;
		cur.frame = cur.frame->up;
	}
}

static bool access_loc(struct ma_eval *ev, const struct wl_mem_access *a,
		       const struct ma_env *env, struct ma_loc *loc)
{
	if (a->by_address)
		return ma_pointer_loc(ev, a->expr, env, loc);
	return ma_lvalue_loc(ev, a->expr, env, loc);
}

uint32_t wl_mem_lanes_reaching(struct wl_mem *mem, struct wl_node *node)
{
	struct ma_env env;
	uint32_t lanes = 0;
	unsigned t;

	memset(&env, 0, sizeof(env));
	for (t = 0; t < 32; t++)
		if (active(mem, node, &env, t))
			lanes |= 1u << t;
	return lanes;
}

bool wl_mem_cond_splits_warp(struct wl_mem *mem, struct wl_node *cond)
{
	long long v, first = 0;
	unsigned t;

	for (t = 0; t < 32; t++) {
		if (!ma_eval_exact(mem, cond, NULL, t, &v))
			return false;
		if (!t)
			first = v != 0;
		else if ((v != 0) != first)
			return true;
	}
	return false;
}

bool wl_mem_index(struct wl_mem *mem, unsigned ai, unsigned tid,
		  long long *element, bool *is_active)
{
	struct wl_mem_access *a = &mem->accesses[ai];
	struct ma_eval ev = { .mem = mem, .tid = tid };
	struct ma_env env;
	struct ma_loc loc;

	memset(&env, 0, sizeof(env));
	*is_active = active(mem, a->expr, &env, tid);
	if (!access_loc(&ev, a, &env, &loc))
		return false;
	*element = loc.elem;
	return true;
}

/* ---- the walk --------------------------------------------------------- */

static struct ma_event *add_event(struct ma_walk *w, int access,
				  struct wl_node *node,
				  const struct ma_env *env)
{
	struct ma_event *e;

	if (w->nr_ev >= MA_MAX_EVENTS) {
		w->truncated = true;
		return NULL;
	}
	WL_GROW(w->ev, w->nr_ev, w->alloc_ev);
	e = &w->ev[w->nr_ev++];
	memset(e, 0, sizeof(*e));
	e->access = access;
	e->node = node;
	e->env = *env;
	e->array = -1;
	e->loop_depth = w->loop_depth;
	return e;
}

static void walk(struct ma_walk *w, struct wl_node *n, struct ma_env *env);

/*
 * The variable a for header counts with, and its first value.  A
 * header that declares several (`for (int k = 0, n = count(); k < n;
 * ++k)`) counts with the one its increment steps.
 */
static bool loop_var(struct wl_node *loop, CXCursor *decl,
		     struct wl_node **first)
{
	struct wl_node *init = wl_node_kid(loop, WL_ROLE_INIT);
	struct wl_node *inc = wl_node_kid(loop, WL_ROLE_INC);
	struct wl_node *x;
	unsigned i;

	if (!init)
		return false;
	if (init->kind == CXCursor_DeclStmt) {
		for (i = 0; i < init->nr_kids; i++) {
			struct wl_node *v = init->kids[i];

			if (v->kind != CXCursor_VarDecl || !v->nr_kids)
				continue;
			if (init->nr_kids > 1 &&
			    (!inc || !wl_node_count_refs(inc, v->cursor)))
				continue;
			*decl = v->cursor;
			*first = v->kids[v->nr_kids - 1];
			return true;
		}
		return false;
	}
	if (init->kind == CXCursor_BinaryOperator && init->nr_kids == 2 &&
	    wl_node_binop(init) ==
		    CXBinaryOperator_Assign) {
		x = ma_strip(init->kids[0]);
		if (!x || x->kind != CXCursor_DeclRefExpr)
			return false;
		*decl = clang_getCursorReferenced(x->cursor);
		*first = init->kids[1];
		return true;
	}
	return false;
}

static bool step(struct wl_mem *mem, struct wl_node *inc, CXCursor decl,
		 struct ma_env *env, long long *value)
{
	struct wl_node *x;
	long long rhs, r;

	if (!inc)
		return false;
	inc = wl_node_strip(inc);
	if (inc->kind == CXCursor_UnaryOperator && inc->nr_kids == 1) {
		enum CXUnaryOperatorKind op =
			clang_getCursorUnaryOperatorKind(inc->cursor);

		x = ma_strip(inc->kids[0]);
		if (!x || !clang_equalCursors(
				  clang_getCursorReferenced(x->cursor), decl))
			return false;
		*value += (op == CXUnaryOperator_PostInc ||
			   op == CXUnaryOperator_PreInc) ? 1 : -1;
		return true;
	}
	if ((inc->kind != CXCursor_BinaryOperator &&
	     inc->kind != CXCursor_CompoundAssignOperator) || inc->nr_kids != 2)
		return false;
	x = ma_strip(inc->kids[0]);
	if (!x || x->kind != CXCursor_DeclRefExpr ||
	    !clang_equalCursors(clang_getCursorReferenced(x->cursor), decl))
		return false;
	if (!ma_eval_uniform(mem, inc->kids[1], env, &rhs))
		return false;
	if (inc->kind == CXCursor_BinaryOperator) {
		if (wl_node_binop(inc) !=
		    CXBinaryOperator_Assign)
			return false;
		*value = rhs;
		return true;
	}
	switch (wl_node_binop(inc)) {
	case CXBinaryOperator_AddAssign:
	case CXBinaryOperator_SubAssign:
	case CXBinaryOperator_MulAssign:
	case CXBinaryOperator_DivAssign:
	case CXBinaryOperator_ShlAssign:
	case CXBinaryOperator_ShrAssign:
		if (!ma_apply_binop(wl_node_binop(inc), *value, rhs, &r))
			return false;
		*value = r;
		return true;
	default:
		return false;
	}
}

/* The variable an assignment or increment writes, if a plain name. */
static struct wl_node *assigned_var(struct wl_node *n)
{
	struct wl_node *x = NULL;
	bool compound;

	if ((n->kind == CXCursor_BinaryOperator ||
	     n->kind == CXCursor_CompoundAssignOperator) && n->nr_kids == 2 &&
	    is_assign_op(wl_node_binop(n),
			 &compound))
		x = ma_strip(n->kids[0]);
	else if (n->kind == CXCursor_UnaryOperator && n->nr_kids == 1) {
		enum CXUnaryOperatorKind op =
			clang_getCursorUnaryOperatorKind(n->cursor);

		if (op == CXUnaryOperator_PostInc ||
		    op == CXUnaryOperator_PostDec ||
		    op == CXUnaryOperator_PreInc ||
		    op == CXUnaryOperator_PreDec)
			x = ma_strip(n->kids[0]);
	}
	return x && x->kind == CXCursor_DeclRefExpr ? x : NULL;
}

/* `i++`, `i -= 4`: a step that a per-thread counter can take. */
static bool additive_step(struct wl_node *n)
{
	if (n->kind == CXCursor_UnaryOperator)
		return true;	/* assigned_var() took only ++ and -- */
	return n->kind == CXCursor_CompoundAssignOperator &&
	       (wl_node_binop(n) == CXBinaryOperator_AddAssign ||
		wl_node_binop(n) == CXBinaryOperator_SubAssign);
}

/*
 * A bound variable written as the walk passes: its new value, the same
 * in every thread, or unbound from here on.
 */
static void update_binding(struct ma_walk *w, struct wl_node *n,
			   struct ma_env *env)
{
	struct wl_node *x = assigned_var(n);
	const struct ma_bind *b;
	CXCursor d;
	long long v;
	bool op;

	if (!x)
		return;
	d = clang_getCursorReferenced(x->cursor);
	if (!(b = ma_binding(env, d)))
		return;
	v = b->value;
	op = b->opaque;
	if (b->entry && additive_step(n)) {
		v = 0;
		if (step(w->mem, n, d, env, &v))
			ma_step_counter(env, d, v);
		else
			ma_unbind(env, d);
		return;
	}
	if (step(w->mem, n, d, env, &v) &&
	    (!b->entry || n->kind == CXCursor_BinaryOperator))
		ma_bind(env, d, v, op && !b->entry);
	else
		ma_unbind(env, d);
}

/* `s >>= 1`, `s /= 2`, `s <<= 1`, `s *= 2`: the steps of a tree. */
static bool tree_step(struct wl_node *inc)
{
	long long k;

	inc = inc ? wl_node_strip(inc) : NULL;
	if (!inc || inc->kind != CXCursor_CompoundAssignOperator ||
	    inc->nr_kids != 2 || !wl_node_int_value(ma_strip(inc->kids[1]), &k))
		return false;
	switch (wl_node_binop(inc)) {
	case CXBinaryOperator_ShrAssign:
	case CXBinaryOperator_ShlAssign:
		return k == 1;
	case CXBinaryOperator_DivAssign:
	case CXBinaryOperator_MulAssign:
		return k == 2;
	default:
		return false;
	}
}

/*
 * The first value of a tree loop whose bound is unknown but uniform
 * (`for (s = TILE; s > 0; s >>= 1)` with no instantiation in sight):
 * taken as a warp's width, marked opaque, so that the first trips show
 * how the lanes meet while no condition is decided on it.
 */
#define MA_PLAUSIBLE_TREE 32

struct carried_scan {
	struct wl_mem *mem;
	struct wl_node *loop;
	CXCursor counter;	/* the for variable, or null */
	struct wl_var *vars[MA_MAX_CARRIED];
	unsigned nr;
	struct wl_var *skip;	/* last one seen written on some trips */
	bool fail;
};

/* Whether @w runs on every trip of @loop: no branch between. */
static bool every_trip(struct wl_node *w, struct wl_node *loop)
{
	struct wl_node *n;

	for (n = w; n && n->parent != loop; n = n->parent)
		if (n->role == WL_ROLE_THEN || n->role == WL_ROLE_ELSE ||
		    n->role == WL_ROLE_BODY || n->role == WL_ROLE_AND_RHS ||
		    n->role == WL_ROLE_OR_RHS || n->role == WL_ROLE_COND ||
		    n->role == WL_ROLE_INC)
			return false;
	return n && (n->role == WL_ROLE_BODY || n->role == WL_ROLE_INC);
}

static bool find_carried(struct wl_node *n, void *data)
{
	struct carried_scan *cs = data;
	struct wl_node *x = assigned_var(n);
	struct wl_var *v;
	unsigned i;

	if (n->kind == CXCursor_LambdaExpr || cs->fail)
		return false;
	if (!x)
		return true;
	v = wl_eval_var(&cs->mem->ctx->eval, x);
	if (!v || v->is_param || !v->decl_node ||
	    wl_node_within(v->decl_node, cs->loop))
		return true;	/* declared in the loop: fresh each trip */
	for (i = 0; i < cs->nr; i++)
		if (cs->vars[i] == v)
			break;
	/*
	 * Data the loop accumulates (`input = op(input, peer)` under a
	 * flag) stays unbound: only what every trip steps is a counter.
	 */
	if (!every_trip(n, cs->loop)) {
		if (clang_equalCursors(v->decl, cs->counter))
			cs->fail = true;
		if (i < cs->nr)
			cs->vars[i] = cs->vars[--cs->nr];
		cs->skip = v;
		return !cs->fail;
	}
	if (i == cs->nr && cs->nr < MA_MAX_CARRIED && v != cs->skip)
		cs->vars[cs->nr++] = v;
	return true;
}

/*
 * Bind the variables a loop steps (the for variable, `k` in `k >>= 1`)
 * to their values on entry, the same in every thread.  False when some
 * variable the loop writes is not such a counter.
 */
static bool bind_counters(struct ma_walk *w, struct wl_node *n,
			  struct ma_env *e)
{
	struct wl_node *init = n->kind == CXCursor_ForStmt
				       ? wl_node_kid(n, WL_ROLE_INIT) : NULL;
	struct carried_scan cs;
	struct wl_node *first;
	CXCursor decl;
	long long v;
	unsigned i;

	memset(&cs, 0, sizeof(cs));
	cs.mem = w->mem;
	cs.loop = n;
	cs.counter = clang_getNullCursor();
	if (init && loop_var(n, &decl, &first))
		cs.counter = decl;
	for (i = 0; i < n->nr_kids; i++)
		if (n->kids[i] != init)
			wl_node_walk(n->kids[i], find_carried, &cs);
	if (cs.fail)
		return false;
	if (init) {
		struct ma_eval ev = { .mem = w->mem, .tid = 0 };

		if (!loop_var(n, &decl, &first))
			return false;
		if (ma_eval_uniform(w->mem, first, e, &v))
			ma_bind(e, decl, v, false);
		else if (ma_eval(&ev, first, e, &v) && ev.opaque &&
			 tree_step(wl_node_kid(n, WL_ROLE_INC)))
			ma_bind(e, decl, MA_PLAUSIBLE_TREE, true);
		else
			return false;
	}
	for (i = 0; i < cs.nr; i++) {
		if (init && loop_var(n, &decl, &first) &&
		    clang_equalCursors(decl, cs.vars[i]->decl))
			continue;
		if (ma_binding(e, cs.vars[i]->decl))
			continue;	/* an outer loop's counter */
		if (ma_eval_var_before(w->mem, cs.vars[i], n, e, &v))
			ma_bind(e, cs.vars[i]->decl, v, false);
		else
			ma_bind_counter(e, cs.vars[i]->decl, n);
	}
	return e->nr_binds < MA_MAX_BINDS;
}

static void walk_kids_except(struct ma_walk *w, struct wl_node *n,
			     struct wl_node *skip, struct ma_env *env)
{
	unsigned i;

	for (i = 0; i < n->nr_kids; i++)
		if (n->kids[i] != skip)
			walk(w, n->kids[i], env);
}

/*
 * A loop: unrolled trip by trip while its counters are known and its
 * condition decides (a condition on unknown uniform values lets the
 * first trips run); else walked twice, so that trips meet.
 */
static void walk_loop(struct ma_walk *w, struct wl_node *n,
		      struct ma_env *env)
{
	struct wl_node *init = n->kind == CXCursor_ForStmt
				       ? wl_node_kid(n, WL_ROLE_INIT) : NULL;
	struct wl_node *cond = wl_node_kid(n, WL_ROLE_COND);
	struct wl_node *inc = wl_node_kid(n, WL_ROLE_INC);
	struct wl_node *body = wl_node_kid(n, WL_ROLE_BODY);
	struct ma_env e = *env;
	unsigned trips, i;
	long long c;

	w->loop_depth++;
	if (n->kind != CXCursor_CXXForRangeStmt && body &&
	    bind_counters(w, n, &e)) {
		for (trips = 0; trips < MA_MAX_TRIPS && !w->truncated;
		     trips++) {
			if (n->kind != CXCursor_DoStmt || trips) {
				/* the condition's own reads run every time */
				if (cond)
					walk(w, cond, &e);
				if (cond && ma_eval_uniform(w->mem, cond, &e,
							    &c)) {
					if (!c)
						break;
				} else if (trips >= MA_FIRST_TRIPS) {
					break;
				}
			}
			walk(w, body, &e);
			if (inc)
				walk(w, inc, &e);
		}
		if (n->kind == CXCursor_DoStmt && cond && trips == MA_MAX_TRIPS)
			walk(w, cond, &e);
		w->loop_depth--;
		return;
	}
	if (init)
		walk(w, init, env);
	for (i = 0; i < 2; i++)
		walk_kids_except(w, n, init, env);
	w->loop_depth--;
}

/* The object of a member call `obj.f()`, or NULL for `f()`, this->f(). */
static struct wl_node *member_object(struct wl_node *call, bool *on_this)
{
	struct wl_node *callee = call->nr_kids ? ma_strip(call->kids[0]) : NULL;
	struct wl_node *obj;

	*on_this = false;
	if (!callee || callee->kind != CXCursor_MemberRefExpr) {
		*on_this = true;	/* a method calling a method */
		return NULL;
	}
	obj = callee->nr_kids ? ma_strip(callee->kids[0]) : NULL;
	if (!obj || obj->kind == CXCursor_CXXThisExpr) {
		*on_this = true;
		return NULL;
	}
	return obj;
}

struct tparams {
	CXCursor v[16];
	unsigned nr;
};

static enum CXChildVisitResult collect_tparam(CXCursor c, CXCursor parent,
					      CXClientData data)
{
	struct tparams *tp = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if ((k == CXCursor_TemplateTypeParameter ||
	     k == CXCursor_NonTypeTemplateParameter ||
	     k == CXCursor_TemplateTemplateParameter) && tp->nr < 16)
		tp->v[tp->nr++] = c;
	return CXChildVisit_Continue;
}

struct raw_kids {
	CXCursor v[17];
	unsigned nr;
};

static enum CXChildVisitResult collect_raw(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct raw_kids *rk = data;

	(void)parent;
	if (rk->nr < 17)
		rk->v[rk->nr++] = c;
	return CXChildVisit_Continue;
}

/*
 * Bind template parameters @tp to the arguments written in a dependent
 * callee, `helper<B>` or `Step<S * 2, N>::run`: its raw children are
 * the name, then one cursor per argument; each is evaluated in the
 * caller.
 */
static void bind_written_args(struct ma_walk *w, struct wl_node *callee,
			      const struct tparams *tp,
			      const struct ma_env *caller, struct ma_env *e)
{
	struct raw_kids rk = { .nr = 0 };
	unsigned i, k;

	clang_visitChildren(callee->cursor, collect_raw, &rk);
	for (i = 1; i < rk.nr && i - 1 < tp->nr; i++) {
		struct ma_eval ev = { .mem = w->mem, .tid = 0 };
		long long v;

		if (clang_getCursorKind(tp->v[i - 1]) !=
		    CXCursor_NonTypeTemplateParameter)
			continue;
		for (k = 0; k < callee->nr_kids; k++)
			if (clang_equalCursors(callee->kids[k]->cursor,
					       rk.v[i]))
				break;
		if (k < callee->nr_kids &&
		    ma_eval(&ev, callee->kids[k], caller, &v))
			ma_bind(e, tp->v[i - 1], v, ev.opaque);
	}
}

/*
 * Bind @fn's template parameters to the call's template arguments:
 * integral values clang resolved, or the expressions written in a
 * dependent call (`helper<B>(s, tid)`), evaluated in the caller.  A
 * call spelled through @fn's own class template (`Step<1, N>::run`)
 * binds the class's parameters instead.
 */
static void bind_template_args(struct ma_walk *w, struct wl_node *call,
			       struct wl_func *fn, const struct ma_env *caller,
			       struct ma_env *e)
{
	struct tparams tp = { .nr = 0 };
	CXCursor ref = clang_getCursorReferenced(call->cursor);
	CXCursor cls = wl_call_qualifier(call);
	struct wl_node *callee = call->nr_kids ? ma_strip(call->kids[0]) : NULL;
	unsigned i;
	int n;

	if (!clang_Cursor_isNull(cls) && callee &&
	    clang_equalCursors(cls,
			       clang_getCursorSemanticParent(fn->cursor))) {
		clang_visitChildren(cls, collect_tparam, &tp);
		bind_written_args(w, callee, &tp, caller, e);
		return;
	}
	if (!(fn->flags & WL_FUNC_TEMPLATE))
		return;
	clang_visitChildren(fn->cursor, collect_tparam, &tp);
	n = clang_Cursor_isNull(ref) ? -1
				     : clang_Cursor_getNumTemplateArguments(ref);
	for (i = 0; n > 0 && i < (unsigned)n && i < tp.nr; i++)
		if (clang_Cursor_getTemplateArgumentKind(ref, i) ==
			    CXTemplateArgumentKind_Integral &&
		    clang_getCursorKind(tp.v[i]) ==
			    CXCursor_NonTypeTemplateParameter)
			ma_bind(e, tp.v[i],
				clang_Cursor_getTemplateArgumentValue(ref, i),
				false);
	if (n > 0 || !callee || callee->kind != CXCursor_DeclRefExpr)
		return;
	bind_written_args(w, callee, &tp, caller, e);
}

/* A shuffle or vote, legacy or _sync: lanes meet there. */
static bool is_collective(const char *name)
{
	return wl_starts_with(name, "__shfl") ||
	       wl_starts_with(name, "__ballot") ||
	       wl_starts_with(name, "__any") || wl_starts_with(name, "__all") ||
	       wl_starts_with(name, "__match") ||
	       wl_starts_with(name, "__reduce_") ||
	       wl_starts_with(name, "__uni_sync");
}

static void walk_call(struct ma_walk *w, struct wl_node *n,
		      struct ma_env *env)
{
	struct wl_model *m = &w->mem->ctx->model;
	struct wl_func *fn;
	struct ma_frame *f;
	struct ma_env e;
	enum CXCursorKind k;
	unsigned i;

	for (i = 0; i < n->nr_kids; i++)
		walk(w, n->kids[i], env);
	if (wl_mem_is_barrier(m, n)) {
		struct ma_event *e = add_event(w, -1, n, env);

		if (e)
			e->warp_only = !strcmp(wl_call_name(m, n),
					       "__syncwarp");
		return;
	}
	if (is_collective(wl_call_name(m, n))) {
		struct ma_event *e = add_event(w, -1, n, env);

		if (e)
			e->collective = true;
		return;
	}
	fn = wl_call_target(m, n);
	if (!fn) {
		/* CTA_SYNC() of a header: a barrier inside */
		CXCursor ref = clang_getCursorReferenced(n->cursor);

		if (!clang_Cursor_isNull(ref) && ma_raw_barrier(w->mem, ref))
			add_event(w, -1, n, env);
		return;
	}
	if (!fn->body || w->depth >= MA_MAX_DEPTH)
		return;
	for (i = 0; i < w->depth; i++)
		if (w->stack[i] == fn)
			return;		/* recursion */
	f = wl_xcalloc(1, sizeof(*f));
	f->call = n;
	f->fn = fn;
	k = clang_getCursorKind(fn->cursor);
	if (k == CXCursor_CXXMethod || (k == CXCursor_FunctionTemplate &&
					clang_getCursorKind(
						clang_getCursorSemanticParent(
							fn->cursor)) !=
						CXCursor_TranslationUnit &&
					clang_getCursorKind(
						clang_getCursorSemanticParent(
							fn->cursor)) !=
						CXCursor_Namespace))
		f->object = member_object(n, &f->on_this);
	f->up = env->frame;
	f->next_alloc = w->frames;
	w->frames = f;
	e = *env;
	e.frame = f;
	bind_template_args(w, n, fn, env, &e);
	w->stack[w->depth++] = fn;
	walk(w, fn->body, &e);
	w->depth--;
}

static void walk(struct ma_walk *w, struct wl_node *n, struct ma_env *env)
{
	unsigned i;
	int a;

	if (w->truncated)
		return;

	switch (n->kind) {
	case CXCursor_ForStmt:
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
	case CXCursor_CXXForRangeStmt:
		walk_loop(w, n, env);
		return;
	case CXCursor_CallExpr:
		walk_call(w, n, env);
		return;
	case CXCursor_LambdaExpr:
		return;
	default:
		break;
	}
	a = wl_mem_access_of(w->mem, n);
	if (a >= 0) {
		/* `s[i++]`: the element before the index's own step */
		struct ma_env before = *env;

		for (i = 0; i < n->nr_kids; i++)
			walk(w, n->kids[i], env);
		add_event(w, a, n, &before);
		return;
	}
	for (i = 0; i < n->nr_kids; i++)
		walk(w, n->kids[i], env);
	if (env->nr_binds)
		update_binding(w, n, env);
}

/* ---- races ------------------------------------------------------------ */

static void compute_event(struct wl_mem *mem, struct ma_event *e)
{
	unsigned t;

	e->act = wl_xmalloc(MA_TIDS);
	for (t = 0; t < MA_TIDS; t++)
		e->act[t] = active(mem, e->node, &e->env, t);
	if (e->access < 0)
		return;
	e->elem = wl_xmalloc(MA_TIDS * sizeof(*e->elem));
	e->known = true;
	for (t = 0; t < MA_TIDS && e->known; t++) {
		struct ma_eval ev = { .mem = mem, .tid = t };
		struct ma_loc loc;

		if (!e->act[t])
			continue;
		if (!access_loc(&ev, &mem->accesses[e->access], &e->env,
				&loc) ||
		    (e->array >= 0 && loc.array != e->array)) {
			e->known = false;
			if (e->array < 0)
				e->array = loc.array;
			break;
		}
		e->array = loc.array;
		e->elem[t] = loc.elem;
		e->opaque |= ev.opaque;
		e->guessed |= ev.guessed;
	}
	if (e->array < 0)
		e->array = (int)mem->accesses[e->access].array;
	if (!e->known)
		mem->nr_unknown++;
}

static struct wl_mem_region *region_of(struct wl_mem *mem,
				       struct wl_node *s1, struct wl_node *s2)
{
	unsigned i, k;

	for (i = 0; i < mem->nr_regions; i++)
		for (k = 0; k < mem->regions[i].nr_stmts; k++)
			if (mem->regions[i].stmts[k] == s1 ||
			    mem->regions[i].stmts[k] == s2)
				return &mem->regions[i];
	WL_GROW(mem->regions, mem->nr_regions, mem->alloc_regions);
	memset(&mem->regions[mem->nr_regions], 0, sizeof(*mem->regions));
	return &mem->regions[mem->nr_regions++];
}

static void region_add_stmt(struct wl_mem_region *r, struct wl_node *s)
{
	unsigned i;

	for (i = 0; i < r->nr_stmts; i++)
		if (r->stmts[i] == s)
			return;
	WL_GROW(r->stmts, r->nr_stmts, r->alloc_stmts);
	r->stmts[r->nr_stmts++] = s;
	if (!r->first || s->index < r->first->index)
		r->first = s;
}

static void region_add_call(struct wl_mem_region *r, struct wl_node *c)
{
	unsigned i;

	for (i = 0; i < r->nr_calls; i++)
		if (r->calls[i] == c)
			return;
	WL_GROW(r->calls, r->nr_calls, r->alloc_calls);
	r->calls[r->nr_calls++] = c;
}

/* The calls that bring event @e's statement into the kernel. */
static void region_add_calls(struct wl_mem_region *r,
			     const struct ma_event *e)
{
	struct ma_frame *f;

	for (f = e->env.frame; f; f = f->up)
		if (f->call && f->call->in_main)
			region_add_call(r, f->call);
}

/* Merge regions that share a statement (a race chains them). */
static void merge_regions(struct wl_mem *mem)
{
	unsigned i, j, k, m;
	bool merged = true;

	while (merged) {
		merged = false;
		for (i = 0; i < mem->nr_regions && !merged; i++)
			for (j = i + 1; j < mem->nr_regions && !merged; j++) {
				struct wl_mem_region *a = &mem->regions[i];
				struct wl_mem_region *b = &mem->regions[j];
				bool share = false;

				for (k = 0; k < a->nr_stmts && !share; k++)
					for (m = 0; m < b->nr_stmts; m++)
						if (a->stmts[k] == b->stmts[m])
							share = true;
				if (!share)
					continue;
				for (m = 0; m < b->nr_stmts; m++)
					region_add_stmt(a, b->stmts[m]);
				for (m = 0; m < b->nr_calls; m++)
					region_add_call(a, b->calls[m]);
				for (m = 0; m < b->nr_races; m++) {
					WL_GROW(a->races, a->nr_races,
						a->alloc_races);
					a->races[a->nr_races++] = b->races[m];
				}
				a->in_loop |= b->in_loop;
				a->against_file_order |= b->against_file_order;
				a->unseen |= b->unseen;
				a->cut |= b->cut;
				a->walk = a->walk > b->walk ? a->walk : b->walk;
				free(b->stmts);
				free(b->races);
				free(b->calls);
				mem->nr_regions--;
				mem->regions[j] = mem->regions[mem->nr_regions];
				merged = true;
			}
	}
}

static struct wl_mem_race *record(struct wl_mem *mem, struct ma_event *p,
				   struct ma_event *q, unsigned ti,
				   unsigned tj, bool p_reads, bool cross_warp)
{
	struct wl_mem_access *ap = &mem->accesses[p->access];
	struct wl_mem_access *aq = &mem->accesses[q->access];
	struct wl_mem_region *r = region_of(mem, ap->stmt, aq->stmt);
	enum wl_mem_kind kind = mem->arrays[p->array].kind;
	struct wl_mem_race *x;
	unsigned i;

	region_add_stmt(r, ap->stmt);
	region_add_stmt(r, aq->stmt);
	region_add_calls(r, p);
	region_add_calls(r, q);
	r->walk = mem->walks;
	if (p->loop_depth || q->loop_depth)
		r->in_loop = true;
	/* @p runs first */
	if (ap->stmt->func != aq->stmt->func &&
	    ap->stmt->index > aq->stmt->index)
		r->against_file_order = true;
	if (kind == WL_MEM_VOLATILE_PTR || kind == WL_MEM_MEMBER ||
	    kind == WL_MEM_THREAD_PTR)
		r->unseen = true;
	for (i = 0; i < r->nr_races; i++) {
		x = &r->races[i];
		if ((x->reader == (unsigned)p->access &&
		     x->writer == (unsigned)q->access) ||
		    (x->reader == (unsigned)q->access &&
		     x->writer == (unsigned)p->access)) {
			x->cross_warp |= cross_warp;
			return NULL;
		}
	}
	WL_GROW(r->races, r->nr_races, r->alloc_races);
	x = &r->races[r->nr_races++];
	memset(x, 0, sizeof(*x));
	if (p_reads) {
		x->reader = (unsigned)p->access;
		x->writer = (unsigned)q->access;
		x->lane = ti;
		x->other = tj;
	} else {
		x->reader = (unsigned)q->access;
		x->writer = (unsigned)p->access;
		x->lane = tj;
		x->other = ti;
	}
	x->write_write = !((mem->accesses[x->reader].flags) & WL_MEM_READ);
	x->element = p->known ? p->elem[ti] : -1;
	x->array = (unsigned)p->array;
	x->cross_warp = cross_warp;
	return x;
}

/*
 * Barriers each thread executed before each event: lbar[e * MA_TIDS + t].
 * A barrier orders two lanes only if both execute it; `if (lane == 0)
 * __syncwarp(1);` orders nothing between lane 0 and lane 1.
 */
struct ma_bars {
	unsigned short *lbar;
	/*
	 * The same counting collectives too (shuffles, votes): between two
	 * accesses to global memory, a collective the lanes pass together
	 * is taken to order them, as it did for the lock-step code.
	 */
	unsigned short *lsync;
	/* The same counting only the barriers of the whole block. */
	unsigned short *lblock;
	unsigned from, to;	/* events p + 1 and q */
};

/* Whether thread @t passed one of the events counted in @c between. */
static bool passed(const struct ma_bars *b, const unsigned short *c,
		   unsigned t)
{
	return c[(size_t)b->to * MA_TIDS + t] != c[(size_t)b->from * MA_TIDS + t];
}

static bool separated(const struct ma_bars *b, unsigned t, bool global)
{
	return passed(b, global ? b->lsync : b->lbar, t);
}

/* Whether the active lanes of warp @w touch pairwise distinct elements. */
static bool own_elements(const struct ma_event *e, unsigned w)
{
	unsigned i, j;

	for (i = w * 32; i < w * 32 + 32; i++)
		for (j = i + 1; e->act[i] && j < w * 32 + 32; j++)
			if (e->act[j] && e->elem[i] == e->elem[j])
				return false;
	return true;
}

/* Whether two accesses may touch the same bytes of an element. */
static bool fields_may_meet(const struct wl_mem_access *a,
			    const struct wl_mem_access *b)
{
	return clang_Cursor_isNull(a->field) ||
	       clang_Cursor_isNull(b->field) ||
	       clang_equalCursors(a->field, b->field);
}

/*
 * Lanes @ti of @p and @tj of @q (one warp, ti != tj) touch one element,
 * one reading and the other writing, with no barrier that both pass
 * between them.  Two lanes that only store to one element exchange
 * nothing.  Global memory: the writing lanes must each own their
 * element (an in-place scan, a neighbour's element read); lanes that
 * all set one flag or one output are not warp-synchronous code.
 */
static bool conflict(struct ma_event *p, struct ma_event *q,
		     struct wl_mem *mem, unsigned w, const struct ma_bars *bars,
		     unsigned *ti, unsigned *tj, bool *p_reads)
{
	unsigned fp = mem->accesses[p->access].flags;
	unsigned fq = mem->accesses[q->access].flags;
	enum wl_mem_kind kind = mem->arrays[p->array].kind;
	bool global = kind == WL_MEM_GLOBAL;
	/*
	 * Behind an unseen caller's plain pointer, only lanes that each
	 * write their own element by their own index show that the
	 * memory is shared: a loop over a thread's own array has every
	 * lane at one element, and a guessed index shows nothing.
	 */
	bool thread_ptr = kind == WL_MEM_THREAD_PTR;
	unsigned i, j, pass;

	if (thread_ptr && (p->guessed || q->guessed))
		return false;
	if (!fields_may_meet(&mem->accesses[p->access],
				      &mem->accesses[q->access]))
		return false;

	for (pass = 0; pass < 2; pass++) {
		/* pass 0: p reads, q writes; 1: p writes, q reads */
		struct ma_event *wr = pass == 0 ? q : p;
		bool ok = pass == 0 ? (fp & WL_MEM_READ) && (fq & WL_MEM_WRITE)
				    : (fp & WL_MEM_WRITE) && (fq & WL_MEM_READ);

		if (!ok || ((global || thread_ptr) && !own_elements(wr, w)))
			continue;
		/* the reading lane in the outer loop: the lowest reader */
		for (i = w * 32; i < w * 32 + 32; i++)
			for (j = w * 32; j < w * 32 + 32; j++) {
				unsigned a = pass == 1 ? j : i;
				unsigned b = pass == 1 ? i : j;

				if (a != b && p->act[a] && q->act[b] &&
				    p->elem[a] == q->elem[b] &&
				    !(separated(bars, a, global) &&
				      separated(bars, b, global))) {
					*ti = a;
					*tj = b;
					*p_reads = pass == 0;
					return true;
				}
			}
	}
	return false;
}

static bool same_text(struct wl_mem *mem, struct wl_node *a,
		      struct wl_node *b)
{
	char *x = wl_node_text(&mem->ctx->model, a);
	char *y = wl_node_text(&mem->ctx->model, b);
	bool eq = x && y && !strcmp(x, y);

	free(x);
	free(y);
	return eq;
}

/* A read in the condition of a while or do-while loop. */
static bool read_back(const struct wl_mem_access *a)
{
	struct wl_node *n;

	if (!(a->flags & WL_MEM_READ))
		return false;
	for (n = a->expr; n->parent; n = n->parent)
		if (n->role == WL_ROLE_COND &&
		    (n->parent->kind == CXCursor_DoStmt ||
		     n->parent->kind == CXCursor_WhileStmt))
			return true;
	return false;
}

/*
 * Indices the evaluator cannot compute are given up on, except for one
 * idiom: two volatile accesses with the same lane-varying, data-dependent
 * index, one of them writing (the tag-based per-warp histogram).  Lanes
 * whose data is equal touch the same element with nothing between.
 */
static bool collide(struct wl_mem *mem, struct ma_event *p,
		    struct ma_event *q, bool *p_reads)
{
	struct wl_mem_access *a = &mem->accesses[p->access];
	struct wl_mem_access *b = &mem->accesses[q->access];
	unsigned i;

	if (!fields_may_meet(a, b) || !(a->flags & WL_MEM_VOLATILE) ||
	    !(b->flags & WL_MEM_VOLATILE) ||
	    !((a->flags | b->flags) & WL_MEM_WRITE) || a->nr_idx != b->nr_idx ||
	    !a->nr_idx || a->expr == b->expr ||
	    !same_text(mem, a->base, b->base))
		return false;
	for (i = 0; i < a->nr_idx; i++)
		if (!same_text(mem, a->idx[i], b->idx[i]))
			return false;
	if (wl_eval_dep(&mem->ctx->eval, a->idx[a->nr_idx - 1]) < WL_DEP_LANE)
		return false;
	/* the read-back: a loop that retries until the lane's write stuck */
	if (!read_back(a) && !read_back(b))
		return false;
	*p_reads = (a->flags & WL_MEM_READ) && (b->flags & WL_MEM_WRITE);
	return true;
}

/*
 * The first event in [@from, @to) where lane @ti touches event @i's
 * element again (a read or a write, as @need says), in a statement other
 * than @i's and @skip's; @to if none.
 */
static unsigned retouch(struct wl_mem *mem, const struct ma_walk *w,
			unsigned i, unsigned from, unsigned to, unsigned ti,
			unsigned need, const struct wl_node *skip)
{
	const struct ma_event *p = &w->ev[i];
	struct wl_node *sp = mem->accesses[p->access].stmt;
	unsigned k;

	for (k = from; k < to; k++) {
		const struct ma_event *r = &w->ev[k];

		/* within one statement the reads come before the write */
		if (r->access < 0 || mem->accesses[r->access].stmt == sp ||
		    mem->accesses[r->access].stmt == skip)
			continue;
		if (r->array == p->array && r->known &&
		    (mem->accesses[r->access].flags & need) && r->act[ti] &&
		    r->elem[ti] == p->elem[ti])
			return k;
	}
	return to;
}

/*
 * For one event @i: the first retouch() of each lane, read and write,
 * found once and kept while the search pairs @i with every later event.
 */
struct ma_retouch {
	unsigned i;
	unsigned next[2][MA_TIDS];	/* 0: not yet known */
};

/*
 * A race between events @i and @j (lane @ti of @i) that a nearer pair
 * explains: lane @ti writes its element again before the read (the read
 * races with that last write), or reads it again before the write.  The
 * report stays at the statements that really meet.
 */
static bool subsumed(struct wl_mem *mem, const struct ma_walk *w,
		     struct ma_retouch *rt, unsigned i, unsigned j,
		     unsigned ti, bool p_reads)
{
	struct wl_node *sq = mem->accesses[w->ev[j].access].stmt;
	unsigned need = p_reads ? WL_MEM_READ : WL_MEM_WRITE;
	unsigned *first = &rt->next[p_reads][ti], r;

	if (rt->i != i) {
		memset(rt->next, 0, sizeof(rt->next));
		rt->i = i;
	}
	if (!*first)
		*first = retouch(mem, w, i, i + 1, w->nr_ev, ti, need, NULL);
	r = *first;
	if (r >= j)
		return false;
	if (mem->accesses[w->ev[r].access].stmt != sq)
		return true;
	return retouch(mem, w, i, r + 1, j, ti, need, sq) < j;
}

/*
 * The block cannot hold a thread that would index a shared array of
 * known size out of bounds: `buffer[threadIdx.x]` in a buffer of
 * SOFTMAX_THREADS + 1 elements bounds the block.  Threads past the first
 * such one take part in nothing (the evaluation otherwise assumes
 * MA_TIDS threads).  Elements resting on unknown values do not count.
 */
static void limit_block(struct wl_mem *mem, struct ma_walk *w)
{
	unsigned i, t, n = MA_TIDS;

	for (i = 0; i < w->nr_ev; i++) {
		const struct ma_event *e = &w->ev[i];
		long long size;

		if (e->access < 0 || !e->known || e->opaque || e->array < 0)
			continue;
		size = mem->arrays[e->array].size;
		if (size <= 0)
			continue;
		for (t = 0; t < n; t++)
			if (e->act[t] && (e->elem[t] < 0 || e->elem[t] >= size))
				n = t;
	}
	w->threads = n ? n : MA_TIDS;
	if (n == MA_TIDS || !n)
		return;
	for (i = 0; i < w->nr_ev; i++)
		for (t = n; t < MA_TIDS; t++)
			w->ev[i].act[t] = 0;
}

/*
 * Loops and calls repeat an access with the same lanes at the same
 * elements.  What one warp does in an event (its shape: the access, the
 * storage, and each lane's element) is numbered, so that a pair of
 * shapes found not to meet, with no barrier between, is not searched
 * again: conflict() is a function of the two shapes then.  Without this
 * a long barrier-free kernel ran out of MA_MAX_CHECKS before its last
 * loop was searched, and a second --fix found what the first missed.
 */
struct ma_shape_slot {
	uint64_t hash;
	unsigned ev, warp, id;
	bool used;
};

struct ma_shapes {
	unsigned *id;			/* [event * MA_WARPS + warp] */
	struct ma_shape_slot *slots;
	size_t cap;
	unsigned nr;
	/*
	 * What conflict() found for a pair of shapes (id << 32 | id):
	 * MA_APART, or where they met, packed by meeting().
	 */
	struct wl_u64map met;
};

static uint64_t shape_hash(const struct ma_event *e, unsigned warp)
{
	uint64_t h = 0xcbf29ce484222325ull;
	unsigned l;

#define MIX(v) (h = (h ^ (uint64_t)(v)) * 0x100000001b3ull)
	MIX(e->access);
	MIX(e->array);
	MIX(e->guessed);
	for (l = warp * 32; l < warp * 32 + 32; l++) {
		MIX(e->act[l]);
		if (e->act[l])
			MIX(e->elem[l]);
	}
#undef MIX
	return h;
}

static bool same_shape(const struct ma_event *a, unsigned wa,
		       const struct ma_event *b, unsigned wb)
{
	unsigned l;

	if (a->access != b->access || a->array != b->array ||
	    a->guessed != b->guessed)
		return false;
	for (l = 0; l < 32; l++) {
		unsigned la = wa * 32 + l, lb = wb * 32 + l;

		if (a->act[la] != b->act[lb] ||
		    (a->act[la] && a->elem[la] != b->elem[lb]))
			return false;
	}
	return true;
}

static void number_shapes(struct ma_shapes *sh, const struct ma_walk *w)
{
	unsigned i, k;

	memset(sh, 0, sizeof(*sh));
	sh->id = wl_xcalloc((size_t)w->nr_ev * MA_WARPS + 1, sizeof(*sh->id));
	for (sh->cap = 64; sh->cap < (size_t)w->nr_ev * MA_WARPS * 2;)
		sh->cap *= 2;
	sh->slots = wl_xcalloc(sh->cap, sizeof(*sh->slots));
	for (i = 0; i < w->nr_ev; i++) {
		const struct ma_event *e = &w->ev[i];

		if (e->access < 0 || !e->known)
			continue;
		for (k = 0; k < MA_WARPS; k++) {
			uint64_t h = shape_hash(e, k);
			size_t at = (size_t)h & (sh->cap - 1);
			struct ma_shape_slot *s;

			for (;; at = (at + 1) & (sh->cap - 1)) {
				s = &sh->slots[at];
				if (!s->used || (s->hash == h &&
						 same_shape(&w->ev[s->ev],
							    s->warp, e, k)))
					break;
			}
			if (!s->used)
				*s = (struct ma_shape_slot){ h, i, k, sh->nr++,
							     true };
			sh->id[(size_t)i * MA_WARPS + k] = s->id;
		}
	}
}

static uint64_t shape_pair(const struct ma_shapes *sh, unsigned i,
			   unsigned j, unsigned warp)
{
	return (uint64_t)sh->id[(size_t)i * MA_WARPS + warp] << 32 |
	       sh->id[(size_t)j * MA_WARPS + warp];
}

static void release_shapes(struct ma_shapes *sh)
{
	free(sh->id);
	free(sh->slots);
	wl_u64map_release(&sh->met);
}

/*
 * Whether no lane of @warp passed what orders accesses to the storage
 * between: a barrier, or for @global memory a collective too.
 */
static bool none_separated(const struct ma_bars *b, unsigned warp,
			   bool global)
{
	unsigned t;

	for (t = warp * 32; t < warp * 32 + 32; t++)
		if (separated(b, t, global))
			return false;
	return true;
}

/*
 * Whether lanes of two warps write one element in event @e: storage the
 * code gives each warp alike (`s[lane]` in `__shared__ int s[32]`), so
 * it is written for a block of one warp.
 */
static bool warps_share_elements(struct wl_mem *mem, const struct ma_event *e,
				 unsigned threads)
{
	unsigned a, c;

	if (!(mem->accesses[e->access].flags & WL_MEM_WRITE))
		return false;
	for (a = 0; a < threads; a++)
		for (c = (a / 32 + 1) * 32; e->act[a] && c < threads; c++)
			if (e->act[c] && e->elem[c] == e->elem[a])
				return true;
	return false;
}

/*
 * Whether lanes of two different warps meet in events @p and @q (one
 * reads what the other writes) with no barrier of the whole block
 * between them.  A __syncwarp() fix cannot order those: the lanes of a
 * warp race with each other there, and with other warps too.  Only the
 * whole warps of the block count (a bound like `cell[33]` says at most
 * 33 threads, not that a 33rd runs), and not storage written for a
 * block of one warp.
 */
static bool across_warps(struct wl_mem *mem, const struct ma_walk *w,
			 const struct ma_event *p, const struct ma_event *q,
			 const struct ma_bars *b)
{
	unsigned fp = mem->accesses[p->access].flags;
	unsigned fq = mem->accesses[q->access].flags;
	bool p_reads = (fp & WL_MEM_READ) && (fq & WL_MEM_WRITE);
	bool p_writes = (fp & WL_MEM_WRITE) && (fq & WL_MEM_READ);
	unsigned threads = w->threads / 32 * 32;
	unsigned a, c;

	if (mem->arrays[p->array].kind != WL_MEM_SHARED ||
	    (!p_reads && !p_writes) || threads <= 32 ||
	    warps_share_elements(mem, p, threads) ||
	    warps_share_elements(mem, q, threads))
		return false;
	for (a = 0; a < threads; a++) {
		if (!p->act[a] || passed(b, b->lblock, a))
			continue;
		for (c = 0; c < threads; c++)
			if (c / 32 != a / 32 && q->act[c] &&
			    q->elem[c] == p->elem[a] &&
			    !passed(b, b->lblock, c))
				return true;
	}
	return false;
}

#define MA_APART 0xffffffffu

/* Lanes @ti and @tj of a warp met, @p_reads or not: one map value. */
static uint32_t meeting(unsigned ti, unsigned tj, bool p_reads)
{
	return (ti & 31) | (tj & 31) << 5 | (uint32_t)p_reads << 10;
}

/*
 * Whether events @i and @j meet in warp @k (conflict()), asking the shape
 * map first when no lane passed a barrier between them (@pure).  Only a
 * search that runs counts against MA_MAX_CHECKS; false when that is used
 * up, with the walk's truncated set.
 */
static bool meet(struct wl_mem *mem, struct ma_walk *w, struct ma_shapes *sh,
		 unsigned i, unsigned j, unsigned k, const struct ma_bars *bars,
		 bool pure, unsigned *checks, unsigned *ti, unsigned *tj,
		 bool *p_reads)
{
	uint64_t pair = shape_pair(sh, i, j, k);
	uint32_t v;
	bool met;

	if (pure && wl_u64map_get(&sh->met, pair, &v)) {
		if (v == MA_APART)
			return false;
		*ti = k * 32 + (v & 31);
		*tj = k * 32 + (v >> 5 & 31);
		*p_reads = v >> 10 & 1;
		return true;
	}
	if (++*checks > MA_MAX_CHECKS) {
		w->truncated = true;
		return false;
	}
	met = conflict(&w->ev[i], &w->ev[j], mem, k, bars, ti, tj, p_reads);
	if (pure)
		wl_u64map_put(&sh->met, pair,
			      met ? meeting(*ti, *tj, *p_reads) : MA_APART);
	return met;
}

/*
 * Whether one of events @p and @q can read what the other writes: two
 * reads never race, and two writes are not reported; so an access meets
 * itself only as a read-modify-write.  Most pairs of a read-heavy kernel
 * end here, before any lane is looked at.
 */
static bool may_race(const struct wl_mem *mem, const struct ma_event *p,
		     const struct ma_event *q)
{
	unsigned fp = mem->accesses[p->access].flags;
	unsigned fq = mem->accesses[q->access].flags;

	return ((fp & WL_MEM_READ) && (fq & WL_MEM_WRITE)) ||
	       ((fp & WL_MEM_WRITE) && (fq & WL_MEM_READ));
}

static void find_races(struct wl_mem *mem, struct ma_walk *w)
{
	unsigned short *lbar = wl_xcalloc((size_t)(w->nr_ev + 1) * MA_TIDS,
					  sizeof(*lbar));
	unsigned short *lsync = wl_xcalloc((size_t)(w->nr_ev + 1) * MA_TIDS,
					   sizeof(*lsync));
	unsigned short *lblock = wl_xcalloc((size_t)(w->nr_ev + 1) * MA_TIDS,
					    sizeof(*lblock));
	struct ma_bars bars = { lbar, lsync, lblock, 0, 0 };
	/*
	 * Access pairs already known to race need no second look.  The
	 * table covers only the accesses this walk meets, numbered locally:
	 * sized by the whole file it cost n^2 per kernel.
	 */
	int *local = wl_xmalloc((mem->nr_accesses + 1) * sizeof(*local));
	size_t n = 0;
	unsigned char *found;
	struct ma_shapes shapes;
	struct ma_retouch rt = { .i = UINT_MAX };
	unsigned i, j, k, t, checks = 0;

	for (i = 0; i < mem->nr_accesses; i++)
		local[i] = -1;
	for (i = 0; i < w->nr_ev; i++)
		if (w->ev[i].access >= 0 && local[w->ev[i].access] < 0)
			local[w->ev[i].access] = (int)n++;
	found = n <= 2048 ? wl_xcalloc(n * n + 1, 1) : NULL;

	for (i = 0; i < w->nr_ev; i++)
		compute_event(mem, &w->ev[i]);
	limit_block(mem, w);
	number_shapes(&shapes, w);
	for (i = 0; i < w->nr_ev; i++)
		for (t = 0; t < MA_TIDS; t++) {
			size_t at = (size_t)i * MA_TIDS + t;
			bool passes = w->ev[i].access < 0 && w->ev[i].act[t];

			lbar[at + MA_TIDS] = lbar[at] +
					     (passes && !w->ev[i].collective);
			lsync[at + MA_TIDS] = lsync[at] + passes;
			lblock[at + MA_TIDS] = lblock[at] +
					       (passes && !w->ev[i].collective &&
						!w->ev[i].warp_only);
		}
	for (i = 0; i < w->nr_ev; i++) {
		struct ma_event *p = &w->ev[i];

		if (p->access < 0)
			continue;
		for (j = i; j < w->nr_ev; j++) {
			struct ma_event *q = &w->ev[j];
			unsigned ti, tj;
			bool p_reads, global;

			if (q->access < 0 || q->array != p->array)
				continue;
			global = mem->arrays[p->array].kind == WL_MEM_GLOBAL;
			bars.from = i + 1;
			bars.to = j;
			if (!p->known || !q->known) {
				if (i != j && !(separated(&bars, 0, false) &&
						separated(&bars, 1, false)) &&
				    collide(mem, p, q, &p_reads)) {
					struct wl_mem_race *x;

					x = record(mem, p, q, 0, 1, p_reads,
						   false);

					if (x)
						x->collision = true;
				}
				continue;
			}
			if (!may_race(mem, p, q))
				continue;
			if (found &&
			    found[(size_t)local[p->access] * n +
				  (size_t)local[q->access]])
				continue;
			for (k = 0; k < MA_WARPS; k++) {
				/* the whole warp passed a barrier between */
				for (t = k * 32; t < k * 32 + 32; t++)
					if (!separated(&bars, t, false))
						break;
				if (t == k * 32 + 32)
					continue;
				if (!meet(mem, w, &shapes, i, j, k, &bars,
					  none_separated(&bars, k, global),
					  &checks, &ti, &tj, &p_reads)) {
					if (checks > MA_MAX_CHECKS)
						goto out;
					continue;
				}
				if (subsumed(mem, w, &rt, i, j, ti, p_reads))
					break;
				record(mem, p, q, ti, tj, p_reads,
				       across_warps(mem, w, p, q, &bars));
				if (found)
					found[(size_t)local[p->access] * n +
					      (size_t)local[q->access]] = 1;
				break;
			}
		}
	}
out:
	release_shapes(&shapes);
	free(found);
	free(local);
	free(lbar);
	free(lsync);
	free(lblock);
}

static void release_walk(struct ma_walk *w)
{
	unsigned i;

	while (w->frames) {
		struct ma_frame *f = w->frames;

		w->frames = f->next_alloc;
		free(f);
	}
	for (i = 0; i < w->nr_ev; i++) {
		free(w->ev[i].elem);
		free(w->ev[i].act);
	}
	free(w->ev);
}

/* Whether a barrier call is the statement right after @s in its block. */
static bool barrier_follows(struct wl_mem *mem, struct wl_node *s)
{
	struct wl_model *m = &mem->ctx->model;
	struct wl_node *p = s->parent, *next;
	unsigned i;

	if (!p || p->kind != CXCursor_CompoundStmt)
		return false;
	for (i = 0; i + 1 < p->nr_kids; i++)
		if (p->kids[i] == s)
			break;
	if (i + 1 >= p->nr_kids)
		return false;
	next = wl_node_strip(p->kids[i + 1]);
	if (!next || next->kind != CXCursor_CallExpr)
		return false;
	if (wl_mem_is_barrier(m, next))
		return true;
	return !wl_call_target(m, next) &&
	       ma_raw_barrier(mem, clang_getCursorReferenced(next->cursor));
}

static void finish_regions(struct wl_mem *mem)
{
	unsigned i, k;

	merge_regions(mem);
	for (i = 0; i < mem->nr_regions; i++) {
		struct wl_mem_region *r = &mem->regions[i];
		bool all_inside = true;

		for (k = 0; k < r->nr_races; k++)
			if (mem->accesses[r->races[k].reader].stmt !=
			    mem->accesses[r->races[k].writer].stmt)
				all_inside = false;
		r->barrier_after = all_inside && r->nr_stmts == 1 &&
				   barrier_follows(mem, r->stmts[0]);
	}
	/* Report order: by position in the file. */
	for (i = 1; i < mem->nr_regions; i++)
		for (k = i; k > 0 && mem->regions[k].first->index <
					     mem->regions[k - 1].first->index;
		     k--) {
			struct wl_mem_region tmp = mem->regions[k];

			mem->regions[k] = mem->regions[k - 1];
			mem->regions[k - 1] = tmp;
		}
}

/* ---- instantiations ------------------------------------------------- */

/* The integral template arguments of one instantiation of a template. */
struct instance {
	long long values[16];
	bool is_value[16];
	unsigned nr;
};

struct instances {
	struct wl_func *fn;
	struct instance v[MA_MAX_INSTANCES];
	unsigned nr;
};

static void add_instance(struct instances *is, CXCursor spec)
{
	struct instance in;
	int n = clang_Cursor_getNumTemplateArguments(spec);
	unsigned i;

	if (n <= 0 || is->nr == MA_MAX_INSTANCES)
		return;
	memset(&in, 0, sizeof(in));
	for (i = 0; i < (unsigned)n && i < 16; i++)
		if (clang_Cursor_getTemplateArgumentKind(spec, i) ==
		    CXTemplateArgumentKind_Integral) {
			in.values[i] = clang_Cursor_getTemplateArgumentValue(
				spec, i);
			in.is_value[i] = true;
		}
	in.nr = i;
	for (i = 0; i < is->nr; i++)
		if (!memcmp(&is->v[i], &in, sizeof(in)))
			return;
	is->v[is->nr++] = in;
}

static bool is_instance_of(CXCursor c, struct wl_func *fn)
{
	CXCursor t = clang_getSpecializedCursorTemplate(c);

	return !clang_Cursor_isNull(t) &&
	       clang_equalCursors(clang_getCanonicalCursor(t), fn->canonical);
}

static enum CXChildVisitResult find_instances(CXCursor c, CXCursor parent,
					      CXClientData data)
{
	struct instances *is = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_FunctionDecl && is_instance_of(c, is->fn))
		add_instance(is, c);	/* template void f<256>(...); */
	if (k == CXCursor_CallExpr) {
		CXCursor ref = clang_getCursorReferenced(c);

		if (!clang_Cursor_isNull(ref) && is_instance_of(ref, is->fn))
			add_instance(is, ref);	/* f<256><<<...>>>(...) */
	}
	return is->nr == MA_MAX_INSTANCES ? CXChildVisit_Break
					  : CXChildVisit_Recurse;
}

/* An integer literal argument, `256` or `0x100u`. */
static bool literal_arg(const char *p, const char *end, long long *v)
{
	char buf[32], *e;
	size_t n;

	while (p < end && (*p == ' ' || *p == '\t' || *p == '\n'))
		p++;
	while (end > p && (end[-1] == ' ' || end[-1] == '\t' ||
			   end[-1] == '\n'))
		end--;
	n = (size_t)(end - p);
	if (!n || n >= sizeof(buf) || !isdigit((unsigned char)*p))
		return false;
	memcpy(buf, p, n);
	buf[n] = '\0';
	*v = strtoll(buf, &e, 0);
	while (*e == 'u' || *e == 'U' || *e == 'l' || *e == 'L')
		e++;
	return !*e;
}

/*
 * `NAME<256, 8>` spelled in the file: an explicit instantiation or a
 * launch, which libclang does not show as cursors when the launch does
 * not parse or the instantiation is explicit.  Integer literal
 * arguments only; the rest stay unbound.
 */
static void text_instances(struct wl_mem *mem, struct wl_func *fn,
			   struct instances *is)
{
	const char *t = mem->ctx->src->text, *end = t + mem->ctx->src->len;
	size_t len = strlen(fn->name);
	const char *p;

	if (!len)
		return;
	for (p = t; p + len < end && is->nr < MA_MAX_INSTANCES; p++) {
		struct instance in;
		const char *q, *arg;
		int depth = 0;
		bool any = false;

		if (memcmp(p, fn->name, len) ||
		    (p > t && (isalnum((unsigned char)p[-1]) || p[-1] == '_')))
			continue;
		for (q = p + len; q < end && (*q == ' ' || *q == '\t'); q++)
			;
		if (q >= end || *q != '<')
			continue;
		memset(&in, 0, sizeof(in));
		for (arg = ++q; q < end && in.nr < 16; q++) {
			if (*q == '<' || *q == '(')
				depth++;
			else if ((*q == '>' || *q == ')') && depth)
				depth--;
			else if ((*q == ',' || *q == '>') && !depth) {
				in.is_value[in.nr] = literal_arg(
					arg, q, &in.values[in.nr]);
				any |= in.is_value[in.nr];
				in.nr++;
				arg = q + 1;
				if (*q == '>')
					break;
			} else if (*q == ';' || *q == '{')
				break;
		}
		if (q < end && *q == '>' && any) {
			unsigned i;

			for (i = 0; i < is->nr; i++)
				if (!memcmp(&is->v[i], &in, sizeof(in)))
					break;
			if (i == is->nr)
				is->v[is->nr++] = in;
		}
	}
}

/*
 * The instantiations of template kernel @fn that the file shows:
 * explicit instantiations and launches with constant arguments.
 */
static void collect_instances(struct wl_mem *mem, struct wl_func *fn,
			      struct instances *is)
{
	memset(is, 0, sizeof(*is));
	is->fn = fn;
	if (!(fn->flags & WL_FUNC_TEMPLATE))
		return;
	clang_visitChildren(clang_getTranslationUnitCursor(mem->ctx->tu),
			    find_instances, is);
	text_instances(mem, fn, is);
}

/*
 * The current walk stopped at a size bound: the stretches it added races
 * to may have more that it did not reach.
 */
static void mark_cut(struct wl_mem *mem)
{
	unsigned i;

	for (i = 0; i < mem->nr_regions; i++)
		if (mem->regions[i].walk == mem->walks)
			mem->regions[i].cut = true;
}

static void walk_root(struct wl_mem *mem, struct wl_func *fn,
		      const struct instance *in)
{
	struct ma_walk w;
	struct ma_env env;

	memset(&w, 0, sizeof(w));
	memset(&env, 0, sizeof(env));
	w.mem = mem;
	if (in) {
		struct tparams tp = { .nr = 0 };
		unsigned i;

		clang_visitChildren(fn->cursor, collect_tparam, &tp);
		for (i = 0; i < in->nr && i < tp.nr; i++)
			if (in->is_value[i])
				ma_bind(&env, tp.v[i], in->values[i], false);
	}
	w.stack[w.depth++] = fn;
	mem->walks++;
	walk(&w, fn->body, &env);
	find_races(mem, &w);
	if (w.truncated)
		mark_cut(mem);
	mem->truncated |= w.truncated;
	release_walk(&w);
}

/* ---- the analysis ----------------------------------------------------- */

void wl_mem_build(struct wl_mem *mem, struct wl_ctx *ctx)
{
	struct wl_model *m = &ctx->model;
	unsigned i, k;

	memset(mem, 0, sizeof(*mem));
	mem->ctx = ctx;
	mem->nr_access_of = m->nr_nodes;
	mem->access_of = wl_xmalloc((m->nr_nodes + 1) * sizeof(int));
	for (i = 0; i < m->nr_nodes; i++)
		mem->access_of[i] = -1;
	for (i = 0; i < m->nr_funcs; i++)
		if (m->funcs[i]->body)
			wl_node_walk(m->funcs[i]->body, collect_access, mem);
	if (!mem->nr_accesses)
		return;
	/* Roots: kernels, and device functions nobody here calls. */
	for (i = 0; i < m->nr_funcs; i++) {
		struct wl_func *fn = m->funcs[i];
		struct instances is;

		if (!fn->body || (!(fn->flags & WL_FUNC_KERNEL) &&
				  fn->nr_callers))
			continue;
		collect_instances(mem, fn, &is);
		for (k = 0; k < is.nr; k++)
			walk_root(mem, fn, &is.v[k]);
		if (!is.nr)
			walk_root(mem, fn, NULL);
	}
	finish_regions(mem);
}

void wl_mem_release(struct wl_mem *mem)
{
	unsigned i;

	for (i = 0; i < mem->nr_arrays; i++)
		free(mem->arrays[i].elem_type);
	for (i = 0; i < mem->nr_regions; i++) {
		free(mem->regions[i].races);
		free(mem->regions[i].stmts);
		free(mem->regions[i].calls);
	}
	free(mem->arrays);
	free(mem->array_slots);
	free(mem->accesses);
	free(mem->regions);
	free(mem->escape);
	ma_raw_release(mem);
	free(mem->access_of);
	memset(mem, 0, sizeof(*mem));
}

bool wl_mem_eval(struct wl_mem *mem, struct wl_node *expr, unsigned tid,
		 long long *value)
{
	struct ma_eval ev = { .mem = mem, .tid = tid };

	return ma_eval(&ev, expr, NULL, value);
}

bool wl_mem_loop_values(struct wl_mem *mem, struct wl_node *loop,
			CXCursor *var, long long *values, unsigned max,
			unsigned *nr)
{
	struct wl_node *first, *cond, *inc;
	struct ma_env e;
	long long v, c;

	*nr = 0;
	if (loop->kind != CXCursor_ForStmt ||
	    !loop_var(loop, var, &first))
		return false;
	cond = wl_node_kid(loop, WL_ROLE_COND);
	inc = wl_node_kid(loop, WL_ROLE_INC);
	memset(&e, 0, sizeof(e));
	if (!cond || !ma_eval_uniform(mem, first, &e, &v))
		return false;
	for (;;) {
		ma_bind(&e, *var, v, false);
		if (!ma_eval_uniform(mem, cond, &e, &c))
			return false;
		if (!c)
			return true;
		if (*nr == max)
			return false;
		values[(*nr)++] = v;
		if (!step(mem, inc, *var, &e, &v))
			return false;
	}
}

bool wl_mem_index_bound(struct wl_mem *mem, unsigned ai, unsigned tid,
			CXCursor var, long long value, long long *element)
{
	struct ma_eval ev = { .mem = mem, .tid = tid };
	struct ma_env env;
	struct ma_loc loc;

	memset(&env, 0, sizeof(env));
	ma_bind(&env, var, value, false);
	if (!access_loc(&ev, &mem->accesses[ai], &env, &loc))
		return false;
	*element = loc.elem;
	return true;
}
