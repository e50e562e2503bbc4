/* SPDX-License-Identifier: MIT */
/*
 * A helper's own group: the lanes it was entered with, named at the top
 * of its body, that vote until every one of them is done.  Kokkos' atomics
 * on types no instruction takes, before CUDA 9:
 *
 *	unsigned active = __ballot(1);	// __activemask() after WL102
 *	unsigned done_active = 0;
 *	while (active != done_active) {
 *		if (!done) { ...take the lock, update, done = 1; }
 *		done_active = __ballot(done);
 *	}
 *
 * Lanes that enter together loop until each of them has had its turn, and
 * the vote is over that group, whatever the callers' branches: the loop's
 * test compares two answers every lane of the group shares.  So the vote
 * takes `active` as its mask, exactly the lanes the legacy vote counted;
 * the project's own CUDA 9 port reads the same.  This is a group the code
 * discovers and works within, like atomicAggInc's leader election, not
 * Listing 5's misuse: only votes qualify (a shuffle there would still
 * read lanes the group may lack), and only where the group is compared
 * with such an answer.  Private to mask inference (mask.c) and WL201.
 */
#include "analyzer/mask.h"

#include <string.h>

#include "analyzer/context.h"
#include "analyzer/converged.h"
#include "analyzer/cursor.h"
#include "analyzer/eval.h"
#include "analyzer/model.h"

static bool is_vote(struct wl_model *m, struct wl_node *call)
{
	static const char *const votes[] = {
		"__ballot", "__any", "__all",
		"__ballot_sync", "__any_sync", "__all_sync",
	};
	const char *name = wl_call_name(m, call);
	unsigned i;

	if (wl_call_target(m, call))
		return false;	/* the file's own function of that name */
	for (i = 0; i < WL_ARRAY_SIZE(votes); i++)
		if (!strcmp(name, votes[i]))
			return true;
	return false;
}

struct group_use {
	struct wl_ctx *ctx;
	CXCursor var;
	bool compared;
};

static bool names_var(struct wl_node *n, CXCursor var)
{
	n = wl_node_strip(n);
	return n && n->kind == CXCursor_DeclRefExpr &&
	       wl_cursor_equal(wl_node_referenced(n), var);
}

/* A local that a vote of the function sets: `done_active = __ballot(d)`. */
static bool holds_vote(struct wl_ctx *ctx, struct wl_node *n)
{
	struct wl_var *v;
	unsigned i;

	n = wl_node_strip(n);
	if (!n || n->kind != CXCursor_DeclRefExpr)
		return false;
	v = wl_eval_var(&ctx->eval, n);
	if (!v || v->is_param || v->is_shared)
		return false;
	for (i = 0; i < v->nr_writes; i++) {
		struct wl_node *w = v->writes[i];

		if (w->nr_kids == 2 && wl_node_strip(w->kids[1])->kind ==
					       CXCursor_CallExpr &&
		    is_vote(&ctx->model, wl_node_strip(w->kids[1])))
			return true;
	}
	return false;
}

/*
 * `active != done_active`, `done_active == active`: the group compared as
 * a whole with a vote's answer, not with a constant (that is a test of
 * convergence, converged.h).
 */
static bool find_comparison(struct wl_node *n, void *data)
{
	struct group_use *gu = data;
	enum CXBinaryOperatorKind op;

	if (gu->compared)
		return false;
	if (n->kind != CXCursor_BinaryOperator || n->nr_kids != 2)
		return true;
	op = wl_node_binop(n);
	if (op != CXBinaryOperator_EQ && op != CXBinaryOperator_NE)
		return true;
	gu->compared = (names_var(n->kids[0], gu->var) &&
			holds_vote(gu->ctx, n->kids[1])) ||
		       (names_var(n->kids[1], gu->var) &&
			holds_vote(gu->ctx, n->kids[0]));
	return !gu->compared;
}

/* The variable @stmt declares from the active lanes, or NULL. */
static struct wl_node *group_decl(struct wl_ctx *ctx, struct wl_node *stmt)
{
	struct wl_node *decl, *init;
	struct wl_var *v;

	if (stmt->kind != CXCursor_DeclStmt || stmt->nr_kids != 1)
		return NULL;
	decl = stmt->kids[0];
	if (decl->kind != CXCursor_VarDecl || !decl->nr_kids)
		return NULL;
	init = decl->kids[decl->nr_kids - 1];
	if (!wl_active_lanes_call(&ctx->model, init))
		return NULL;
	v = wl_eval_var(&ctx->eval, decl);
	if (!v || v->nr_writes || v->addr_taken)
		return NULL;
	return decl;
}

struct wl_node *wl_mask_entry_group(struct wl_ctx *ctx, struct wl_node *site)
{
	struct wl_func *fn = site->func;
	struct wl_node *top = site, *body = fn ? fn->body : NULL;
	unsigned i;

	if (!body || !is_vote(&ctx->model, site))
		return NULL;
	while (top->parent && top->parent != body) {
		if (top->parent->kind == CXCursor_LambdaExpr)
			return NULL;
		top = top->parent;
	}
	if (top->parent != body)
		return NULL;
	for (i = 0; i < body->nr_kids && body->kids[i] != top; i++) {
		struct wl_node *decl = group_decl(ctx, body->kids[i]);
		struct group_use gu;

		if (!decl)
			continue;
		gu.ctx = ctx;
		gu.var = decl->cursor;
		gu.compared = false;
		wl_node_walk(body, find_comparison, &gu);
		if (gu.compared)
			return decl;
	}
	return NULL;
}
