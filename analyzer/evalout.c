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
 * to the field, also keeps what the caller's variable held.  A dependent call in a template (`functor.assign()` on a
 * type parameter) has no callee yet: every function of the file with
 * that name and enough parameters is a candidate, and all of them must
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

/* @n without the parentheses and implicit conversions around it. */
static struct wl_node *up_through_parens(struct wl_node *n)
{
	while (n->parent && (n->parent->kind == CXCursor_ParenExpr ||
			     n->parent->kind == CXCursor_UnexposedExpr ||
			     n->parent->kind == CXCursor_CStyleCastExpr))
		n = n->parent;
	return n;
}

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
	CXString spell;
	bool dependent;
	unsigned i, nr = 0;

	if (fn) {
		out[0] = fn;
		return 1;
	}
	spell = clang_getCursorSpelling(call->cursor);
	dependent = clang_getCString(spell)[0] == '\0';
	clang_disposeString(spell);
	name = wl_call_name(ev->model, call);
	if (!dependent || !name[0])
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
	struct wl_node *p = up_through_parens(n)->parent;

	if (!p)
		return false;
	switch (p->kind) {
	case CXCursor_BinaryOperator:
		return wl_node_binop(p) != CXBinaryOperator_Assign ||
		       (p->nr_kids == 2 && p->kids[1] == up_through_parens(n));
	case CXCursor_CompoundAssignOperator:
		return p->nr_kids == 2 && p->kids[1] == up_through_parens(n);
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
	struct wl_node *n = up_through_parens(ref), *lhs, *asg;
	long long index;

	lhs = n->parent;
	if (!lhs)
		return NULL;
	if (reference) {
		/* `l = e`, `l.f = e`, `l.f += e`; or a read of l or l.f */
		if (lhs->kind == CXCursor_MemberRefExpr && lhs->nr_kids &&
		    lhs->kids[0] == n) {
			lhs = up_through_parens(lhs);
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
	lhs = up_through_parens(lhs);
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
	const struct wl_func *fn;
	struct wl_node **stores;	/* the assignments, when wanted */
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
				 t.kind == CXType_LValueReference, fn, stores,
				 0, max, false };

	if (!fn->body)
		return -1;
	wl_node_walk(fn->body, scan_param_use, &ss);
	return ss.other_use || !ss.nr ? -1 : (int)ss.nr;
}

bool wl_evalout_is_out_arg(struct wl_eval *ev, struct wl_node *addr)
{
	struct wl_node *arg = up_through_parens(addr), *call = arg->parent;
	struct wl_func *fns[MAX_CANDIDATES];
	struct wl_node *stores[MAX_STORES];
	unsigned nr, k;
	int i;

	if (!call || call->kind != CXCursor_CallExpr)
		return false;
	i = arg_index(call, arg);
	if (i < 0)
		return false;
	nr = candidates(ev, call, (unsigned)i + 1, fns);
	for (k = 0; k < nr; k++)
		if (stores_of(fns[k], (unsigned)i, stores, MAX_STORES) < 0)
			return false;
	return nr > 0;
}

/*
 * How much @e, an expression of @fn's, varies with @fn's parameters
 * bound to @args: a parameter as its argument does, a constant not at
 * all, anything else of the callee's own (a local, a call) as a lane.
 */
static enum wl_dep bound_dep(struct wl_eval *ev, struct wl_node *e,
			     const struct wl_func *fn, struct wl_node **args,
			     unsigned nr_args, struct wl_node *object)
{
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
		for (i = 0; i < fn->nr_params; i++)
			if (wl_cursor_equal(ref, fn->params[i]->cursor))
				return i < nr_args ? wl_eval_dep(ev, args[i])
						   : WL_DEP_LANE;
		return WL_DEP_LANE;
	case CXCursor_MemberRefExpr:
		if (wl_node_builtin_var(ev->model, e))
			return wl_eval_dep(ev, e);	/* blockIdx.x */
		if (!e->nr_kids)	/* a member of this: of the object */
			return object ? wl_eval_dep(ev, object) : WL_DEP_LANE;
		break;
	case CXCursor_CallExpr:
	case CXCursor_GCCAsmStmt:
	case CXCursor_LambdaExpr:
		return WL_DEP_LANE;
	default:
		break;
	}
	for (i = 0; i < e->nr_kids && d < WL_DEP_LANE; i++)
		d = wl_dep_max(d, bound_dep(ev, e->kids[i], fn, args, nr_args,
					    object));
	return d;
}

/*
 * How much the conditions that decide whether @store runs in @fn vary,
 * bound as bound_dep() binds them; -1 when there is none.
 */
static int guard_bound_dep(struct wl_eval *ev, struct wl_node *store,
			   const struct wl_func *fn, struct wl_node **args,
			   unsigned nr_args, struct wl_node *object)
{
	struct wl_node *child = store, *p;
	int d = -1;

	for (p = store->parent; p && child != fn->body;
	     child = p, p = p->parent) {
		struct wl_node *cond = wl_node_deciding_cond(child);

		if (cond)
			d = wl_dep_max(d < 0 ? WL_DEP_CONST : (enum wl_dep)d,
				       bound_dep(ev, cond, fn, args, nr_args,
						 object));
	}
	return d;
}

enum wl_dep wl_evalout_dep(struct wl_eval *ev, struct wl_node *addr)
{
	struct wl_node *arg = up_through_parens(addr), *call = arg->parent;
	struct wl_func *fns[MAX_CANDIDATES];
	struct wl_node *stores[MAX_STORES], *args[32], *callee, *object;
	unsigned nr, k, nr_args;
	enum wl_dep d = WL_DEP_CONST;
	int i, nr_stores, s;

	i = call ? arg_index(call, arg) : -1;
	if (i < 0)
		return WL_DEP_LANE;
	nr_args = wl_call_args(call, args, 32);
	if (nr_args > 32)
		nr_args = 32;
	nr = candidates(ev, call, (unsigned)i + 1, fns);
	if (!nr)
		return WL_DEP_LANE;
	/* obj.f(&v): f's own members are obj's */
	callee = call->nr_kids ? wl_node_strip(call->kids[0]) : NULL;
	object = callee && callee->kind == CXCursor_MemberRefExpr &&
			 callee->nr_kids ? callee->kids[0] : NULL;
	for (k = 0; k < nr && d < WL_DEP_LANE; k++) {
		nr_stores = stores_of(fns[k], (unsigned)i, stores, MAX_STORES);
		if (nr_stores < 0)
			return WL_DEP_LANE;
		for (s = 0; s < nr_stores; s++) {
			int g = guard_bound_dep(ev, stores[s], fns[k], args,
						nr_args, object);

			d = wl_dep_max(d, bound_dep(ev, stores[s]->kids[1],
						    fns[k], args, nr_args,
						    object));
			/*
			 * l.f += e, or a store some calls skip: what the
			 * caller's variable held counts too.
			 */
			if (g >= 0)
				d = wl_dep_max(d, (enum wl_dep)g);
			if (g >= 0 || stores[s]->kind ==
					      CXCursor_CompoundAssignOperator)
				d = wl_dep_max(d, wl_eval_dep(ev, args[i]));
		}
	}
	return d;
}
