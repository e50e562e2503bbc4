/* SPDX-License-Identifier: MIT */
/*
 * The walk of a kernel into a trace of events (see memtrace.h).
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
#define _GNU_SOURCE	/* memmem */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/cursor.h"
#include "analyzer/eval.h"
#include "analyzer/memint.h"
#include "analyzer/memtrace.h"
#include "analyzer/parse.h"
#include "base/source.h"
#include "base/util.h"

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
	memcpy(e->branch, w->branch, w->nr_branch * sizeof(*w->branch));
	e->nr_branch = w->nr_branch;
	return e;
}

static void walk(struct ma_walk *w, struct wl_node *n, struct ma_env *env);

bool ma_events_exclusive(const struct ma_event *a, const struct ma_event *b)
{
	unsigned i, k;

	for (i = 0; i < a->nr_branch; i++)
		for (k = 0; k < b->nr_branch; k++)
			if (a->branch[i].visit == b->branch[k].visit &&
			    a->branch[i].is_else != b->branch[k].is_else)
				return true;
	return false;
}

/* An if's init and condition, which run whichever side is taken. */
static void walk_if_head(struct ma_walk *w, struct wl_node *n,
			 struct ma_env *env)
{
	unsigned i;

	for (i = 0; i < n->nr_kids; i++)
		if (n->kids[i]->role != WL_ROLE_THEN &&
		    n->kids[i]->role != WL_ROLE_ELSE)
			walk(w, n->kids[i], env);
}

/*
 * An if/else whose condition is the same in every lane of a warp
 * (`if (n > 8) ... else ...` on a kernel's parameter): its two sides are
 * walked one after the other, but no warp runs both on this visit, so
 * their accesses are marked apart.  Returns false for any other
 * statement, which the walk takes in order.
 */
static bool walk_uniform_if(struct ma_walk *w, struct wl_node *n,
			    struct ma_env *env)
{
	struct wl_node *cond = wl_node_kid(n, WL_ROLE_COND);
	struct wl_node *then = wl_node_kid(n, WL_ROLE_THEN);
	struct wl_node *els = wl_node_kid(n, WL_ROLE_ELSE);
	unsigned visit;

	if (!cond || !then || !els || w->nr_branch >= MA_MAX_BRANCHES ||
	    wl_eval_dep(&w->mem->ctx->eval, cond) > WL_DEP_WARP)
		return false;
	walk_if_head(w, n, env);
	visit = ++w->branch_visits;
	w->branch[w->nr_branch].visit = visit;
	w->branch[w->nr_branch++].is_else = false;
	walk(w, then, env);
	w->branch[w->nr_branch - 1].is_else = true;
	walk(w, els, env);
	w->nr_branch--;
	return true;
}

/*
 * An if whose condition this walk knows (`if (SCHEME == ANDERSEN)` in an
 * instantiation, `if (k == 0)` on an unrolled trip): only the side that
 * runs is walked, as the compiler keeps only that one.
 */
static bool walk_constant_if(struct ma_walk *w, struct wl_node *n,
			     struct ma_env *env)
{
	struct wl_node *cond = wl_node_kid(n, WL_ROLE_COND);
	struct wl_node *taken;
	long long value;

	if (!cond || !ma_eval_known(w->mem, cond, env, &value))
		return false;
	taken = wl_node_kid(n, value ? WL_ROLE_THEN : WL_ROLE_ELSE);
	walk_if_head(w, n, env);
	if (taken)
		walk(w, taken, env);
	return true;
}

/* The statement a case label stands for, past `case 1: case 2:`. */
static struct wl_node *case_target(struct wl_node *label)
{
	while (label && (label->kind == CXCursor_CaseStmt ||
			 label->kind == CXCursor_DefaultStmt) &&
	       label->nr_kids)
		label = label->kids[label->nr_kids - 1];
	return label;
}

/* Whether the labels stacked at @label include `case @value:`/default. */
static int case_matches(struct ma_walk *w, struct wl_node *label,
			const struct ma_env *env, long long value)
{
	int verdict = 0;	/* 1 yes, 2 default, -1 unknown */
	long long v;

	for (; label && (label->kind == CXCursor_CaseStmt ||
			 label->kind == CXCursor_DefaultStmt);
	     label = label->nr_kids ? label->kids[label->nr_kids - 1] : NULL) {
		if (label->kind == CXCursor_DefaultStmt) {
			if (!verdict)
				verdict = 2;
			continue;
		}
		if (label->nr_kids < 2 ||
		    !ma_eval_known(w->mem, label->kids[0], env, &v))
			return -1;
		if (v == value)
			return 1;
	}
	return verdict;
}

/*
 * A switch whose value this walk knows (`switch (ALGO)` in an
 * instantiation): the statements from the matching label (else from
 * default:) to the first `break;` of the body, falling through labels as
 * the program does.  Anything it cannot follow (a label it cannot
 * evaluate, a body that is not a plain list) walks the whole switch.
 */
static bool walk_constant_switch(struct ma_walk *w, struct wl_node *n,
				 struct ma_env *env)
{
	struct wl_node *cond = wl_node_kid(n, WL_ROLE_COND);
	struct wl_node *body = wl_node_kid(n, WL_ROLE_BODY);
	unsigned i, start = UINT_MAX, fallback = UINT_MAX;
	long long value;

	if (!cond || !body || body->kind != CXCursor_CompoundStmt ||
	    !ma_eval_known(w->mem, cond, env, &value)) {
			return false;
	}
	for (i = 0; i < body->nr_kids && start == UINT_MAX; i++) {
		int m = case_matches(w, body->kids[i], env, value);

		if (m < 0)
			return false;
		if (m == 1)
			start = i;
		else if (m == 2)
			fallback = i;
	}
	if (start == UINT_MAX)
		start = fallback;
	for (i = 0; i < n->nr_kids; i++)
		if (n->kids[i] != body)
			walk(w, n->kids[i], env);
	for (i = start; i < body->nr_kids; i++) {
		struct wl_node *stmt = case_target(body->kids[i]);

		if (stmt && stmt->kind == CXCursor_BreakStmt)
			break;
		walk(w, body->kids[i], env);
	}
	return true;
}

bool ma_loop_var(struct wl_node *loop, CXCursor *decl,
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
		*decl = wl_node_referenced(x);
		*first = init->kids[1];
		return true;
	}
	return false;
}

bool ma_step(struct wl_mem *mem, struct wl_node *inc, CXCursor decl,
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
		if (!x || !wl_cursor_equal(
				  wl_node_referenced(x), decl))
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
	    !wl_cursor_equal(wl_node_referenced(x), decl))
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
		if (!wl_binop_fold(wl_node_binop(inc), *value, rhs, &r))
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
	struct wl_node *x = wl_node_stored(n);

	x = x ? ma_strip(x) : NULL;
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
	bool op, plausible;

	if (!x)
		return;
	d = wl_node_referenced(x);
	if (!(b = ma_binding(env, d)))
		return;
	v = b->value;
	op = b->opaque;
	plausible = b->plausible;
	if (b->entry && additive_step(n)) {
		v = 0;
		if (ma_step(w->mem, n, d, env, &v))
			ma_step_counter(env, d, v);
		else
			ma_unbind(env, d);
		return;
	}
	if (!ma_step(w->mem, n, d, env, &v) ||
	    (b->entry && n->kind != CXCursor_BinaryOperator))
		ma_unbind(env, d);
	else if (plausible && !b->entry)
		ma_bind_plausible(env, d, v);	/* `s >>= 1` of a tree */
	else
		ma_bind(env, d, v, op && !b->entry);
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

/*
 * The loop's condition decided with @decl, bound to a plausible tree
 * value, taken as exact: a bound the code itself states (`s >= 32`, `s >
 * 0`) still says where the tree stops, whatever the real start.  Returns
 * -1 when the condition rests on other unknowns too.
 */
static int plausible_condition(struct wl_mem *mem, struct wl_node *cond,
			       CXCursor decl, const struct ma_env *env)
{
	struct ma_env exact = *env;
	const struct ma_bind *b = ma_binding(env, decl);
	long long c;

	if (!cond || !b || !b->opaque || b->entry)
		return -1;
	ma_bind(&exact, decl, b->value, false);
	if (!ma_eval_uniform(mem, cond, &exact, &c))
		return -1;
	return c != 0;
}

/*
 * A halving tree loop with an unknown start: the plausible first value,
 * doubled while the loop's own bound says no trip would run with it
 * (`for (s = NT / 2; s >= 64; s >>= 1)` starts at 64 at least).
 */
static long long plausible_tree_start(struct wl_mem *mem, struct wl_node *loop,
				      CXCursor decl, struct ma_env *env)
{
	struct wl_node *inc = wl_node_kid(loop, WL_ROLE_INC);
	struct wl_node *cond = wl_node_kid(loop, WL_ROLE_COND);
	long long v = MA_PLAUSIBLE_TREE;
	unsigned i;

	inc = inc ? wl_node_strip(inc) : NULL;
	if (!inc || inc->kind != CXCursor_CompoundAssignOperator)
		return v;
	if (wl_node_binop(inc) != CXBinaryOperator_ShrAssign &&
	    wl_node_binop(inc) != CXBinaryOperator_DivAssign)
		return v;
	for (i = 0; i < 16; i++, v *= 2) {
		ma_bind(env, decl, v, true);
		if (plausible_condition(mem, cond, decl, env) != 0)
			return v;
	}
	return MA_PLAUSIBLE_TREE;
}

struct carried_scan {
	struct wl_mem *mem;
	struct wl_node *loop;
	CXCursor counter;	/* the for variable, or null */
	struct wl_var *vars[MA_MAX_CARRIED];
	unsigned nr;
	/* written on some trips only, other than by a step: no counters */
	struct wl_var *skip[MA_MAX_CARRIED];
	unsigned nr_skip;
	bool fail;
};

static bool carried_skipped(const struct carried_scan *cs,
			    const struct wl_var *v)
{
	unsigned i;

	for (i = 0; i < cs->nr_skip; i++)
		if (cs->skip[i] == v)
			return true;
	return false;
}

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
	 * A step on some trips (a traversal stack's `top++` on a push, its
	 * `top--` on every trip) keeps it one: the walk follows the step
	 * where it passes it, as on a path that takes that branch.
	 */
	if (!every_trip(n, cs->loop)) {
		if (wl_cursor_equal(v->decl, cs->counter)) {
			cs->fail = true;
			return false;
		}
		if (additive_step(n))
			return true;
		if (i < cs->nr)
			cs->vars[i] = cs->vars[--cs->nr];
		if (!carried_skipped(cs, v) && cs->nr_skip < MA_MAX_CARRIED)
			cs->skip[cs->nr_skip++] = v;
		return true;
	}
	if (i == cs->nr && cs->nr < MA_MAX_CARRIED && !carried_skipped(cs, v))
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
	if (init && ma_loop_var(n, &decl, &first))
		cs.counter = decl;
	for (i = 0; i < n->nr_kids; i++)
		if (n->kids[i] != init)
			wl_node_walk(n->kids[i], find_carried, &cs);
	if (cs.fail)
		return false;
	if (init) {
		struct ma_eval ev = { .mem = w->mem, .tid = 0 };

		if (!ma_loop_var(n, &decl, &first))
			return false;
		if (ma_eval_uniform(w->mem, first, e, &v))
			ma_bind(e, decl, v, false);
		else if (ma_eval(&ev, first, e, &v) && ev.opaque &&
			 tree_step(wl_node_kid(n, WL_ROLE_INC)))
			ma_bind_plausible(e, decl, plausible_tree_start(w->mem, n,
									decl,
									e));
		else
			return false;
	}
	for (i = 0; i < cs.nr; i++) {
		if (init && ma_loop_var(n, &decl, &first) &&
		    wl_cursor_equal(decl, cs.vars[i]->decl))
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
 * One trip of @loop's body; @held: the walk found the loop's condition
 * true in every thread for this trip (see struct ma_env).
 */
static void walk_trip(struct ma_walk *w, struct wl_node *loop,
		      struct wl_node *body, bool held, struct ma_env *env)
{
	if (!held || env->nr_held >= MA_MAX_DEPTH) {
		walk(w, body, env);
		return;
	}
	env->held[env->nr_held++] = loop;
	walk(w, body, env);
	env->nr_held--;
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
	CXCursor counter = clang_getNullCursor();
	struct wl_node *first;
	unsigned trips, i;
	bool held = false;
	long long c, always;
	/*
	 * `while (true)`, `while (1)`: its breaks and returns decide how
	 * often it runs, as for `for (;;)`; 64 trips of a persistent
	 * kernel's work loop would only repeat the first two.
	 */
	bool constant = cond && wl_node_int_value(wl_node_strip(cond),
						  &always);

	w->loop_depth++;
	if (init)
		ma_loop_var(n, &counter, &first);
	if (n->kind != CXCursor_CXXForRangeStmt && body &&
	    bind_counters(w, n, &e)) {
		for (trips = 0; trips < MA_MAX_TRIPS && !w->truncated;
		     trips++) {
			if (n->kind != CXCursor_DoStmt || trips) {
				/* the condition's own reads run every time */
				if (cond)
					walk(w, cond, &e);
				if (constant) {
					if (!always || trips >= MA_FIRST_TRIPS)
						break;
					held = true;
				} else if (cond && ma_eval_uniform(w->mem, cond,
								   &e, &c)) {
					if (!c)
						break;
					held = true;
				} else if (trips >= MA_FIRST_TRIPS ||
					   plausible_condition(w->mem, cond,
							       counter,
							       &e) == 0) {
					break;
				}
			}
			walk_trip(w, n, body, held, &e);
			held = false;
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

/*
 * Bind template parameters @tp to the arguments written in @holder: a
 * dependent callee, `helper<B>` or `Step<S * 2, N>::run`, or the typedef
 * it is spelled through.  Each argument is evaluated in the caller when
 * the model holds it (@holder_node's tree), else folded as a constant.
 */
static void bind_written_args(struct ma_walk *w, CXCursor holder,
			      CXCursor tref, struct wl_node *holder_node,
			      const struct tparams *tp,
			      const struct ma_env *caller, struct ma_env *e)
{
	CXCursor arg[16];
	unsigned nr, i;

	if (clang_Cursor_isNull(tref))
		tref = wl_cursor_first_child(holder);
	nr = wl_cursor_template_args(w->mem->ctx->model.tu, holder, tref, arg,
				     16);
	for (i = 0; i < nr && i < 16 && i < tp->nr; i++) {
		struct ma_eval ev = { .mem = w->mem, .tid = 0 };
		struct wl_node *a;
		long long v;

		if (clang_getCursorKind(tp->v[i]) !=
			    CXCursor_NonTypeTemplateParameter ||
		    clang_Cursor_isNull(arg[i]))
			continue;
		a = holder_node ? wl_node_find(holder_node, arg[i]) : NULL;
		if (a ? ma_eval(&ev, a, caller, &v)
		      : wl_cursor_int_value(arg[i], &v))
			ma_bind(e, tp->v[i], v, ev.opaque);
	}
}

/*
 * Bind @tp's non-type parameters to the integral template arguments
 * that clang resolved for @holder (a function or class specialization).
 * Returns how many arguments @holder has (-1: it is no specialization).
 */
static int bind_resolved_args(CXCursor holder, const struct tparams *tp,
			      struct ma_env *e)
{
	int n = clang_Cursor_isNull(holder)
			? -1
			: clang_Cursor_getNumTemplateArguments(holder);
	unsigned i;

	for (i = 0; n > 0 && i < (unsigned)n && i < tp->nr; i++)
		if (clang_Cursor_getTemplateArgumentKind(holder, i) ==
			    CXTemplateArgumentKind_Integral &&
		    clang_getCursorKind(tp->v[i]) ==
			    CXCursor_NonTypeTemplateParameter)
			ma_bind(e, tp->v[i],
				clang_Cursor_getTemplateArgumentValue(holder,
								      i),
				false);
	return n;
}

/*
 * A method or constructor of a class template's specialization, called
 * on an object of it (`WarpSelect<float, 64> sel(smem); sel.check(v)`):
 * the class's parameters take the specialization's integral arguments,
 * for the constants the class defines from them (`kMinus1 = NumWarpQ -
 * 1`).  The calls inside, through `this`, inherit them.
 */
static void bind_class_args(CXCursor ref, struct wl_func *fn,
			    struct ma_env *e)
{
	CXCursor spec = clang_getCursorSemanticParent(ref);
	CXCursor pattern = clang_getCursorSemanticParent(fn->cursor);
	struct tparams tp = { .nr = 0 };

	if (clang_Cursor_isNull(ref) ||
	    clang_getCursorKind(pattern) != CXCursor_ClassTemplate ||
	    clang_Cursor_getNumTemplateArguments(spec) <= 0)
		return;
	clang_visitChildren(pattern, collect_tparam, &tp);
	bind_resolved_args(spec, &tp, e);
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
	CXCursor ref = wl_node_referenced(call);
	CXCursor holder, tref;
	CXCursor cls = wl_call_qualifier_written(call, &holder, &tref);
	struct wl_node *callee = call->nr_kids ? ma_strip(call->kids[0]) : NULL;
	int n;

	bind_class_args(ref, fn, e);
	if (!clang_Cursor_isNull(cls) && callee &&
	    wl_cursor_equal(cls,
			       clang_getCursorSemanticParent(fn->cursor))) {
		struct wl_node *root = call;

		/* a typedef's arguments: look for it in the caller's body */
		while (root->parent)
			root = root->parent;
		clang_visitChildren(cls, collect_tparam, &tp);
		bind_written_args(w, holder, tref,
				  wl_cursor_equal(holder, callee->cursor)
					  ? callee
					  : wl_node_find(root, holder),
				  &tp, caller, e);
		return;
	}
	if (!(fn->flags & WL_FUNC_TEMPLATE))
		return;
	clang_visitChildren(fn->cursor, collect_tparam, &tp);
	n = bind_resolved_args(ref, &tp, e);
	if (n > 0 || !callee || callee->kind != CXCursor_DeclRefExpr)
		return;
	bind_written_args(w, callee->cursor, clang_getNullCursor(), callee,
			  &tp, caller, e);
}

static bool is_class_template(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	return k == CXCursor_ClassTemplate ||
	       k == CXCursor_ClassTemplatePartialSpecialization;
}

/*
 * The values @e binds to the template parameters of @fn and of its
 * class, as one key (0 for a function of neither).  A template that
 * recurses on a parameter (`Reduce<T, offset / 2>::run`, CloverLeaf's
 * reduction) is another instantiation at each level: it is walked again
 * until the values repeat, or to MA_MAX_DEPTH.
 */
static uint64_t instance_key(struct wl_func *fn, const struct ma_env *e)
{
	CXCursor cls = clang_getCursorSemanticParent(fn->cursor);
	struct tparams tp = { .nr = 0 };
	uint64_t key = 1469598103934665603ULL;
	unsigned i;

	if (fn->flags & WL_FUNC_TEMPLATE)
		clang_visitChildren(fn->cursor, collect_tparam, &tp);
	if (is_class_template(cls))
		clang_visitChildren(cls, collect_tparam, &tp);
	if (!tp.nr)
		return 0;
	for (i = 0; i < tp.nr; i++) {
		const struct ma_bind *b = ma_binding(e, tp.v[i]);
		uint64_t v = b && !b->entry ? (uint64_t)b->value : 0x5bd1e995;

		key = (key ^ v ^ (b ? 1 : 0)) * 1099511628211ULL;
	}
	return key;
}

/* Whether @fn runs on the stack already with the same arguments. */
static bool recursion(struct ma_walk *w, struct wl_func *fn, uint64_t key)
{
	unsigned i;

	for (i = 0; i < w->depth; i++)
		if (w->stack[i] == fn && w->stack_keys[i] == key)
			return true;
	return false;
}

static void walk_call(struct ma_walk *w, struct wl_node *n,
		      struct ma_env *env)
{
	struct wl_model *m = &w->mem->ctx->model;
	struct wl_func *fn;
	struct ma_frame *f;
	struct ma_env e;
	enum CXCursorKind k;
	uint64_t key;
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
	if (wl_call_name_is_collective(wl_call_name(m, n))) {
		struct ma_event *e = add_event(w, -1, n, env);

		if (e)
			e->collective = true;
		return;
	}
	fn = wl_call_target(m, n);
	if (!fn)
		fn = wl_call_context_target(m, n);	/* another file's */
	if (!fn) {
		/* CTA_SYNC() of a header: a barrier inside */
		CXCursor ref = wl_node_referenced(n);

		if (clang_Cursor_isNull(ref)
			    ? ma_raw_call_barrier(w->mem, n->cursor)
			    : ma_raw_barrier(w->mem, ref))
			add_event(w, -1, n, env);
		return;
	}
	if (!fn->body || w->depth >= MA_MAX_DEPTH)
		return;
	for (i = 0; i < w->depth; i++)
		if (w->stack[i] == fn)
			break;
	e = *env;
	if (i < w->depth) {
		/* the same function again: a new instantiation, or recursion */
		bind_template_args(w, n, fn, env, &e);
		key = instance_key(fn, &e);
		if (!key || recursion(w, fn, key))
			return;
	}
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
	/* cheap: a function of no template visits nothing */
	w->stack_keys[w->depth] = instance_key(fn, &e);
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
	case CXCursor_IfStmt:
		if (walk_constant_if(w, n, env) || walk_uniform_if(w, n, env))
			return;
		break;
	case CXCursor_SwitchStmt:
		if (walk_constant_switch(w, n, env))
			return;
		break;
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

/* ---- instantiations ------------------------------------------------- */

/*
 * The instantiations found, before MA_MAX_INSTANCES are chosen among
 * them (choose_instances()).
 */
#define MA_POOL 64

struct instance_pool {
	struct ma_instance v[MA_POOL];
	unsigned nr;
};

/* Add @in to @is unless it is there already or @is is full. */
static void pool_add(struct instance_pool *is, const struct ma_instance *in)
{
	unsigned i;

	for (i = 0; i < is->nr; i++)
		if (!memcmp(&is->v[i], in, sizeof(*in)))
			return;
	if (is->nr < MA_POOL)
		is->v[is->nr++] = *in;
}

static void add_instance(struct instance_pool *is, CXCursor spec)
{
	struct ma_instance in;
	int n = clang_Cursor_getNumTemplateArguments(spec);
	unsigned i;

	if (n <= 0 || is->nr == MA_POOL)
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
	pool_add(is, &in);
}

struct spec_search {
	struct wl_mem *mem;
	CXCursor tu;
};

/*
 * A function template's specialization named at @c: an explicit
 * instantiation (`template void f<256>(...);`) or a call of one
 * (`f<256><<<...>>>(...)`).
 */
static enum CXChildVisitResult find_specs(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct spec_search *ss = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor spec = clang_getNullCursor(), tmpl;

	/*
	 * The file's templates are instantiated in the file or in a header
	 * of the project: the shim and the system headers (thousands of
	 * declarations) cannot name them, so their subtrees are not walked.
	 */
	if (wl_cursor_equal(parent, ss->tu) && wl_cursor_outside_project(c))
		return CXChildVisit_Continue;
	if (k == CXCursor_FunctionDecl && !wl_cursor_is_instantiation(c))
		spec = c;
	else if (k == CXCursor_CallExpr)
		spec = clang_getCursorReferenced(c);
	if (clang_Cursor_isNull(spec))
		return CXChildVisit_Recurse;
	tmpl = clang_getSpecializedCursorTemplate(spec);
	if (!clang_Cursor_isNull(tmpl)) {
		struct wl_mem *mem = ss->mem;

		WL_GROW(mem->specs, mem->nr_specs, mem->alloc_specs);
		mem->specs[mem->nr_specs].spec = spec;
		mem->specs[mem->nr_specs++].tmpl = clang_getCanonicalCursor(tmpl);
	}
	return CXChildVisit_Recurse;
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
 * Whether an instantiation of @is already has every value @text read
 * from the file's text.  `mix<ALGO_A, 0>` reads as (unbound, 0); where
 * clang resolved that launch to (0, 0), a walk with ALGO unbound would
 * take every side of `switch (ALGO)` in one warp.
 */
static bool pool_covers(const struct instance_pool *is,
			const struct ma_instance *text)
{
	unsigned i, k;

	for (i = 0; i < is->nr; i++) {
		const struct ma_instance *in = &is->v[i];

		for (k = 0; k < text->nr; k++)
			if (text->is_value[k] &&
			    (k >= in->nr || !in->is_value[k] ||
			     in->values[k] != text->values[k]))
				break;
		if (k == text->nr)
			return true;
	}
	return false;
}

/*
 * `NAME<256, 8>` spelled in the file: an explicit instantiation or a
 * launch, which libclang does not show as cursors when the launch does
 * not parse or the instantiation is explicit.  Integer literal
 * arguments only; the rest stay unbound.  A spelling that names an
 * instantiation clang resolved adds nothing.
 */
static void text_instances(struct wl_mem *mem, struct wl_func *fn,
			   struct instance_pool *is)
{
	const char *t = mem->ctx->src->text, *end = t + mem->ctx->src->len;
	size_t len = strlen(fn->name);
	const char *p;

	if (!len)
		return;
	for (p = t; is->nr < MA_POOL &&
		    (p = memmem(p, (size_t)(end - p), fn->name, len)); p++) {
		struct ma_instance in;
		const char *q, *arg;
		int depth = 0;
		bool any = false;

		if (p > t && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
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
		if (q < end && *q == '>' && any && !pool_covers(is, &in))
			pool_add(is, &in);
	}
}

/* Descending by the first integral argument where two differ. */
static int cmp_instance_desc(const void *pa, const void *pb)
{
	const struct ma_instance *a = pa, *b = pb;
	unsigned i;

	for (i = 0; i < a->nr && i < b->nr; i++) {
		if (!a->is_value[i] || !b->is_value[i] ||
		    a->values[i] == b->values[i])
			continue;
		return a->values[i] > b->values[i] ? -1 : 1;
	}
	return 0;
}

/*
 * MA_MAX_INSTANCES of the pool.  A dispatch on the block size names a
 * template for every power of two (CUDA Handbook's `case 1: ... case
 * 1024:`), and the first four (1, 2, 4, 8 threads) reach none of the
 * `if (numThreads >= 64)` steps: the largest come first, which take
 * every step, and the smallest last, for what only it takes.
 */
static void choose_instances(struct instance_pool *pool,
			     struct ma_instances *is)
{
	unsigned i, take = pool->nr;

	if (pool->nr > MA_MAX_INSTANCES) {
		qsort(pool->v, pool->nr, sizeof(*pool->v), cmp_instance_desc);
		pool->v[MA_MAX_INSTANCES - 1] = pool->v[pool->nr - 1];
		take = MA_MAX_INSTANCES;
	}
	for (i = 0; i < take; i++)
		is->v[is->nr++] = pool->v[i];
}

void ma_collect_instances(struct wl_mem *mem, struct wl_func *fn,
			  struct ma_instances *is)
{
	struct instance_pool *pool;
	unsigned i;

	memset(is, 0, sizeof(*is));
	is->fn = fn;
	if (!(fn->flags & WL_FUNC_TEMPLATE))
		return;
	if (!mem->specs_done) {
		struct spec_search ss = {
			mem, clang_getTranslationUnitCursor(mem->ctx->tu)
		};

		clang_visitChildren(ss.tu, find_specs, &ss);
		mem->specs_done = true;
	}
	pool = wl_xcalloc(1, sizeof(*pool));
	for (i = 0; i < mem->nr_specs && pool->nr < MA_POOL; i++)
		if (wl_cursor_equal(mem->specs[i].tmpl, fn->canonical))
			add_instance(pool, mem->specs[i].spec);
	text_instances(mem, fn, pool);
	choose_instances(pool, is);
	free(pool);
}

void ma_walk_kernel(struct wl_mem *mem, struct wl_func *fn,
		    const struct ma_instance *in, struct ma_walk *w)
{
	struct ma_env env;

	memset(w, 0, sizeof(*w));
	memset(&env, 0, sizeof(env));
	w->mem = mem;
	if (in) {
		struct tparams tp = { .nr = 0 };
		unsigned i;

		clang_visitChildren(fn->cursor, collect_tparam, &tp);
		for (i = 0; i < in->nr && i < tp.nr; i++)
			if (in->is_value[i])
				ma_bind(&env, tp.v[i], in->values[i], false);
	}
	w->stack_keys[w->depth] = 0;
	w->stack[w->depth++] = fn;
	mem->walks++;
	walk(w, fn->body, &env);
}

void ma_release_walk(struct ma_walk *w)
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
