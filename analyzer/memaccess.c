/* SPDX-License-Identifier: MIT */
/*
 * Memory access facts and warp-level races (see memaccess.h).
 *
 * Each kernel (and each device function nobody in the file calls) is
 * walked once in program order into a trace of events: accesses and
 * barriers.  Calls of the file's own device functions are walked in
 * place with their parameters bound to the call's arguments; counted
 * loops whose trip count is the same in every thread are unrolled with
 * the loop variable bound to each value.  Two accesses race when some
 * warp has no barrier between them in the trace and two different lanes
 * of it touch the same element, one of them writing.
 */
#include "analyzer/memaccess.h"

#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/eval.h"
#include "analyzer/util.h"

/* Threads evaluated: 8 warps, enough to tell warps apart. */
#define MA_TIDS 256u
#define MA_WARPS (MA_TIDS / 32u)
/*
 * blockDim.x where a loop bound needs it (the classic reduction's
 * `s = blockDim.x / 2`): a typical power of two; only loops whose every
 * trip is barrier-separated or cross-warp depend on it.
 */
#define MA_BLOCK_DIM 256
#define MA_MAX_BINDS 8
#define MA_MAX_TRIPS 64
#define MA_MAX_DEPTH 8
/*
 * Bounds that keep a pathological kernel (deep unrolled loops full of
 * accesses) from taking long: past them the rest is given up on.
 */
#define MA_MAX_EVENTS 4096
#define MA_MAX_CHECKS 200000

struct ma_bind {
	CXCursor decl;
	long long value;
};

/* A call being walked: parameters of its target read its arguments. */
struct ma_frame {
	struct wl_node *call;
	struct ma_frame *up;
	struct ma_frame *next_alloc;
};

struct ma_env {
	struct ma_bind binds[MA_MAX_BINDS];
	unsigned nr_binds;
	struct ma_frame *frame;
};

struct ma_event {
	int access;		/* -1: a barrier */
	struct wl_node *node;
	struct ma_env env;
	long long *elem;	/* per thread, when known */
	unsigned char *act;	/* per thread: performs it */
	bool known;
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
	bool truncated;		/* MA_MAX_EVENTS reached */
};

static bool eval_rec(struct wl_mem *mem, struct wl_node *n,
		     const struct ma_env *env, unsigned tid, long long *out,
		     int depth);

/* ---- storage ---------------------------------------------------------- */

static enum CXChildVisitResult find_shared(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	bool *found = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CUDASharedAttr) {
		*found = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

static bool is_shared_decl(CXCursor decl)
{
	bool found = false;

	clang_visitChildren(decl, find_shared, &found);
	return found;
}

static bool is_pointer(CXType t)
{
	return clang_getCanonicalType(t).kind == CXType_Pointer ||
	       t.kind == CXType_Pointer;
}

/* A pointer, or an array that decays to one in `s + k`. */
static bool is_pointerish(CXType t)
{
	enum CXTypeKind k = clang_getCanonicalType(t).kind;

	return is_pointer(t) || k == CXType_ConstantArray ||
	       k == CXType_IncompleteArray || k == CXType_DependentSizedArray;
}

static bool pointee_volatile(CXType t)
{
	return clang_isVolatileQualifiedType(clang_getPointeeType(t));
}

static char *type_text(CXType t)
{
	CXString s = clang_getTypeSpelling(clang_getUnqualifiedType(t));
	char *r = wl_xstrdup(clang_getCString(s));

	clang_disposeString(s);
	return r;
}

static int find_array(struct wl_mem *mem, CXCursor decl)
{
	unsigned i;

	for (i = 0; i < mem->nr_arrays; i++)
		if (clang_equalCursors(mem->arrays[i].decl, decl))
			return (int)i;
	return -1;
}

static int add_array(struct wl_mem *mem, CXCursor decl, bool shared)
{
	struct wl_mem_array *a;
	CXType t = clang_getCursorType(decl);
	CXString s;
	int i = find_array(mem, decl);

	if (i >= 0)
		return i;
	WL_GROW(mem->arrays, mem->nr_arrays, mem->alloc_arrays);
	a = &mem->arrays[mem->nr_arrays];
	memset(a, 0, sizeof(*a));
	a->decl = decl;
	a->is_shared = shared;
	s = clang_getCursorSpelling(decl);
	a->name = wl_model_spelling(&mem->ctx->model, decl);
	clang_disposeString(s);
	if (is_pointer(t)) {
		a->elem_type = type_text(clang_getPointeeType(t));
	} else {
		while (a->nr_dims < 4 &&
		       (t.kind == CXType_ConstantArray ||
			t.kind == CXType_IncompleteArray ||
			t.kind == CXType_DependentSizedArray)) {
			long long n = clang_getArraySize(t);

			a->dims[a->nr_dims++] = n > 0 ? (unsigned)n : 0;
			t = clang_getArrayElementType(t);
		}
		a->elem_type = type_text(t);
	}
	return (int)mem->nr_arrays++;
}

static struct wl_node *strip_all(struct wl_node *n)
{
	for (;;) {
		n = wl_node_strip(n);
		if (!n || n->kind != CXCursor_UnexposedExpr || n->nr_kids != 1)
			return n;
		n = n->kids[0];
	}
}

/*
 * The DeclRefExpr at the root of a pointer expression `s`, `s + k`,
 * `&s[k]`, `(T *)s`; the offset part (or NULL) in *@offset.
 */
static struct wl_node *pointer_root(struct wl_node *n, struct wl_node **offset)
{
	*offset = NULL;
	n = strip_all(n);
	if (!n)
		return NULL;
	if (n->kind == CXCursor_DeclRefExpr)
		return n;
	if (n->kind == CXCursor_BinaryOperator && n->nr_kids == 2 &&
	    clang_getCursorBinaryOperatorKind(n->cursor) ==
		    CXBinaryOperator_Add) {
		struct wl_node *l = strip_all(n->kids[0]);

		if (l && l->kind == CXCursor_DeclRefExpr &&
		    is_pointerish(clang_getCursorType(l->cursor))) {
			*offset = n->kids[1];
			return l;
		}
		l = strip_all(n->kids[1]);
		if (l && l->kind == CXCursor_DeclRefExpr &&
		    is_pointerish(clang_getCursorType(l->cursor))) {
			*offset = n->kids[0];
			return l;
		}
		return NULL;
	}
	if (n->kind == CXCursor_UnaryOperator && n->nr_kids == 1 &&
	    clang_getCursorUnaryOperatorKind(n->cursor) ==
		    CXUnaryOperator_AddrOf) {
		struct wl_node *s = strip_all(n->kids[0]);
		struct wl_node *b;

		if (!s || s->kind != CXCursor_ArraySubscriptExpr ||
		    s->nr_kids != 2)
			return NULL;
		b = strip_all(s->kids[0]);
		if (!b || b->kind != CXCursor_DeclRefExpr)
			return NULL;
		*offset = s->kids[1];
		return b;
	}
	return NULL;
}

/*
 * Whether pointer variable @v is ever assigned itself; eval.c also counts
 * stores through it (`p[0] += 3`) as writes of the variable.
 */
static bool reassigned(struct wl_var *v)
{
	unsigned i;

	for (i = 0; i < v->nr_writes; i++) {
		struct wl_node *w = v->writes[i];
		struct wl_node *l = w->nr_kids ? strip_all(w->kids[0]) : NULL;

		if (l && l->kind == CXCursor_DeclRefExpr)
			return true;
	}
	return false;
}

static int param_index(struct wl_func *fn, CXCursor decl)
{
	unsigned i;

	for (i = 0; i < fn->nr_params; i++)
		if (clang_equalCursors(fn->params[i]->cursor, decl))
			return (int)i;
	return -1;
}

/*
 * Which storage the DeclRefExpr @ref names: a __shared__ variable, a
 * local pointer initialized from one, or a pointer parameter bound to one
 * at every call site.  A volatile pointer whose target cannot be found is
 * storage of its own.  Sets *@via to the pointer's declaration node.
 */
static int resolve_storage(struct wl_mem *mem, struct wl_node *ref,
			   struct wl_node **via, int depth)
{
	CXCursor d = clang_getCursorReferenced(ref->cursor);
	enum CXCursorKind k = clang_getCursorKind(d);
	CXType t = clang_getCursorType(d);
	struct wl_node *off, *root;
	int r = -1;

	if (depth > MA_MAX_DEPTH)
		return -1;
	if (k == CXCursor_VarDecl && is_shared_decl(d))
		return add_array(mem, d, true);
	if (!is_pointer(t) || (k != CXCursor_VarDecl && k != CXCursor_ParmDecl))
		return -1;
	if (k == CXCursor_VarDecl && ref->func) {
		struct wl_var *v = wl_eval_var(&mem->ctx->eval, ref);

		if (v && v->init && !reassigned(v) && !v->addr_taken) {
			root = pointer_root(v->init, &off);
			if (root)
				r = resolve_storage(mem, root, NULL, depth + 1);
		}
		if (v && via)
			*via = v->decl_node;
	} else if (k == CXCursor_ParmDecl && ref->func) {
		struct wl_func *fn = ref->func;
		int pi = param_index(fn, d);
		unsigned i;

		if (via && pi >= 0)
			*via = fn->params[pi];
		for (i = 0; pi >= 0 && i < fn->nr_callers; i++) {
			struct wl_node *args[16];
			unsigned n = wl_call_args(fn->callers[i], args, 16);
			int ri = -1;

			if ((unsigned)pi < n && (unsigned)pi < 16) {
				root = pointer_root(args[pi], &off);
				if (root)
					ri = resolve_storage(mem, root, NULL,
							     depth + 1);
			}
			if (ri < 0 || (i && ri != r)) {
				r = -1;
				break;
			}
			r = ri;
		}
	}
	/*
	 * A volatile pointer whose target is unknown is storage of its own;
	 * indices relative to it compare only if every lane of the warp
	 * holds the same pointer.
	 */
	if (r < 0 && pointee_volatile(t)) {
		if (k == CXCursor_VarDecl &&
		    wl_eval_dep(&mem->ctx->eval, ref) >= WL_DEP_LANE)
			return -1;
		r = add_array(mem, d, false);
	}
	return r;
}

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
	while (n->parent && n->parent->kind == CXCursor_ParenExpr)
		n = n->parent;
	return n;
}

static bool is_assign_op(enum CXBinaryOperatorKind op, bool *compound)
{
	*compound = op >= CXBinaryOperator_MulAssign &&
		    op <= CXBinaryOperator_OrAssign;
	return op == CXBinaryOperator_Assign || *compound;
}

/* READ/WRITE of the lvalue @e, or 0 when its address escapes. */
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
	    is_assign_op(clang_getCursorBinaryOperatorKind(p->cursor),
			 &compound))
		return compound ? WL_MEM_READ | WL_MEM_WRITE : WL_MEM_WRITE;
	if (p->kind == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind op =
			clang_getCursorUnaryOperatorKind(p->cursor);

		if (op == CXUnaryOperator_AddrOf)
			return 0;	/* atomicAdd(&s[i], 1): not ours */
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
		if (fn && i <= fn->nr_params &&
		    clang_getCursorType(fn->params[i - 1]->cursor).kind ==
			    CXType_LValueReference)
			return WL_MEM_READ | WL_MEM_WRITE;
	}
	return WL_MEM_READ;
}

static bool collect_access(struct wl_node *n, void *data)
{
	struct wl_mem *mem = data;
	struct wl_node *idx[4], *base = n, *via = NULL, *p;
	struct wl_mem_access *a;
	unsigned nr = 0, i, kind;
	int arr;

	if (n->kind != CXCursor_ArraySubscriptExpr || n->nr_kids != 2)
		return true;
	/* Only the outermost subscript of s[y][x] is the access. */
	p = up_parens(n)->parent;
	if (p && p->kind == CXCursor_UnexposedExpr && p->nr_kids == 1 &&
	    p->parent && p->parent->kind == CXCursor_ArraySubscriptExpr &&
	    p->parent->kids[0] == p)
		return true;
	if (p && p->kind == CXCursor_ArraySubscriptExpr && p->kids[0] == n)
		return true;
	while (base && base->kind == CXCursor_ArraySubscriptExpr &&
	       base->nr_kids == 2 && nr < 4) {
		idx[nr++] = base->kids[1];
		base = strip_all(base->kids[0]);
	}
	if (!base || base->kind != CXCursor_DeclRefExpr)
		return true;
	arr = resolve_storage(mem, base, &via, 0);
	if (arr < 0)
		return true;
	/* s[y] alone of a 2-D array is a pointer, not an access. */
	if (mem->arrays[arr].nr_dims > nr)
		return true;
	kind = access_kind(&mem->ctx->model, n);
	if (!kind)
		return true;
	WL_GROW(mem->accesses, mem->nr_accesses, mem->alloc_accesses);
	a = &mem->accesses[mem->nr_accesses++];
	memset(a, 0, sizeof(*a));
	a->expr = n;
	a->base = base;
	a->nr_idx = nr;
	for (i = 0; i < nr; i++)
		a->idx[i] = idx[nr - 1 - i];	/* outermost dimension first */
	a->stmt = wl_mem_statement(n);
	a->array = (unsigned)arr;
	a->flags = kind;
	if (clang_isVolatileQualifiedType(clang_getCursorType(n->cursor)))
		a->flags |= WL_MEM_VOLATILE;
	a->ptr_decl = via;
	return true;
}

int wl_mem_access_of(const struct wl_mem *mem, const struct wl_node *expr)
{
	unsigned i;

	for (i = 0; i < mem->nr_accesses; i++)
		if (mem->accesses[i].expr == expr)
			return (int)i;
	return -1;
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

/* ---- evaluation ------------------------------------------------------- */

static bool bound(const struct ma_env *env, CXCursor decl, long long *v)
{
	unsigned i;

	for (i = 0; env && i < env->nr_binds; i++)
		if (clang_equalCursors(env->binds[i].decl, decl)) {
			*v = env->binds[i].value;
			return true;
		}
	return false;
}

static bool apply_binop(enum CXBinaryOperatorKind op, long long a,
			long long b, long long *r)
{
	switch (op) {
	case CXBinaryOperator_Add: case CXBinaryOperator_AddAssign:
		*r = a + b; return true;
	case CXBinaryOperator_Sub: case CXBinaryOperator_SubAssign:
		*r = a - b; return true;
	case CXBinaryOperator_Mul: case CXBinaryOperator_MulAssign:
		*r = a * b; return true;
	case CXBinaryOperator_Div: case CXBinaryOperator_DivAssign:
		if (!b)
			return false;
		*r = a / b; return true;
	case CXBinaryOperator_Rem: case CXBinaryOperator_RemAssign:
		if (!b)
			return false;
		*r = a % b; return true;
	case CXBinaryOperator_And: case CXBinaryOperator_AndAssign:
		*r = a & b; return true;
	case CXBinaryOperator_Or: case CXBinaryOperator_OrAssign:
		*r = a | b; return true;
	case CXBinaryOperator_Xor: case CXBinaryOperator_XorAssign:
		*r = a ^ b; return true;
	case CXBinaryOperator_Shl: case CXBinaryOperator_ShlAssign:
		if (b < 0 || b > 62)
			return false;
		*r = (long long)((unsigned long long)a << b); return true;
	case CXBinaryOperator_Shr: case CXBinaryOperator_ShrAssign:
		if (b < 0 || b > 62)
			return false;
		*r = a >> b; return true;
	case CXBinaryOperator_LT: *r = a < b; return true;
	case CXBinaryOperator_GT: *r = a > b; return true;
	case CXBinaryOperator_LE: *r = a <= b; return true;
	case CXBinaryOperator_GE: *r = a >= b; return true;
	case CXBinaryOperator_EQ: *r = a == b; return true;
	case CXBinaryOperator_NE: *r = a != b; return true;
	case CXBinaryOperator_LAnd: *r = a && b; return true;
	case CXBinaryOperator_LOr: *r = a || b; return true;
	case CXBinaryOperator_Comma: *r = b; return true;
	default:
		return false;
	}
}

/* Whether @w runs every time its variable's scope runs: no branch. */
static bool unconditional(struct wl_node *w, struct wl_node *scope)
{
	struct wl_node *n;

	for (n = w; n && n != scope; n = n->parent)
		if (n->role == WL_ROLE_THEN || n->role == WL_ROLE_ELSE ||
		    n->role == WL_ROLE_BODY || n->role == WL_ROLE_AND_RHS ||
		    n->role == WL_ROLE_OR_RHS || n->role == WL_ROLE_INC ||
		    n->role == WL_ROLE_COND)
			return false;
	return n == scope;
}

static struct wl_node *loop_of(struct wl_node *n, struct wl_node *stop)
{
	for (n = n->parent; n && n != stop; n = n->parent)
		if (wl_node_is_loop(n))
			return n;
	return NULL;
}

struct escape_scan {
	struct wl_mem *mem;
	CXCursor decl;
	bool escapes;
};

static bool find_escape(struct wl_node *n, void *data)
{
	struct escape_scan *es = data;
	struct wl_node *u, *p;
	struct wl_func *fn;
	unsigned i;

	if (n->kind == CXCursor_GCCAsmStmt) {
		es->escapes = true;	/* operands may be outputs */
		return false;
	}
	if (n->kind != CXCursor_DeclRefExpr ||
	    !clang_equalCursors(clang_getCursorReferenced(n->cursor),
				es->decl))
		return true;
	u = up_parens(n);
	p = u->parent;
	if (p && p->kind == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(p->cursor) ==
		    CXUnaryOperator_AddrOf)
		es->escapes = true;
	if (p && p->kind == CXCursor_CallExpr) {
		fn = wl_call_target(&es->mem->ctx->model, p);
		for (i = 1; i < p->nr_kids && p->kids[i] != u; i++)
			;
		if (!fn || i > fn->nr_params ||
		    clang_getCursorType(fn->params[i - 1]->cursor).kind ==
			    CXType_LValueReference)
			es->escapes = true;
	}
	return !es->escapes;
}

/*
 * eval.c counts a variable passed bare to a call as escaping (it may bind
 * to a reference).  In a template every argument is bare; a call of one of
 * the file's own functions with a by-value parameter does not escape.
 */
static bool escapes(struct wl_mem *mem, struct wl_var *v)
{
	struct escape_scan es = { mem, v->decl, false };
	unsigned i;

	if (!v->addr_taken)
		return false;
	if (!v->decl_node || !v->decl_node->func || !v->decl_node->func->body)
		return true;
	/* asked for every thread of every event: remember the answer */
	for (i = 0; i < mem->nr_escape; i++)
		if (mem->escape[i].var == v)
			return mem->escape[i].escapes;
	wl_node_walk(v->decl_node->func->body, find_escape, &es);
	WL_GROW(mem->escape, mem->nr_escape, mem->alloc_escape);
	mem->escape[mem->nr_escape].var = v;
	mem->escape[mem->nr_escape++].escapes = es.escapes;
	return es.escapes;
}

/*
 * The value of local @v at the reference @at: its initializer and the
 * unconditional assignments before @at, in order (`idx += 32`).
 */
static bool eval_local(struct wl_mem *mem, struct wl_var *v,
		       struct wl_node *at, const struct ma_env *env,
		       unsigned tid, long long *out, int depth)
{
	long long val, rhs, r;
	unsigned i;

	if (v->is_lane_id && !v->nr_writes) {
		*out = tid & 31;
		return true;
	}
	if (!v->init || escapes(mem, v) ||
	    !eval_rec(mem, v->init, env, tid, &val, depth + 1))
		return false;
	for (i = 0; i < v->nr_writes; i++) {
		struct wl_node *w = v->writes[i];

		if (w->index > at->index) {
			/* A later write in a loop around both feeds back. */
			struct wl_node *lw = loop_of(w, v->scope);

			if (lw && wl_node_within(at, lw))
				return false;
			continue;
		}
		if (wl_node_within(at, w) || !unconditional(w, v->scope))
			return false;
		if (w->kind == CXCursor_UnaryOperator) {
			enum CXUnaryOperatorKind op =
				clang_getCursorUnaryOperatorKind(w->cursor);

			val += (op == CXUnaryOperator_PostInc ||
				op == CXUnaryOperator_PreInc) ? 1 : -1;
			continue;
		}
		if (w->nr_kids != 2 ||
		    !eval_rec(mem, w->kids[1], env, tid, &rhs, depth + 1))
			return false;
		if (w->kind == CXCursor_BinaryOperator) {
			val = rhs;
		} else if (!apply_binop(clang_getCursorBinaryOperatorKind(
						w->cursor),
					val, rhs, &r)) {
			return false;
		} else {
			val = r;
		}
	}
	*out = val;
	return true;
}

static bool eval_param(struct wl_mem *mem, struct wl_node *ref, CXCursor d,
		       const struct ma_env *env, unsigned tid, long long *out,
		       int depth)
{
	struct wl_func *fn = ref->func;
	struct wl_node *args[16], *call = NULL;
	struct ma_env up;
	int pi;
	unsigned n;

	if (!fn || (pi = param_index(fn, d)) < 0 || pi >= 16)
		return false;
	if (env && env->frame && wl_call_target(&mem->ctx->model,
						 env->frame->call) == fn) {
		call = env->frame->call;
		up = *env;
		up.frame = env->frame->up;
	} else if (fn->nr_callers) {
		call = fn->callers[0];
		memset(&up, 0, sizeof(up));
	} else {
		/*
		 * Nobody in the file calls it: an integer parameter used in
		 * an index is taken to be the thread index (warpReduce(s,
		 * tid)); the messages say "lane tid" accordingly.
		 */
		CXType t = clang_getCanonicalType(clang_getCursorType(d));

		if (t.kind < CXType_Bool || t.kind > CXType_Int128)
			return false;
		*out = tid;
		return true;
	}
	n = wl_call_args(call, args, 16);
	if ((unsigned)pi >= n) {
		/* not written at the call: the parameter's default argument */
		struct wl_node *p = fn->params[pi];

		if (!p->nr_kids)
			return false;
		return eval_rec(mem, p->kids[p->nr_kids - 1], NULL, tid, out,
				depth + 1);
	}
	return eval_rec(mem, args[pi], &up, tid, out, depth + 1);
}

static bool eval_builtin(struct wl_mem *mem, struct wl_node *n, unsigned tid,
			 long long *out)
{
	const char *b = wl_node_builtin_var(&mem->ctx->model, n);

	if (!b)
		return false;
	if (!strcmp(b, "threadIdx.x"))
		*out = tid;
	else if (wl_starts_with(b, "threadIdx") ||
		 wl_starts_with(b, "blockIdx"))
		*out = 0;	/* the same in every lane of a warp */
	else if (!strcmp(b, "blockDim.x"))
		*out = MA_BLOCK_DIM;
	else if (wl_starts_with(b, "blockDim") || wl_starts_with(b, "gridDim"))
		*out = 1;
	else
		return false;
	return true;
}

/* A call of a parameterless helper whose body is `return EXPR;`. */
static bool eval_call(struct wl_mem *mem, struct wl_node *n,
		      const struct ma_env *env, unsigned tid, long long *out,
		      int depth)
{
	struct wl_func *fn = wl_call_target(&mem->ctx->model, n);
	struct wl_node *ret;

	if (!fn || fn->nr_params || !fn->body || fn->body->nr_kids != 1)
		return false;
	ret = fn->body->kids[0];
	if (ret->kind == CXCursor_GCCAsmStmt)
		return false;
	if (ret->kind != CXCursor_ReturnStmt || ret->nr_kids != 1)
		return false;
	(void)env;
	return eval_rec(mem, ret->kids[0], NULL, tid, out, depth + 1);
}

static bool eval_rec(struct wl_mem *mem, struct wl_node *n,
		     const struct ma_env *env, unsigned tid, long long *out,
		     int depth)
{
	long long a, b;
	CXCursor d;

	if (!n || depth > 40)
		return false;
	switch (n->kind) {
	case CXCursor_IntegerLiteral:
	case CXCursor_CharacterLiteral:
	case CXCursor_CXXBoolLiteralExpr:
		return wl_node_int_value(n, out);
	case CXCursor_MemberRefExpr:
		return eval_builtin(mem, n, tid, out);
	case CXCursor_DeclRefExpr:
		d = clang_getCursorReferenced(n->cursor);
		if (bound(env, d, out))
			return true;
		if (wl_node_int_value(n, out))
			return true;
		if (clang_getCursorKind(d) == CXCursor_ParmDecl)
			return eval_param(mem, n, d, env, tid, out, depth);
		if (clang_getCursorKind(d) == CXCursor_VarDecl) {
			struct wl_var *v = wl_eval_var(&mem->ctx->eval, n);
			CXString s;
			bool ws;

			if (v && !v->is_param)
				return eval_local(mem, v, n, env, tid, out,
						  depth);
			/* warpSize is a builtin constant, not a variable. */
			s = clang_getCursorSpelling(d);
			ws = !strcmp(clang_getCString(s), "warpSize");
			clang_disposeString(s);
			if (ws)
				*out = 32;
			return ws;
		}
		return false;
	case CXCursor_BinaryOperator:
		if (n->nr_kids != 2 ||
		    !eval_rec(mem, n->kids[0], env, tid, &a, depth + 1))
			return false;
		if (clang_getCursorBinaryOperatorKind(n->cursor) ==
			    CXBinaryOperator_LAnd && !a)
			return (*out = 0, true);
		if (clang_getCursorBinaryOperatorKind(n->cursor) ==
			    CXBinaryOperator_LOr && a)
			return (*out = 1, true);
		if (!eval_rec(mem, n->kids[1], env, tid, &b, depth + 1))
			return false;
		return apply_binop(clang_getCursorBinaryOperatorKind(n->cursor),
				   a, b, out);
	case CXCursor_UnaryOperator: {
		enum CXUnaryOperatorKind op =
			clang_getCursorUnaryOperatorKind(n->cursor);

		if (n->nr_kids != 1 ||
		    !eval_rec(mem, n->kids[0], env, tid, &a, depth + 1))
			return false;
		if (op == CXUnaryOperator_Minus)
			*out = -a;
		else if (op == CXUnaryOperator_Not)
			*out = ~a;
		else if (op == CXUnaryOperator_LNot)
			*out = !a;
		else if (op == CXUnaryOperator_Plus)
			*out = a;
		else
			return false;
		return true;
	}
	case CXCursor_ConditionalOperator:
		if (n->nr_kids != 3 ||
		    !eval_rec(mem, n->kids[0], env, tid, &a, depth + 1))
			return false;
		return eval_rec(mem, n->kids[a ? 1 : 2], env, tid, out,
				depth + 1);
	case CXCursor_CallExpr:
		return eval_call(mem, n, env, tid, out, depth);
	case CXCursor_UnexposedExpr:
	case CXCursor_ParenExpr:
	case CXCursor_CStyleCastExpr:
	case CXCursor_CXXStaticCastExpr:
	case CXCursor_CXXFunctionalCastExpr:
		if (!n->nr_kids)
			return false;
		return eval_rec(mem, n->kids[n->nr_kids - 1], env, tid, out,
				depth + 1);
	default:
		return false;
	}
}

bool wl_mem_eval(struct wl_mem *mem, struct wl_node *expr, unsigned tid,
		 long long *value)
{
	return eval_rec(mem, expr, NULL, tid, value, 0);
}

/* The element offset a pointer adds: `s + k`, `&s[k]`, parameters too. */
static bool base_offset(struct wl_mem *mem, struct wl_node *ref,
			const struct ma_env *env, unsigned tid, long long *off,
			int depth)
{
	CXCursor d = clang_getCursorReferenced(ref->cursor);
	enum CXCursorKind k = clang_getCursorKind(d);
	struct wl_node *root, *o;
	long long here = 0, below = 0;
	int ai;

	*off = 0;
	if (depth > MA_MAX_DEPTH)
		return false;
	ai = find_array(mem, d);
	if (ai >= 0 && mem->arrays[ai].is_shared)
		return true;	/* known shared: no attribute walk */
	if (k == CXCursor_VarDecl && is_shared_decl(d))
		return true;
	if (k == CXCursor_VarDecl) {
		struct wl_var *v = wl_eval_var(&mem->ctx->eval, ref);

		if (!v || !v->init || reassigned(v))
			return true;	/* storage of its own */
		root = pointer_root(v->init, &o);
		if (!root)
			return true;
		if (o && !eval_rec(mem, o, env, tid, &here, 0))
			return false;
		if (!base_offset(mem, root, env, tid, &below, depth + 1))
			return false;
		*off = here + below;
		return true;
	}
	if (k == CXCursor_ParmDecl && ref->func) {
		struct wl_func *fn = ref->func;
		struct wl_node *args[16], *call;
		struct ma_env up;
		int pi = param_index(fn, d);
		unsigned n;

		if (pi < 0 || pi >= 16 || !fn->nr_callers)
			return true;
		memset(&up, 0, sizeof(up));
		if (env && env->frame &&
		    wl_call_target(&mem->ctx->model, env->frame->call) == fn) {
			call = env->frame->call;
			up = *env;
			up.frame = env->frame->up;
		} else {
			call = fn->callers[0];
		}
		n = wl_call_args(call, args, 16);
		if ((unsigned)pi >= n)
			return false;
		root = pointer_root(args[pi], &o);
		if (!root)
			return false;
		if (o && !eval_rec(mem, o, &up, tid, &here, 0))
			return false;
		if (!base_offset(mem, root, &up, tid, &below, depth + 1))
			return false;
		*off = here + below;
	}
	return true;
}

static bool flat_index(struct wl_mem *mem, struct wl_mem_access *a,
		       const struct ma_env *env, unsigned tid, long long *out)
{
	struct wl_mem_array *arr = &mem->arrays[a->array];
	long long v = 0, x, off;
	unsigned i;

	for (i = 0; i < a->nr_idx; i++) {
		if (!eval_rec(mem, a->idx[i], env, tid, &x, 0))
			return false;
		if (i && i < arr->nr_dims) {
			if (!arr->dims[i])
				return false;
			v *= arr->dims[i];
		}
		v += x;
	}
	if (!base_offset(mem, a->base, env, tid, &off, 0))
		return false;
	*out = v + off;
	return true;
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

	if (!cond || !eval_rec(mem, cond, env, tid, &v, 0))
		return false;
	return (v != 0) != want;
}

/* `if (tid >= 32) return;` before @child in block @blk sends @tid away. */
static bool returned(struct wl_mem *mem, struct wl_node *blk,
		     struct wl_node *child, const struct ma_env *env,
		     unsigned tid)
{
	unsigned i;

	for (i = 0; i < blk->nr_kids && blk->kids[i] != child; i++) {
		struct wl_node *s = blk->kids[i], *t, *c;

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
				   p->kind != CXCursor_ForStmt) {
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
		if (!cur.frame)
			return true;
		child = cur.frame->call;
		cur.frame = cur.frame->up;
	}
}

bool wl_mem_index(struct wl_mem *mem, unsigned ai, unsigned tid,
		  long long *element, bool *is_active)
{
	struct wl_mem_access *a = &mem->accesses[ai];
	struct ma_env env;

	memset(&env, 0, sizeof(env));
	*is_active = active(mem, a->expr, &env, tid);
	return flat_index(mem, a, &env, tid, element);
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
	e->loop_depth = w->loop_depth;
	return e;
}

static void walk(struct ma_walk *w, struct wl_node *n, struct ma_env *env);

/* The variable a for header counts with, and its first value. */
static bool loop_var(struct wl_node *init, CXCursor *decl,
		     struct wl_node **first)
{
	struct wl_node *x;

	if (!init)
		return false;
	if (init->kind == CXCursor_DeclStmt && init->nr_kids == 1 &&
	    init->kids[0]->kind == CXCursor_VarDecl &&
	    init->kids[0]->nr_kids) {
		*decl = init->kids[0]->cursor;
		*first = init->kids[0]->kids[init->kids[0]->nr_kids - 1];
		return true;
	}
	if (init->kind == CXCursor_BinaryOperator && init->nr_kids == 2 &&
	    clang_getCursorBinaryOperatorKind(init->cursor) ==
		    CXBinaryOperator_Assign) {
		x = strip_all(init->kids[0]);
		if (!x || x->kind != CXCursor_DeclRefExpr)
			return false;
		*decl = clang_getCursorReferenced(x->cursor);
		*first = init->kids[1];
		return true;
	}
	return false;
}

/* The same value in thread 0 and thread 37: a warp-uniform loop. */
static bool eval_uniform(struct wl_mem *mem, struct wl_node *n,
			 const struct ma_env *env, long long *v)
{
	long long v2;

	return eval_rec(mem, n, env, 0, v, 0) &&
	       eval_rec(mem, n, env, 37, &v2, 0) && *v == v2;
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

		x = strip_all(inc->kids[0]);
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
	x = strip_all(inc->kids[0]);
	if (!x || x->kind != CXCursor_DeclRefExpr ||
	    !clang_equalCursors(clang_getCursorReferenced(x->cursor), decl))
		return false;
	if (!eval_uniform(mem, inc->kids[1], env, &rhs))
		return false;
	if (inc->kind == CXCursor_BinaryOperator &&
	    clang_getCursorBinaryOperatorKind(inc->cursor) ==
		    CXBinaryOperator_Assign) {
		*value = rhs;
		return true;
	}
	if (!apply_binop(clang_getCursorBinaryOperatorKind(inc->cursor),
			 *value, rhs, &r))
		return false;
	*value = r;
	return true;
}

static void walk_for(struct ma_walk *w, struct wl_node *n, struct ma_env *env)
{
	struct wl_node *init = wl_node_kid(n, WL_ROLE_INIT);
	struct wl_node *cond = wl_node_kid(n, WL_ROLE_COND);
	struct wl_node *inc = wl_node_kid(n, WL_ROLE_INC);
	struct wl_node *body = wl_node_kid(n, WL_ROLE_BODY);
	struct wl_node *first;
	long long values[MA_MAX_TRIPS], v, c;
	unsigned nr = 0, i;
	CXCursor decl;
	bool counted = false;

	if (loop_var(init, &decl, &first) && env->nr_binds < MA_MAX_BINDS &&
	    eval_uniform(w->mem, first, env, &v)) {
		struct ma_env e = *env;
		unsigned slot = env->nr_binds;

		e.binds[slot].decl = decl;
		e.nr_binds = slot + 1;
		for (;;) {
			e.binds[slot].value = v;
			if (!cond || !eval_uniform(w->mem, cond, &e, &c))
				break;
			if (!c) {
				counted = true;
				break;
			}
			if (nr == MA_MAX_TRIPS)
				break;
			values[nr++] = v;
			if (!step(w->mem, inc, decl, &e, &v))
				break;
		}
	}
	w->loop_depth++;
	if (counted) {
		for (i = 0; i < nr; i++) {
			struct ma_env e = *env;

			e.binds[e.nr_binds].decl = decl;
			e.binds[e.nr_binds].value = values[i];
			e.nr_binds++;
			if (body)
				walk(w, body, &e);
			if (inc)
				walk(w, inc, &e);
		}
	} else {
		/* Unknown trip count: twice, so that trips meet. */
		if (init)
			walk(w, init, env);
		for (i = 0; i < 2; i++)
			for (c = 0; c < n->nr_kids; c++)
				if (n->kids[c] != init)
					walk(w, n->kids[c], env);
	}
	w->loop_depth--;
}

static void walk_call(struct ma_walk *w, struct wl_node *n,
		      struct ma_env *env)
{
	struct wl_func *fn;
	struct ma_frame *f;
	struct ma_env e;
	unsigned i;

	for (i = 0; i < n->nr_kids; i++)
		walk(w, n->kids[i], env);
	if (wl_mem_is_barrier(&w->mem->ctx->model, n)) {
		add_event(w, -1, n, env);
		return;
	}
	fn = wl_call_target(&w->mem->ctx->model, n);
	if (!fn || !fn->body || w->depth >= MA_MAX_DEPTH)
		return;
	for (i = 0; i < w->depth; i++)
		if (w->stack[i] == fn)
			return;		/* recursion */
	f = wl_xcalloc(1, sizeof(*f));
	f->call = n;
	f->up = env->frame;
	f->next_alloc = w->frames;
	w->frames = f;
	e = *env;
	e.frame = f;
	w->stack[w->depth++] = fn;
	walk(w, fn->body, &e);
	w->depth--;
}

static void walk(struct ma_walk *w, struct wl_node *n, struct ma_env *env)
{
	unsigned i, r;
	int a;

	if (w->truncated)
		return;

	switch (n->kind) {
	case CXCursor_ForStmt:
		walk_for(w, n, env);
		return;
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
		w->loop_depth++;
		for (r = 0; r < 2; r++)
			for (i = 0; i < n->nr_kids; i++)
				walk(w, n->kids[i], env);
		w->loop_depth--;
		return;
	case CXCursor_CallExpr:
		walk_call(w, n, env);
		return;
	case CXCursor_LambdaExpr:
		return;
	default:
		break;
	}
	for (i = 0; i < n->nr_kids; i++)
		walk(w, n->kids[i], env);
	if (n->kind == CXCursor_ArraySubscriptExpr &&
	    (a = wl_mem_access_of(w->mem, n)) >= 0)
		add_event(w, a, n, env);
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
	for (t = 0; t < MA_TIDS && e->known; t++)
		if (e->act[t] &&
		    !flat_index(mem, &mem->accesses[e->access], &e->env, t,
				&e->elem[t]))
			e->known = false;
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
				for (m = 0; m < b->nr_races; m++) {
					WL_GROW(a->races, a->nr_races,
						a->alloc_races);
					a->races[a->nr_races++] = b->races[m];
				}
				a->in_loop |= b->in_loop;
				free(b->stmts);
				free(b->races);
				mem->nr_regions--;
				mem->regions[j] = mem->regions[mem->nr_regions];
				merged = true;
			}
	}
}

static struct wl_mem_race *record(struct wl_mem *mem, struct ma_event *p,
				   struct ma_event *q, unsigned ti,
				   unsigned tj, bool p_reads)
{
	struct wl_mem_access *ap = &mem->accesses[p->access];
	struct wl_mem_access *aq = &mem->accesses[q->access];
	struct wl_mem_region *r = region_of(mem, ap->stmt, aq->stmt);
	struct wl_mem_race *x;
	unsigned i;

	region_add_stmt(r, ap->stmt);
	region_add_stmt(r, aq->stmt);
	if (p->loop_depth || q->loop_depth)
		r->in_loop = true;
	for (i = 0; i < r->nr_races; i++) {
		x = &r->races[i];
		if ((x->reader == (unsigned)p->access &&
		     x->writer == (unsigned)q->access) ||
		    (x->reader == (unsigned)q->access &&
		     x->writer == (unsigned)p->access))
			return NULL;
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
	return x;
}

/*
 * Lanes @ti of @p and @tj of @q (one warp, ti != tj) touch one element,
 * one of them writing.  Prefer a pair where @p's lane reads.
 */
/*
 * Barriers each thread executed before each event: lbar[e * MA_TIDS + t].
 * A barrier orders two lanes only if both execute it; `if (lane == 0)
 * __syncwarp(1);` orders nothing between lane 0 and lane 1.
 */
struct ma_bars {
	unsigned short *lbar;
	unsigned from, to;	/* events p + 1 and q */
};

static bool separated(const struct ma_bars *b, unsigned t)
{
	return b->lbar[(size_t)b->to * MA_TIDS + t] !=
	       b->lbar[(size_t)b->from * MA_TIDS + t];
}

/*
 * Lanes @ti of @p and @tj of @q (one warp, ti != tj) touch one element,
 * one of them writing, with no barrier that both pass between them.
 */
static bool conflict(struct ma_event *p, struct ma_event *q,
		     struct wl_mem *mem, unsigned w, const struct ma_bars *bars,
		     unsigned *ti, unsigned *tj, bool *p_reads)
{
	unsigned fp = mem->accesses[p->access].flags;
	unsigned fq = mem->accesses[q->access].flags;
	unsigned i, j, pass;

	for (pass = 0; pass < 3; pass++) {
		/* pass 0: p reads, q writes; 1: p writes, q reads; 2: W/W */
		unsigned need_p = pass == 0 ? WL_MEM_READ : WL_MEM_WRITE;
		unsigned need_q = pass == 1 ? WL_MEM_READ : WL_MEM_WRITE;
		bool ok = (fp & need_p) && (fq & need_q);

		if (!ok)
			continue;
		/* the reading lane in the outer loop: the lowest reader */
		for (i = w * 32; i < w * 32 + 32; i++)
			for (j = w * 32; j < w * 32 + 32; j++) {
				unsigned a = pass == 1 ? j : i;
				unsigned b = pass == 1 ? i : j;

				if (a != b && p->act[a] && q->act[b] &&
				    p->elem[a] == q->elem[b] &&
				    !(separated(bars, a) &&
				      separated(bars, b))) {
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

	if (!(a->flags & WL_MEM_VOLATILE) || !(b->flags & WL_MEM_VOLATILE) ||
	    !((a->flags | b->flags) & WL_MEM_WRITE) || a->nr_idx != b->nr_idx ||
	    a->expr == b->expr || !same_text(mem, a->base, b->base))
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

static void find_races(struct wl_mem *mem, struct ma_walk *w)
{
	unsigned short *lbar = wl_xcalloc((size_t)(w->nr_ev + 1) * MA_TIDS,
					  sizeof(*lbar));
	struct ma_bars bars = { lbar, 0, 0 };
	/*
	 * Access pairs already known to race need no second look.  The
	 * table covers only the accesses this walk meets, numbered locally:
	 * sized by the whole file it cost n^2 per kernel.
	 */
	int *local = wl_xmalloc((mem->nr_accesses + 1) * sizeof(*local));
	size_t n = 0;
	unsigned char *found;
	unsigned i, j, k, t, checks = 0;

	for (i = 0; i < mem->nr_accesses; i++)
		local[i] = -1;
	for (i = 0; i < w->nr_ev; i++)
		if (w->ev[i].access >= 0 && local[w->ev[i].access] < 0)
			local[w->ev[i].access] = (int)n++;
	found = n <= 2048 ? wl_xcalloc(n * n + 1, 1) : NULL;

	for (i = 0; i < w->nr_ev; i++)
		compute_event(mem, &w->ev[i]);
	for (i = 0; i < w->nr_ev; i++)
		for (t = 0; t < MA_TIDS; t++)
			lbar[(size_t)(i + 1) * MA_TIDS + t] =
				lbar[(size_t)i * MA_TIDS + t] +
				(w->ev[i].access < 0 && w->ev[i].act[t]);
	for (i = 0; i < w->nr_ev; i++) {
		struct ma_event *p = &w->ev[i];

		if (p->access < 0)
			continue;
		for (j = i; j < w->nr_ev; j++) {
			struct ma_event *q = &w->ev[j];
			unsigned ti, tj;
			bool p_reads;

			if (q->access < 0 ||
			    mem->accesses[q->access].array !=
				    mem->accesses[p->access].array)
				continue;
			bars.from = i + 1;
			bars.to = j;
			if (!p->known || !q->known) {
				if (i != j && !(separated(&bars, 0) &&
						separated(&bars, 1)) &&
				    collide(mem, p, q, &p_reads)) {
					struct wl_mem_race *x;

					x = record(mem, p, q, 0, 1, p_reads);

					if (x)
						x->collision = true;
				}
				continue;
			}
			/* An access meets itself only as read-modify-write. */
			if (i == j && (mem->accesses[p->access].flags &
				       (WL_MEM_READ | WL_MEM_WRITE)) !=
					      (WL_MEM_READ | WL_MEM_WRITE))
				continue;
			if (found &&
			    found[(size_t)local[p->access] * n +
				  (size_t)local[q->access]])
				continue;
			for (k = 0; k < MA_WARPS; k++) {
				/* the whole warp passed a barrier between */
				for (t = k * 32; t < k * 32 + 32; t++)
					if (!separated(&bars, t))
						break;
				if (t == k * 32 + 32)
					continue;
				if (++checks > MA_MAX_CHECKS) {
					mem->truncated = true;
					goto out;
				}
				if (conflict(p, q, mem, k, &bars, &ti, &tj,
					     &p_reads)) {
					record(mem, p, q, ti, tj, p_reads);
					if (found)
						found[(size_t)local[p->access] * n +
						      (size_t)local[q->access]] = 1;
					break;
				}
			}
		}
	}
out:
	free(found);
	free(local);
	free(lbar);
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
static bool barrier_follows(struct wl_model *m, struct wl_node *s)
{
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
	return next && next->kind == CXCursor_CallExpr &&
	       wl_mem_is_barrier(m, next);
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
				   barrier_follows(&mem->ctx->model,
						   r->stmts[0]);
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

void wl_mem_build(struct wl_mem *mem, struct wl_ctx *ctx)
{
	struct wl_model *m = &ctx->model;
	unsigned i;

	memset(mem, 0, sizeof(*mem));
	mem->ctx = ctx;
	for (i = 0; i < m->nr_funcs; i++)
		if (m->funcs[i]->body)
			wl_node_walk(m->funcs[i]->body, collect_access, mem);
	if (!mem->nr_accesses)
		return;
	/* Roots: kernels, and device functions nobody here calls. */
	for (i = 0; i < m->nr_funcs; i++) {
		struct wl_func *fn = m->funcs[i];
		struct ma_walk w;
		struct ma_env env;

		if (!fn->body || (!(fn->flags & WL_FUNC_KERNEL) &&
				  fn->nr_callers))
			continue;
		memset(&w, 0, sizeof(w));
		memset(&env, 0, sizeof(env));
		w.mem = mem;
		w.stack[w.depth++] = fn;
		walk(&w, fn->body, &env);
		mem->truncated |= w.truncated;
		find_races(mem, &w);
		release_walk(&w);
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
	}
	free(mem->arrays);
	free(mem->accesses);
	free(mem->regions);
	free(mem->escape);
	memset(mem, 0, sizeof(*mem));
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
	    !loop_var(wl_node_kid(loop, WL_ROLE_INIT), var, &first))
		return false;
	cond = wl_node_kid(loop, WL_ROLE_COND);
	inc = wl_node_kid(loop, WL_ROLE_INC);
	memset(&e, 0, sizeof(e));
	if (!cond || !eval_uniform(mem, first, &e, &v))
		return false;
	e.binds[0].decl = *var;
	e.nr_binds = 1;
	for (;;) {
		e.binds[0].value = v;
		if (!eval_uniform(mem, cond, &e, &c))
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
	struct ma_env env;

	memset(&env, 0, sizeof(env));
	env.binds[0].decl = var;
	env.binds[0].value = value;
	env.nr_binds = 1;
	return flat_index(mem, &mem->accesses[ai], &env, tid, element);
}
