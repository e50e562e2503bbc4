/* SPDX-License-Identifier: MIT */
/*
 * Differences that cancel a thread-dependent part:
 *
 *	first = (tid >> k) * width;	(each thread's window starts elsewhere)
 *	last = first + width - 1;
 *	switch (last - first) ...	(but every window is as long)
 *
 * `last - first` varies only as `width - 1` does.  The difference is
 * taken apart into signed terms, a variable on its left expanded once
 * into the assignment that reaches it (wl_eval_reaching()), and a term
 * cancels against one of the other sign that reads the same variable
 * while it provably holds the same value: both reads in statements of
 * one block outside any switch, the earlier first, and no write to the
 * variable in those statements or between them.
 */
#include <string.h>

#include "analyzer/cursor.h"
#include "analyzer/eval.h"
#include "base/util.h"

#define MAX_TERMS 16

struct term {
	struct wl_node *n;
	int sign;
};

struct sum {
	struct term v[MAX_TERMS];
	unsigned nr;
	bool overflow;
};

/* Parentheses and implicit conversions; explicit casts may truncate. */
static struct wl_node *strip_parens(struct wl_node *n)
{
	while (n && n->nr_kids == 1 && (n->kind == CXCursor_ParenExpr ||
					n->kind == CXCursor_UnexposedExpr))
		n = n->kids[0];
	return n;
}

static bool is_additive(struct wl_node *n, enum CXBinaryOperatorKind *op)
{
	if (!n || n->kind != CXCursor_BinaryOperator || n->nr_kids != 2)
		return false;
	*op = wl_node_binop(n);
	return *op == CXBinaryOperator_Add || *op == CXBinaryOperator_Sub;
}

static bool is_var_ref(struct wl_node *n)
{
	return n && n->kind == CXCursor_DeclRefExpr &&
	       clang_getCursorKind(wl_node_referenced(n)) == CXCursor_VarDecl;
}

/* Add @n's terms with @sign; @expand: a variable may be replaced once. */
static void add_terms(struct wl_eval *ev, struct sum *s, struct wl_node *n,
		      int sign, bool expand)
{
	enum CXBinaryOperatorKind op;

	n = strip_parens(n);
	if (is_additive(n, &op)) {
		add_terms(ev, s, n->kids[0], sign, expand);
		add_terms(ev, s, n->kids[1],
			  op == CXBinaryOperator_Sub ? -sign : sign, expand);
		return;
	}
	if (expand && is_var_ref(n)) {
		struct wl_var *v = wl_eval_var(ev, n);
		struct wl_node *src = v ? wl_eval_reaching(ev, n) : NULL;

		if (src && src != v->decl_node &&
		    is_additive(strip_parens(src), &op)) {
			add_terms(ev, s, src, sign, false);
			return;
		}
	}
	if (s->nr == MAX_TERMS) {
		s->overflow = true;
		return;
	}
	s->v[s->nr].n = n;
	s->v[s->nr++].sign = sign;
}

/* The child of @block that holds @n, or NULL. */
static struct wl_node *statement_in(struct wl_node *block, struct wl_node *n)
{
	for (; n && n->parent != block; n = n->parent)
		;
	return n;
}

static unsigned kid_index(struct wl_node *block, struct wl_node *kid)
{
	unsigned i;

	for (i = 0; i < block->nr_kids && block->kids[i] != kid; i++)
		;
	return i;
}

/*
 * Whether the reads @a and @b of one variable see the same value: in
 * statements of one block, @a's first, no write to the variable in them
 * or between, and no jump that could enter between them (no goto in
 * the function, no switch around the block).
 */
static bool same_value(struct wl_eval *ev, struct wl_node *a,
		       struct wl_node *b)
{
	struct wl_var *v = wl_eval_var(ev, a);
	struct wl_node *block, *sa, *sb;
	unsigned ia, ib, i;

	if (!v || v != wl_eval_var(ev, b) || v->addr_taken || v->is_shared ||
	    !a->func || a->func != b->func || a->func->has_goto)
		return false;
	if (a->index > b->index) {
		struct wl_node *t = a;

		a = b;
		b = t;
	}
	for (block = a->parent; block; block = block->parent)
		if (block->kind == CXCursor_CompoundStmt &&
		    wl_node_within(b, block))
			break;
	if (!block)
		return false;
	/* a case label anywhere in a switch could enter between the reads */
	if (wl_node_in_switch(block))
		return false;
	sa = statement_in(block, a);
	sb = statement_in(block, b);
	if (!sa || !sb)
		return false;
	ia = kid_index(block, sa);
	ib = kid_index(block, sb);
	if (ia > ib)
		return false;
	for (i = 0; i < v->nr_writes; i++) {
		struct wl_node *w = statement_in(block, v->writes[i]);

		if (w && kid_index(block, w) >= ia && kid_index(block, w) <= ib)
			return false;
	}
	return true;
}

bool wl_eval_difference_dep(struct wl_eval *ev, struct wl_node *sub,
			    enum wl_dep *dep)
{
	struct sum s;
	bool cancelled = false;
	unsigned i, j;

	if (wl_node_binop(sub) != CXBinaryOperator_Sub || sub->nr_kids != 2)
		return false;
	memset(&s, 0, sizeof(s));
	add_terms(ev, &s, sub->kids[0], 1, true);
	add_terms(ev, &s, sub->kids[1], -1, false);
	if (s.overflow)
		return false;
	for (i = 0; i < s.nr; i++) {
		if (!s.v[i].n || s.v[i].sign > 0 || !is_var_ref(s.v[i].n))
			continue;
		for (j = 0; j < s.nr; j++) {
			if (!s.v[j].n || s.v[j].sign < 0 ||
			    !wl_cursor_equal(wl_node_referenced(s.v[i].n),
					     wl_node_referenced(s.v[j].n)) ||
			    !same_value(ev, s.v[i].n, s.v[j].n))
				continue;
			s.v[i].n = s.v[j].n = NULL;
			cancelled = true;
			break;
		}
	}
	if (!cancelled)
		return false;
	*dep = WL_DEP_CONST;
	for (i = 0; i < s.nr; i++)
		if (s.v[i].n)
			*dep = wl_dep_max(*dep, wl_eval_dep(ev, s.v[i].n));
	return true;
}
