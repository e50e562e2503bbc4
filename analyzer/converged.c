/* SPDX-License-Identifier: MIT */
/* Tests that the whole warp is converged (see converged.h). */
#include "analyzer/converged.h"

#include <string.h>

#include "analyzer/model.h"

/* A helper's `return test;` is followed this many calls deep. */
#define MAX_DEPTH 2

static int converged_test(struct wl_model *m, struct wl_node *cond,
			  unsigned depth);

bool wl_ballot_of_true(struct wl_model *m, struct wl_node *call)
{
	struct wl_node *args[2];
	long long value;

	return !strcmp(wl_call_name(m, call), "__ballot") &&
	       wl_call_args(call, args, 2) == 1 &&
	       wl_node_int_value(wl_node_strip(args[0]), &value) && value;
}

bool wl_active_lanes_call(struct wl_model *m, struct wl_node *n)
{
	struct wl_node *args[1];

	n = wl_node_strip(n);
	if (n->kind != CXCursor_CallExpr || wl_call_target(m, n))
		return false;
	if (!strcmp(wl_call_name(m, n), "__activemask"))
		return wl_call_args(n, args, 1) == 0;
	return wl_ballot_of_true(m, n);
}

/* Whether @n is a constant with all 32 lane bits set. */
static bool all_lanes(struct wl_node *n)
{
	long long value;

	return wl_node_int_value(wl_node_strip(n), &value) &&
	       (value & 0xffffffffLL) == 0xffffffffLL;
}

/* `return test;`, the only return of a helper's body: the test. */
static struct wl_node *returned_test(struct wl_func *fn)
{
	struct wl_node *body = fn ? fn->body : NULL, *ret;

	if (!body || body->nr_kids != 1)
		return NULL;
	ret = body->kids[0];
	if (ret->kind != CXCursor_ReturnStmt || ret->nr_kids != 1)
		return NULL;
	return ret->kids[0];
}

/*
 * 1 when @cond holds exactly when the whole warp is active, -1 when it
 * holds exactly when it is not, 0 when it is no such test.
 */
static int converged_test(struct wl_model *m, struct wl_node *cond,
			  unsigned depth)
{
	struct wl_node *n = wl_node_strip(cond), *test;
	enum CXBinaryOperatorKind op;
	struct wl_node *args[1];

	if (!n)
		return 0;
	if (n->kind == CXCursor_UnaryOperator && n->nr_kids == 1 &&
	    clang_getCursorUnaryOperatorKind(n->cursor) ==
		    CXUnaryOperator_LNot)
		return -converged_test(m, n->kids[0], depth);
	if (n->kind == CXCursor_CallExpr && depth < MAX_DEPTH &&
	    wl_call_args(n, args, 1) == 0) {
		struct wl_func *fn = wl_call_target(m, n);

		test = returned_test(fn ? fn : wl_call_context_target(m, n));
		return test ? converged_test(m, test, depth + 1) : 0;
	}
	if (n->kind != CXCursor_BinaryOperator || n->nr_kids != 2)
		return 0;
	op = wl_node_binop(n);
	if (op != CXBinaryOperator_EQ && op != CXBinaryOperator_NE)
		return 0;
	if (!(wl_active_lanes_call(m, n->kids[0]) && all_lanes(n->kids[1])) &&
	    !(wl_active_lanes_call(m, n->kids[1]) && all_lanes(n->kids[0])))
		return 0;
	return op == CXBinaryOperator_EQ ? 1 : -1;
}

struct wl_node *wl_converged_guard(struct wl_model *m, struct wl_node *site)
{
	struct wl_node *child = site, *p, *cond;
	int want;

	if (!site->func)
		return NULL;
	for (p = site->parent; p && p != site->func->root;
	     child = p, p = p->parent) {
		if (p->kind == CXCursor_LambdaExpr)
			return NULL;
		if (p->kind != CXCursor_IfStmt)
			continue;
		if (child->role == WL_ROLE_THEN)
			want = 1;
		else if (child->role == WL_ROLE_ELSE)
			want = -1;
		else
			continue;
		cond = wl_node_kid(p, WL_ROLE_COND);
		if (cond && converged_test(m, cond, 0) == want)
			return p;
	}
	return NULL;
}

struct wl_node *wl_converged_arm(struct wl_node *guard, struct wl_node *site)
{
	while (site->parent != guard)
		site = site->parent;
	return site;
}
