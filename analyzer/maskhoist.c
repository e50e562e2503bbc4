/* SPDX-License-Identifier: MIT */
/*
 * Whether a branch condition may be evaluated once more, as a ballot
 * hoisted before the branch, and give the same answer in every lane.
 * Locals are checked in mask.c (scope, writes in between).  This file
 * checks memory: a condition that reads shared or global memory which
 * the function also writes (`if (smax[tid + n] > smax[tid]) smax[tid] =
 * ...` in a warp's arg-max) can change between the ballot and the
 * branch, since other lanes that passed the ballot may write it first.
 * A lane counted in the ballot would then skip the branch, and a
 * __syncwarp(mask) inside it would wait for that lane forever.
 */
#include "analyzer/maskint.h"

#include "analyzer/cursor.h"
#include "analyzer/eval.h"
#include "base/util.h"

/* The variable a memory access is spelled through (`s` of `s[i].x`). */
static struct wl_node *access_root(struct wl_node *n)
{
	for (;;) {
		n = wl_node_strip(n);
		if (!n)
			return NULL;
		if ((n->kind == CXCursor_ArraySubscriptExpr ||
		     n->kind == CXCursor_MemberRefExpr ||
		     n->kind == CXCursor_UnaryOperator) && n->nr_kids)
			n = n->kids[0];
		else
			return n->kind == CXCursor_DeclRefExpr ? n : NULL;
	}
}

/* Whether @n reads memory through a subscript or a dereference. */
static bool is_memory_read(struct wl_node *n)
{
	struct wl_node *p = n->parent;

	while (p && (p->kind == CXCursor_ParenExpr ||
		     p->kind == CXCursor_UnexposedExpr ||
		     p->kind == CXCursor_MemberRefExpr))
		p = p->parent;
	if (!p)
		return false;
	if (p->kind == CXCursor_ArraySubscriptExpr)
		return true;
	return p->kind == CXCursor_UnaryOperator &&
	       clang_getCursorUnaryOperatorKind(p->cursor) ==
		       CXUnaryOperator_Deref;
}

struct store_scan {
	CXCursor decl;
	struct wl_node *cond;
	struct wl_node *store;	/* found: the first store through @decl */
};

/*
 * Whether store @s can come between the ballot before @cond and @cond
 * in another lane: it comes after @cond, or a loop holds both.  A store
 * only before (the fill before the block's barrier) is done by every
 * lane that reaches the ballot.
 */
static bool may_intervene(struct wl_node *s, struct wl_node *cond)
{
	struct wl_node *n;

	if (s->index > cond->index)
		return true;
	for (n = wl_node_common(s, cond); n; n = n->parent)
		if (wl_node_is_loop(n))
			return true;
	return false;
}

static bool find_store(struct wl_node *n, void *data)
{
	struct store_scan *ss = data;
	struct wl_node *root;

	if (ss->store)
		return false;
	root = wl_node_stored(n);
	if (!root)
		return true;
	root = wl_node_strip(root);
	if (!root || root->kind == CXCursor_DeclRefExpr)
		return true;	/* the variable itself, not its memory */
	root = access_root(root);
	if (root && wl_cursor_equal(wl_node_referenced(root), ss->decl) &&
	    may_intervene(n, ss->cond))
		ss->store = n;
	return !ss->store;
}

/* A local array of the thread's own (registers): no other lane writes it. */
static bool thread_private(CXCursor d)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(d));

	return clang_getCursorKind(d) == CXCursor_VarDecl &&
	       clang_Cursor_hasVarDeclGlobalStorage(d) == 0 &&
	       !wl_eval_is_shared(d) &&
	       clang_getArrayElementType(t).kind != CXType_Invalid;
}

struct cond_scan {
	struct wl_ctx *ctx;
	struct wl_func *fn;
	char *why;
};

static bool check_memory_ref(struct wl_node *n, void *data)
{
	struct cond_scan *cs = data;
	struct store_scan ss;
	CXCursor d;

	if (cs->why)
		return false;
	if (n->kind != CXCursor_DeclRefExpr || !is_memory_read(n))
		return true;
	d = wl_node_referenced(n);
	if (clang_Cursor_isNull(d) || thread_private(d))
		return true;
	ss.decl = d;
	ss.cond = n;
	ss.store = NULL;
	wl_node_walk(cs->fn->body, find_store, &ss);
	if (ss.store) {
		CXSourceLocation at = clang_getCursorLocation(ss.store->cursor);
		unsigned line = 0;

		clang_getSpellingLocation(at, NULL, &line, NULL, NULL);
		cs->why = wl_xasprintf("the condition reads '%s', which the "
				       "lanes also write (line %u): a ballot "
				       "before it may not agree with the "
				       "branch",
				       wl_model_spelling(&cs->ctx->model, d),
				       line);
	}
	return !cs->why;
}

char *wl_mask_cond_memory_why(struct wl_ctx *ctx, struct wl_node *cond)
{
	struct cond_scan cs = { ctx, cond->func, NULL };

	if (!cs.fn || !cs.fn->body)
		return NULL;
	wl_node_walk(cond, check_memory_ref, &cs);
	return cs.why;
}
