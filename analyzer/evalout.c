/* SPDX-License-Identifier: MIT */
/*
 * Out-parameters: a local whose address a call takes only to store into
 * it.  NVIDIA's NCV kernels finish a block reduction so,
 *
 *	T res;
 *	functor.assign(&res, reduceArr);	(*dst = *src, after a barrier)
 *	return res;
 *
 * and loop on what it returns.  A variable whose address is taken is
 * otherwise anything at all; here it holds what the callee stores, with
 * the callee's parameters bound to this call's arguments: `*src` reads
 * the shared array at a block-uniform address, the same in every thread.
 *
 * A reference parameter is the same (b40c's `GetCtaWorkLimits(limits)`
 * fills a struct's fields): `l = e`, `l.f = e`, `l.f += e`, and reads of
 * `l` or `l.f` as values.
 *
 * The callee must be plain about it: it does nothing with the parameter
 * but store through it (`*dst = e`, `dst[0] = e`) and, for a reference,
 * read it; `e` and the conditions around each store read nothing but
 * its parameters, the members of the object it is called on, built-in
 * indices and constants.  A store under a condition, or one that adds
 * to the field, also keeps what the caller's variable held.
 *
 * A dependent call in a template (`functor.assign()` on a type
 * parameter) has no callee yet: every function of the file with that
 * name and enough parameters is a candidate, and all of them must
 * qualify.
 */
#include <string.h>

#include "analyzer/cursor.h"
#include "analyzer/eval.h"
#include "base/util.h"

/* Callees judged per call, at most: a name shared by more is given up. */
#define MAX_CANDIDATES 8

/* Stores through one parameter, at most. */
#define MAX_STORES 8

/* Locals followed to their initializers, one inside another, at most. */
#define MAX_LOCAL_DEPTH 4

/* The argument index of @arg (stripped of parentheses) in @call, or -1. */
static int arg_index(struct wl_node *call, struct wl_node *arg)
{
	struct wl_node *args[32];
	unsigned n = wl_call_args(call, args, 32), i;

	for (i = 0; i < n && i < 32; i++)
		if (args[i] == arg || wl_node_strip(args[i]) == arg)
			return (int)i;
	return -1;
}

/* The functions @call may run (see above), into @out; how many. */
static unsigned candidates(struct wl_eval *ev, struct wl_node *call,
			   unsigned min_params, struct wl_func **out)
{
	struct wl_func *fn = wl_call_target(ev->model, call);
	const char *name;
	unsigned i, nr = 0;

	if (fn) {
		if (fn->nr_params < min_params)
			return 0;	/* not a callee this argument reaches */
		out[0] = fn;
		return 1;
	}
	name = wl_call_name(ev->model, call);
	if (!wl_call_dependent(call) || !name[0])
		return 0;
	for (i = 0; i < ev->model->nr_funcs; i++) {
		fn = ev->model->funcs[i];
		if (strcmp(fn->name, name) || fn->nr_params < min_params)
			continue;
		if (nr == MAX_CANDIDATES)
			return 0;
		out[nr++] = fn;
	}
	return nr;
}

/*
 * Whether @n (a reference parameter or a field of it) is only read
 * where it stands: an operand of arithmetic or a comparison, or the
 * right side of an assignment, never written, stepped or handed on.
 */
static bool reads_value(struct wl_node *n)
{
	struct wl_node *p = wl_node_wrapped(n)->parent;

	if (!p)
		return false;
	switch (p->kind) {
	case CXCursor_BinaryOperator:
		return wl_node_binop(p) != CXBinaryOperator_Assign ||
		       (p->nr_kids == 2 && p->kids[1] == wl_node_wrapped(n));
	case CXCursor_CompoundAssignOperator:
		return p->nr_kids == 2 && p->kids[1] == wl_node_wrapped(n);
	case CXCursor_ReturnStmt:
	case CXCursor_IfStmt:
	case CXCursor_VarDecl:
		return true;
	default:
		return false;
	}
}

/*
 * The assignment a use @ref of a pointer parameter stores through
 * (`*p = e`, `p[0] = e`), or of a @reference one (`l = e`, `l.f = e`,
 * `l.f += e`); @ref itself for a reference read as a value; NULL when
 * the use is anything else.
 */
static struct wl_node *store_through(struct wl_node *ref, bool reference)
{
	struct wl_node *n = wl_node_wrapped(ref), *lhs, *asg;
	long long index;

	lhs = n->parent;
	if (!lhs)
		return NULL;
	if (reference) {
		/* `l = e`, `l.f = e`, `l.f += e`; or a read of l or l.f */
		if (lhs->kind == CXCursor_MemberRefExpr && lhs->nr_kids &&
		    lhs->kids[0] == n) {
			lhs = wl_node_wrapped(lhs);
			asg = lhs->parent;
		} else {
			asg = lhs;
			lhs = n;
		}
		if (asg && (asg->kind == CXCursor_CompoundAssignOperator ||
			    (asg->kind == CXCursor_BinaryOperator &&
			     wl_node_binop(asg) == CXBinaryOperator_Assign)) &&
		    asg->nr_kids == 2 && asg->kids[0] == lhs)
			return asg;
		return reads_value(lhs) ? ref : NULL;
	}
	if (lhs->kind == CXCursor_UnaryOperator) {
		if (clang_getCursorUnaryOperatorKind(lhs->cursor) !=
		    CXUnaryOperator_Deref)
			return NULL;
	} else if (lhs->kind != CXCursor_ArraySubscriptExpr ||
		   lhs->nr_kids != 2 || lhs->kids[0] != n ||
		   !wl_node_int_value(wl_node_strip(lhs->kids[1]), &index) ||
		   index != 0) {
		return NULL;
	}
	lhs = wl_node_wrapped(lhs);
	asg = lhs->parent;
	if (!asg || asg->kind != CXCursor_BinaryOperator ||
	    wl_node_binop(asg) != CXBinaryOperator_Assign ||
	    asg->nr_kids != 2 || asg->kids[0] != lhs)
		return NULL;
	return asg;
}

struct store_scan {
	CXCursor param;
	bool reference;
	struct wl_node **stores;	/* the assignments */
	unsigned nr, max;
	bool other_use;
};

static bool scan_param_use(struct wl_node *n, void *data)
{
	struct store_scan *ss = data;
	struct wl_node *asg;

	if (n->kind != CXCursor_DeclRefExpr ||
	    !wl_cursor_equal(wl_node_referenced(n), ss->param))
		return true;
	asg = store_through(n, ss->reference);
	if (asg == n)
		return true;	/* a read of what the caller passed */
	if (!asg || ss->nr == ss->max) {
		ss->other_use = true;
		return false;
	}
	ss->stores[ss->nr++] = asg;
	return true;
}

/* The stores @fn makes through parameter @i, into @stores; -1: not plain. */
static int stores_of(const struct wl_func *fn, unsigned i,
		     struct wl_node **stores, unsigned max)
{
	CXType t = clang_getCursorType(fn->params[i]->cursor);
	struct store_scan ss = { fn->params[i]->cursor,
				 t.kind == CXType_LValueReference, stores, 0,
				 max, false };

	if (!fn->body)
		return -1;
	wl_node_walk(fn->body, scan_param_use, &ss);
	return ss.other_use || !ss.nr ? -1 : (int)ss.nr;
}

/* A call that takes a variable's address (or reference) as argument i. */
struct out_call {
	struct wl_node *call;
	unsigned i;
	struct wl_func *fns[MAX_CANDIDATES];	/* what it may run */
	unsigned nr_fns;
};

/* The call @addr is an argument of, with its candidates; false: none. */
static bool resolve(struct wl_eval *ev, struct wl_node *addr,
		    struct out_call *oc)
{
	struct wl_node *arg = wl_node_wrapped(addr);
	int i;

	oc->call = arg->parent;
	if (!oc->call || oc->call->kind != CXCursor_CallExpr)
		return false;
	i = arg_index(oc->call, arg);
	if (i < 0)
		return false;
	oc->i = (unsigned)i;
	oc->nr_fns = candidates(ev, oc->call, oc->i + 1, oc->fns);
	return oc->nr_fns > 0;
}

bool wl_evalout_is_out_arg(struct wl_eval *ev, struct wl_node *addr)
{
	struct wl_node *stores[MAX_STORES];
	struct out_call oc;
	unsigned k;

	if (!resolve(ev, addr, &oc))
		return false;
	for (k = 0; k < oc.nr_fns; k++)
		if (stores_of(oc.fns[k], oc.i, stores, MAX_STORES) < 0)
			return false;
	return true;
}

/* One candidate callee's parameters, bound to the call's arguments. */
struct binding {
	const struct wl_func *fn;
	struct wl_node *args[32];
	unsigned nr_args;
	struct wl_node *object;		/* obj of obj.f(...), or NULL */
};

struct local_scan {
	CXCursor decl;
	bool other_use;
};

/* Whether the use @n of a local only reads it (a value, or an index). */
static bool only_reads(struct wl_node *n)
{
	struct wl_node *w = wl_node_wrapped(n), *p = w->parent;

	if (p && p->kind == CXCursor_ArraySubscriptExpr && p->nr_kids == 2 &&
	    p->kids[1] == w)
		return true;
	return reads_value(n);
}

static bool scan_local_use(struct wl_node *n, void *data)
{
	struct local_scan *ls = data;

	if (n->kind == CXCursor_DeclRefExpr &&
	    wl_cursor_equal(wl_node_referenced(n), ls->decl) && !only_reads(n))
		ls->other_use = true;
	return !ls->other_use;
}

/*
 * The initializer of @ref, a scalar local of the callee set where it is
 * declared and only read after (`int off = l.base + 4;`), else NULL.
 */
static struct wl_node *read_only_local(const struct wl_func *fn,
				       struct wl_node *ref)
{
	struct local_scan ls = { wl_node_referenced(ref), false };
	struct wl_node *decl, *init;
	enum CXTypeKind t;

	if (clang_getCursorKind(ls.decl) != CXCursor_VarDecl || !fn->body)
		return NULL;
	decl = wl_node_find(fn->body, ls.decl);
	if (!decl || decl->kind != CXCursor_VarDecl || !decl->nr_kids)
		return NULL;
	t = clang_getCanonicalType(clang_getCursorType(ls.decl)).kind;
	if (t == CXType_Record || t == CXType_ConstantArray ||
	    t == CXType_LValueReference ||
	    clang_Cursor_getStorageClass(ls.decl) == CX_SC_Static ||
	    wl_eval_is_shared(ls.decl))
		return NULL;
	init = decl->kids[decl->nr_kids - 1];
	if (!clang_isExpression(init->kind))
		return NULL;
	wl_node_walk(fn->body, scan_local_use, &ls);
	return ls.other_use ? NULL : init;
}

/*
 * How much @e, an expression of the callee's, varies with its
 * parameters bound as @b binds them: a parameter as its argument does,
 * a member of the callee's object as the object, a constant not at all,
 * a local set once and only read as its initializer (@depth deep), any
 * other local as it varies over every call, a pure call (`min()`) as its
 * arguments, and anything else of the callee's own as a lane.
 */
static enum wl_dep bound_dep(struct wl_eval *ev, struct wl_node *e,
			     const struct binding *b, unsigned depth)
{
	struct wl_node *init;
	enum wl_dep d = WL_DEP_CONST;
	CXCursor ref;
	unsigned i;

	switch (e->kind) {
	case CXCursor_IntegerLiteral:
	case CXCursor_FloatingLiteral:
	case CXCursor_CharacterLiteral:
	case CXCursor_CXXBoolLiteralExpr:
	case CXCursor_CXXNullPtrLiteralExpr:
	case CXCursor_UnaryExpr:
		return WL_DEP_CONST;
	case CXCursor_DeclRefExpr:
		ref = wl_node_referenced(e);
		switch (clang_getCursorKind(ref)) {
		case CXCursor_EnumConstantDecl:
		case CXCursor_NonTypeTemplateParameter:
			return WL_DEP_CONST;
		default:
			break;
		}
		for (i = 0; i < b->fn->nr_params; i++)
			if (wl_cursor_equal(ref, b->fn->params[i]->cursor))
				return i < b->nr_args ?
					       wl_eval_dep(ev, b->args[i]) :
					       WL_DEP_LANE;
		init = depth < MAX_LOCAL_DEPTH ? read_only_local(b->fn, e)
					       : NULL;
		if (init)
			return bound_dep(ev, init, b, depth + 1);
		/*
		 * Another local (a loop counter, a running total): as the
		 * callee's own analysis has it, over every call of it.
		 */
		return wl_eval_dep(ev, e);
	case CXCursor_MemberRefExpr:
		if (wl_node_builtin_var(ev->model, e))
			return wl_eval_dep(ev, e);	/* blockIdx.x */
		if (!e->nr_kids)	/* a member of this: of the object */
			return b->object ? wl_eval_dep(ev, b->object)
					 : WL_DEP_LANE;
		break;
	case CXCursor_CallExpr:
		/* min(n - r, D): as its arguments */
		if (!wl_eval_pure_call(wl_call_name(ev->model, e)))
			return WL_DEP_LANE;
		break;
	case CXCursor_GCCAsmStmt:
	case CXCursor_LambdaExpr:
		return WL_DEP_LANE;
	default:
		break;
	}
	for (i = 0; i < e->nr_kids && d < WL_DEP_LANE; i++)
		d = wl_dep_max(d, bound_dep(ev, e->kids[i], b, depth));
	return d;
}

/*
 * How much the conditions that decide whether @store runs in the callee
 * vary, bound as @b binds them; *@guarded: whether there is one.
 */
static enum wl_dep guard_bound_dep(struct wl_eval *ev, struct wl_node *store,
				   const struct binding *b, bool *guarded)
{
	struct wl_node *child = store, *p;
	enum wl_dep d = WL_DEP_CONST;

	*guarded = false;
	for (p = store->parent; p && child != b->fn->body;
	     child = p, p = p->parent) {
		struct wl_node *cond = wl_node_deciding_cond(child);

		if (cond) {
			*guarded = true;
			d = wl_dep_max(d, bound_dep(ev, cond, b, 0));
		}
	}
	return d;
}

enum wl_dep wl_evalout_dep(struct wl_eval *ev, struct wl_node *addr)
{
	struct wl_node *stores[MAX_STORES], *callee;
	struct binding b;
	struct out_call oc;
	enum wl_dep d = WL_DEP_CONST;
	unsigned k;
	int nr_stores, s;

	if (!resolve(ev, addr, &oc))
		return WL_DEP_LANE;
	b.nr_args = wl_call_args(oc.call, b.args, 32);
	if (b.nr_args > 32)
		b.nr_args = 32;
	/* obj.f(&v): f's own members are obj's */
	callee = oc.call->nr_kids ? wl_node_strip(oc.call->kids[0]) : NULL;
	b.object = callee && callee->kind == CXCursor_MemberRefExpr &&
			   callee->nr_kids ? callee->kids[0] : NULL;
	for (k = 0; k < oc.nr_fns && d < WL_DEP_LANE; k++) {
		b.fn = oc.fns[k];
		nr_stores = stores_of(b.fn, oc.i, stores, MAX_STORES);
		if (nr_stores < 0)
			return WL_DEP_LANE;
		for (s = 0; s < nr_stores; s++) {
			bool guarded;

			d = wl_dep_max(d, bound_dep(ev, stores[s]->kids[1], &b,
						   0));
			d = wl_dep_max(d, guard_bound_dep(ev, stores[s], &b,
							  &guarded));
			/*
			 * l.f += e, or a store some calls skip: what the
			 * caller's variable held counts too.
			 */
			if (guarded || stores[s]->kind ==
					       CXCursor_CompoundAssignOperator)
				d = wl_dep_max(d, wl_eval_dep(ev, b.args[oc.i]));
		}
	}
	return d;
}
