/* SPDX-License-Identifier: MIT */
/*
 * Loops whose trip count is the same in every thread although their
 * index starts at a thread-dependent value:
 *
 *   for (i = threadIdx.x; i < roundup(n, blockDim.x); i += blockDim.x)
 *   for (i = lane; i < 64; i += 32)
 *   i = threadIdx.x; while (i < n - (n & (B - 1))) { ...; i += B; }
 *	(B a kernel's __launch_bounds__, so threadIdx.x < B)
 *
 * The first is proved symbolically: the start is a multiple of the step
 * plus an offset below the step, and the bound is a multiple of the step
 * (a product with it, `((n + b - 1) / b) * b`, a macro or a helper of the
 * file that computes one), so that every thread runs bound/step - k
 * times.  The second, with constant bounds, is simulated for the 32 warps
 * the lane analysis tries.
 */
#include <stdlib.h>
#include <string.h>

#include "analyzer/cursor.h"
#include "analyzer/eval.h"
#include "analyzer/evalcall.h"
#include "base/util.h"

/* How deep expressions, variables and helper bodies are followed. */
#define MAX_DEPTH 12

/* Parameters of a helper bound to a call's arguments, for substitution. */
struct env {
	struct wl_func *fn;
	struct wl_node *call;
	const struct env *up;	/* the caller's own bindings */
};

struct loop_shape {
	CXCursor var;		/* the index variable */
	struct wl_node *start;	/* its first value */
	struct wl_node *bound;	/* i < bound */
	struct wl_node *step;	/* i += step */
	enum CXBinaryOperatorKind op;
	long long const_step;	/* the step when constant, else 0 */
};

static bool same_value(struct wl_eval *ev, struct wl_node *a,
		       const struct env *ea, struct wl_node *b,
		       const struct env *eb, int depth);

/* The argument a helper's parameter @ref is bound to under @e, or NULL. */
static struct wl_node *bound_arg(const struct wl_node *ref,
				 const struct env **e)
{
	CXCursor d = wl_node_referenced(ref);
	struct wl_node *args[16];
	unsigned i, n;

	if (!*e || clang_getCursorKind(d) != CXCursor_ParmDecl)
		return NULL;
	for (i = 0; i < (*e)->fn->nr_params; i++) {
		if (!wl_cursor_equal((*e)->fn->params[i]->cursor, d))
			continue;
		n = wl_call_args((*e)->call, args, 16);
		if (i >= n || i >= 16)
			return NULL;
		*e = (*e)->up;
		return args[i];
	}
	return NULL;
}

/*
 * What @n stands for: a parameter's argument under @e, a variable's
 * reaching value, or @n itself.  Follows chains up to MAX_DEPTH.
 */
static struct wl_node *resolve(struct wl_eval *ev, struct wl_node *n,
			       const struct env **e)
{
	int i;

	for (i = 0; i < MAX_DEPTH; i++) {
		struct wl_node *next;

		n = wl_node_strip(n);
		if (!n || n->kind != CXCursor_DeclRefExpr)
			return n;
		next = bound_arg(n, e);
		if (!next && !*e)
			next = wl_eval_reaching(ev, n);
		if (!next) {
			struct wl_var *v = *e ? NULL : wl_eval_var(ev, n);

			/* Written, with no one value here: unknown. */
			if (v && v->nr_writes)
				return NULL;
			return n;
		}
		n = next;
	}
	return NULL;
}

static bool commutative(enum CXBinaryOperatorKind op)
{
	return op == CXBinaryOperator_Add || op == CXBinaryOperator_Mul ||
	       op == CXBinaryOperator_And || op == CXBinaryOperator_Or ||
	       op == CXBinaryOperator_Xor;
}

static bool same_value(struct wl_eval *ev, struct wl_node *a,
		       const struct env *ea, struct wl_node *b,
		       const struct env *eb, int depth)
{
	const char *ba, *bb;
	long long x, y;

	if (depth > MAX_DEPTH)
		return false;
	a = resolve(ev, a, &ea);
	b = resolve(ev, b, &eb);
	if (!a || !b)
		return false;
	/* One definition (a parameter, an initializer) has one value. */
	if (a == b && ea == eb)
		return true;
	if (wl_node_int_value(a, &x) && wl_node_int_value(b, &y))
		return x == y;
	ba = wl_node_builtin_var(ev->model, a);
	bb = wl_node_builtin_var(ev->model, b);
	if (ba || bb)
		return ba && bb && !strcmp(ba, bb);
	if (a->kind != b->kind)
		return false;
	if (a->kind == CXCursor_DeclRefExpr)
		return wl_cursor_equal(wl_node_referenced(a),
					  wl_node_referenced(b));
	/* `_num` (this->_num) in one member function, or `s.n` twice */
	if (a->kind == CXCursor_MemberRefExpr)
		return wl_cursor_equal(wl_node_referenced(a),
				       wl_node_referenced(b)) &&
		       a->nr_kids == b->nr_kids &&
		       (!a->nr_kids || same_value(ev, a->kids[0], ea,
						  b->kids[0], eb, depth + 1));
	if (a->kind == CXCursor_BinaryOperator && a->nr_kids == 2 &&
	    b->nr_kids == 2) {
		enum CXBinaryOperatorKind op =
			wl_node_binop(a);

		if (op != wl_node_binop(b))
			return false;
		if (same_value(ev, a->kids[0], ea, b->kids[0], eb, depth + 1) &&
		    same_value(ev, a->kids[1], ea, b->kids[1], eb, depth + 1))
			return true;
		return commutative(op) &&
		       same_value(ev, a->kids[0], ea, b->kids[1], eb,
				  depth + 1) &&
		       same_value(ev, a->kids[1], ea, b->kids[0], eb,
				  depth + 1);
	}
	return false;
}

/* A helper of the file whose body is `return EXPR;`: EXPR, else NULL. */
static struct wl_node *returned_expr(struct wl_eval *ev, struct wl_node *call,
				     struct wl_func **fn)
{
	struct wl_node *ret;

	*fn = wl_call_target(ev->model, call);
	if (!*fn || !(*fn)->body || (*fn)->body->nr_kids != 1)
		return NULL;
	ret = (*fn)->body->kids[0];
	if (ret->kind != CXCursor_ReturnStmt || ret->nr_kids != 1)
		return NULL;
	return ret->kids[0];
}

static bool multiple_of(struct wl_eval *ev, struct wl_node *e,
			const struct env *env, const struct loop_shape *ls,
			int depth);

/*
 * A call of a helper whose body is nowhere in the translation unit (a
 * header the file does not include itself): by its name, `roundUp(n,
 * step)`, `ROUND_UP`, `alignUp`, it rounds its first argument up to a
 * multiple of its last.  A guess: only the evaluator that clears
 * barriers (WL501) makes it, never the one masks are built on.
 */
static bool rounds_up(struct wl_eval *ev, struct wl_node *call,
		      const struct loop_shape *ls, int depth)
{
	const char *name = wl_call_name(ev->model, call);
	struct wl_node *args[16];
	unsigned n;

	if (!ev->trust_unseen)
		return false;
	if (!wl_evalcall_name_has(name, "roundup") &&
	    !wl_evalcall_name_has(name, "alignup"))
		return false;
	n = wl_call_args(call, args, 16);
	return n >= 2 && n <= 16 &&
	       multiple_of(ev, args[n - 1], NULL, ls, depth + 1);
}

/*
 * A binary operation on raw cursors: a BinaryOperator, or an overloaded
 * operator applied in a template (see wl_cursor_operator_call()).
 */
static bool raw_binop(CXTranslationUnit tu, CXCursor e,
		      enum CXBinaryOperatorKind *op, CXCursor *l, CXCursor *r)
{
	static const struct {
		const char *text;
		enum CXBinaryOperatorKind op;
	} ops[] = {
		{ "*", CXBinaryOperator_Mul },
		{ "+", CXBinaryOperator_Add },
		{ "-", CXBinaryOperator_Sub },
		{ "<<", CXBinaryOperator_Shl },
	};
	struct wl_cursor_kids k = wl_cursor_kids(e);
	char text[4];
	unsigned i;

	if (clang_getCursorKind(e) == CXCursor_BinaryOperator) {
		*op = clang_getCursorBinaryOperatorKind(e);
		*l = k.v[0];
		*r = k.v[1];
		return k.nr == 2;
	}
	/* in source order: the operands around the operator's name */
	if (k.nr != 3 || !wl_cursor_operator_call(tu, e, text, sizeof(text)))
		return false;
	*l = k.v[0];
	*r = k.v[2];
	for (i = 0; i < WL_ARRAY_SIZE(ops); i++)
		if (!strcmp(text, ops[i].text)) {
			*op = ops[i].op;
			return true;
		}
	return false;
}

/*
 * The same for expression @e of a helper outside the file, @fn (a
 * project header's `roundUp(a, b) { return ceilDiv(a, b) * b; }`), read
 * from libclang's cursors: its parameters stand for the arguments of
 * @call (a node of the file, under @env).
 */
static bool raw_multiple_of(struct wl_eval *ev, CXCursor fn, CXCursor e,
			    struct wl_node *call, const struct env *env,
			    const struct loop_shape *ls, int depth)
{
	enum CXBinaryOperatorKind op;
	struct wl_node *args[16];
	CXCursor l, r, ref;
	int i;

	if (depth > MAX_DEPTH)
		return false;
	e = wl_cursor_strip(e);
	if (raw_binop(ev->model->tu, e, &op, &l, &r)) {
		switch (op) {
		case CXBinaryOperator_Mul:
			return raw_multiple_of(ev, fn, l, call, env, ls,
					       depth + 1) ||
			       raw_multiple_of(ev, fn, r, call, env, ls,
					       depth + 1);
		case CXBinaryOperator_Add:
		case CXBinaryOperator_Sub:
			return raw_multiple_of(ev, fn, l, call, env, ls,
					       depth + 1) &&
			       raw_multiple_of(ev, fn, r, call, env, ls,
					       depth + 1);
		case CXBinaryOperator_Shl:
			return raw_multiple_of(ev, fn, l, call, env, ls,
					       depth + 1);
		default:
			return false;
		}
	}
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return false;
	ref = clang_getCursorReferenced(e);
	if (clang_getCursorKind(ref) != CXCursor_ParmDecl)
		return false;
	i = wl_cursor_param_index(fn, ref);
	if (i < 0 || i >= 16 || (unsigned)i >= wl_call_args(call, args, 16))
		return false;
	return multiple_of(ev, args[i], env, ls, depth + 1);
}

/*
 * `x - (x & (K - 1))` with K the step: x rounded down to a multiple of
 * K, the idiom of a power-of-two K (with another K it rounds nothing,
 * and the code that writes it is wrong already).
 */
static bool rounds_down(struct wl_eval *ev, struct wl_node *x,
			struct wl_node *masked, const struct env *env,
			const struct loop_shape *ls, int depth)
{
	struct wl_node *m = wl_node_strip(masked), *k;
	long long v;

	if (!m || m->kind != CXCursor_BinaryOperator || m->nr_kids != 2 ||
	    wl_node_binop(m) != CXBinaryOperator_And)
		return false;
	k = wl_node_strip(m->kids[1]);
	if (!k || !same_value(ev, m->kids[0], env, x, env, depth))
		return false;
	/* `x & 255` under a constant power-of-two step of 256 */
	if (wl_node_int_value(k, &v))
		return ls->const_step > 0 &&
		       !(ls->const_step & (ls->const_step - 1)) &&
		       v == ls->const_step - 1;
	if (k->kind != CXCursor_BinaryOperator || k->nr_kids != 2 ||
	    wl_node_binop(k) != CXBinaryOperator_Sub ||
	    !wl_node_int_value(wl_node_strip(k->kids[1]), &v) || v != 1)
		return false;
	return same_value(ev, k->kids[0], env, ls->step, NULL, depth);
}

/* Whether @k is `K - 1` for K the step. */
static bool step_less_one(struct wl_eval *ev, struct wl_node *k,
			  const struct env *env, const struct loop_shape *ls,
			  int depth)
{
	long long v;

	k = wl_node_strip(k);
	if (k && wl_node_int_value(k, &v))
		return ls->const_step > 0 && v == ls->const_step - 1;
	return k && k->kind == CXCursor_BinaryOperator && k->nr_kids == 2 &&
	       wl_node_binop(k) == CXBinaryOperator_Sub &&
	       wl_node_int_value(wl_node_strip(k->kids[1]), &v) && v == 1 &&
	       same_value(ev, k->kids[0], env, ls->step, NULL, depth + 1);
}

/*
 * Whether @cond holds exactly when @x is not a multiple of the step K:
 * `x & (K - 1)` or `x % K` (K a power of two, as for rounds_down()).
 */
static bool off_step(struct wl_eval *ev, struct wl_node *cond,
		     struct wl_node *x, const struct env *env,
		     const struct loop_shape *ls, int depth)
{
	struct wl_node *c = wl_node_strip(cond);
	enum CXBinaryOperatorKind op;

	if (!c || c->kind != CXCursor_BinaryOperator || c->nr_kids != 2 ||
	    !same_value(ev, c->kids[0], env, x, env, depth + 1))
		return false;
	op = wl_node_binop(c);
	if (op == CXBinaryOperator_And)
		return step_less_one(ev, c->kids[1], env, ls, depth);
	return op == CXBinaryOperator_Rem &&
	       same_value(ev, c->kids[1], env, ls->step, NULL, depth + 1);
}

static bool multiple_of(struct wl_eval *ev, struct wl_node *e,
			const struct env *env, const struct loop_shape *ls,
			int depth);

/*
 * `c ? a : b` is a multiple when both arms are, or when it rounds up by
 * hand: `(x & (K - 1)) ? (x & ~(K - 1)) + K : x` (popsift's prefix sum),
 * whose else arm is taken only when x is a multiple already.
 */
static bool multiple_choice(struct wl_eval *ev, struct wl_node *e,
			    const struct env *env, const struct loop_shape *ls,
			    int depth)
{
	struct wl_node *cond, *yes, *no;

	if (e->nr_kids != 3)
		return false;
	cond = e->kids[0];
	yes = e->kids[1];
	no = e->kids[2];
	if (!multiple_of(ev, yes, env, ls, depth + 1))
		return false;
	return multiple_of(ev, no, env, ls, depth + 1) ||
	       off_step(ev, cond, no, env, ls, depth);
}

/* Whether @e (under @env) is a multiple of @step (under @senv). */
static bool multiple_of(struct wl_eval *ev, struct wl_node *e,
			const struct env *env, const struct loop_shape *ls,
			int depth)
{
	long long v;

	if (depth > MAX_DEPTH)
		return false;
	if (same_value(ev, e, env, ls->step, NULL, depth + 1))
		return true;
	e = resolve(ev, e, &env);
	if (!e)
		return false;
	if (wl_node_int_value(e, &v))
		return v == 0 || (ls->const_step && v % ls->const_step == 0);
	if (e->kind == CXCursor_BinaryOperator && e->nr_kids == 2) {
		enum CXBinaryOperatorKind op =
			wl_node_binop(e);
		struct wl_node *l = e->kids[0], *r = e->kids[1];

		switch (op) {
		case CXBinaryOperator_Mul:
			return multiple_of(ev, l, env, ls, depth + 1) ||
			       multiple_of(ev, r, env, ls, depth + 1);
		case CXBinaryOperator_Sub:
			if (rounds_down(ev, l, r, env, ls, depth + 1))
				return true;
			/* fall through */
		case CXBinaryOperator_Add:
			return multiple_of(ev, l, env, ls, depth + 1) &&
			       multiple_of(ev, r, env, ls, depth + 1);
		case CXBinaryOperator_Shl:
			/* k << s is k * 2^s: enough when k is a multiple */
			return multiple_of(ev, l, env, ls, depth + 1);
		case CXBinaryOperator_And: {
			/* x & ~(K - 1), K a power of two: rounded down to K */
			struct wl_node *m = wl_node_strip(r);

			if (m && m->kind == CXCursor_UnaryOperator &&
			    m->nr_kids == 1 &&
			    clang_getCursorUnaryOperatorKind(m->cursor) ==
				    CXUnaryOperator_Not &&
			    step_less_one(ev, m->kids[0], env, ls, depth))
				return true;
			return ls->const_step > 0 &&
			       !(ls->const_step & (ls->const_step - 1)) &&
			       m && wl_node_int_value(m, &v) &&
			       (v & (ls->const_step - 1)) == 0;
		}
		default:
			return false;
		}
	}
	if (e->kind == CXCursor_ConditionalOperator)
		return multiple_choice(ev, e, env, ls, depth);
	if (e->kind == CXCursor_CallExpr && !env) {
		struct wl_func *fn;
		struct wl_node *body = returned_expr(ev, e, &fn);
		struct env inner = { fn, e, env };
		CXCursor def;

		if (body)
			return multiple_of(ev, body, &inner, ls, depth + 1);
		if (fn)
			return false;
		/* a helper of a header: one candidate, one `return EXPR;` */
		def = wl_cursor_call_definition(e->cursor);
		if (!clang_Cursor_isNull(def))
			return raw_multiple_of(ev, def, wl_cursor_returned(def),
					       e, env, ls, depth + 1);
		return rounds_up(ev, e, ls, depth);
	}
	return false;
}

/*
 * Whether kernel @fn declares __launch_bounds__ with at most the step's
 * threads: then every thread index is below the step.
 */
static bool bounded_by_step(struct wl_eval *ev, struct wl_func *fn,
			    const struct loop_shape *ls)
{
	const struct env *senv = NULL;
	struct wl_node *s;
	char bound[64], *end;
	long long n;

	if (!fn || !(fn->flags & WL_FUNC_KERNEL) ||
	    !wl_cursor_launch_bound(fn->cursor, bound, sizeof(bound)))
		return false;
	n = strtoll(bound, &end, 0);
	if (end != bound)
		return *end == '\0' && n > 0 && ls->const_step >= n;
	s = resolve(ev, ls->step, &senv);
	return s && s->kind == CXCursor_DeclRefExpr &&
	       !strcmp(wl_model_spelling(ev->model, s->cursor), bound);
}

/*
 * `ROW * blockDim.x + threadIdx.x` with the step `blockDim.x * ROWS`:
 * a rank in rows of blockDim.x threads, below the step.  The thread's
 * in a two-dimensional block (threadIdx.y of blockDim.y), or in the
 * grid (blockIdx.x of gridDim.x).
 */
static bool row_rank(struct wl_eval *ev, struct wl_node *e,
		     struct wl_node *step, const char *row, const char *rows)
{
	struct wl_node *x, *rest;
	const char *b;

	if (!wl_eval_builtin_pair(ev, step, CXBinaryOperator_Mul, "blockDim.x",
			  rows) ||
	    e->kind != CXCursor_BinaryOperator || e->nr_kids != 2 ||
	    wl_node_binop(e) != CXBinaryOperator_Add)
		return false;
	x = wl_node_strip(e->kids[1]);
	rest = e->kids[0];
	b = wl_node_builtin_var(ev->model, x);
	if (!b || strcmp(b, "threadIdx.x")) {
		x = wl_node_strip(e->kids[0]);
		rest = e->kids[1];
		b = wl_node_builtin_var(ev->model, x);
	}
	return b && !strcmp(b, "threadIdx.x") &&
	       wl_eval_builtin_pair(ev, rest, CXBinaryOperator_Mul, row,
				    "blockDim.x");
}

/* Whether @e is one of the step's thread offsets: in [0, step) always. */
static bool thread_offset(struct wl_eval *ev, struct wl_node *e,
			  const struct loop_shape *ls, struct wl_func *fn)
{
	static const char *const pairs[][2] = {
		{ "threadIdx.x", "blockDim.x" },
		{ "threadIdx.y", "blockDim.y" },
		{ "threadIdx.z", "blockDim.z" },
	};
	const struct env *env = NULL, *senv = NULL;
	const char *b;
	struct wl_node *s;
	unsigned i, t;

	e = resolve(ev, e, &env);
	s = resolve(ev, ls->step, &senv);
	if (!e || !s)
		return false;
	if (row_rank(ev, e, s, "threadIdx.y", "blockDim.y"))
		return true;
	b = wl_node_builtin_var(ev->model, e);
	for (i = 0; b && i < WL_ARRAY_SIZE(pairs); i++) {
		const char *sb = wl_node_builtin_var(ev->model, s);

		if (!strcmp(b, pairs[i][0]))
			return (sb && !strcmp(sb, pairs[i][1])) ||
			       bounded_by_step(ev, fn, ls);
	}
	/* A constant step: the offset must stay below it in every thread. */
	if (ls->const_step <= 0 || ls->const_step > 1024)
		return false;
	for (t = 0; t < 1024; t++) {
		long long v;

		if (!wl_eval_int(ev, e, t, &v) || v < 0 || v >= ls->const_step)
			return false;
	}
	return true;
}

/* blockIdx.x * blockDim.x + threadIdx.x with step blockDim.x * gridDim.x. */
static bool grid_offset(struct wl_eval *ev, struct wl_node *e,
			const struct loop_shape *ls)
{
	const struct env *env = NULL, *senv = NULL;
	struct wl_node *s = resolve(ev, ls->step, &senv);

	e = resolve(ev, e, &env);
	return e && s && row_rank(ev, e, s, "blockIdx.x", "gridDim.x");
}

/* A multiple of the step that is the same in every lane of a warp. */
static bool uniform_multiple(struct wl_eval *ev, struct wl_node *e,
			     const struct loop_shape *ls, enum wl_dep *dep,
			     int depth)
{
	enum wl_dep d = wl_eval_dep(ev, e);

	if (d > WL_DEP_WARP || !multiple_of(ev, e, NULL, ls, depth))
		return false;
	*dep = wl_dep_max(*dep, d);
	return true;
}

/*
 * Whether @start is a uniform multiple of the step plus a thread offset
 * below it: then every thread starts in the same step-sized slot.  *@dep
 * is raised to how much that multiple varies.
 */
static bool start_in_slot(struct wl_eval *ev, struct wl_node *start,
			  const struct loop_shape *ls, struct wl_func *fn,
			  enum wl_dep *dep, int depth)
{
	const struct env *env = NULL;
	struct wl_node *s;

	if (depth > MAX_DEPTH)
		return false;
	if (thread_offset(ev, start, ls, fn) || grid_offset(ev, start, ls))
		return true;
	s = resolve(ev, start, &env);
	if (!s || s->kind != CXCursor_BinaryOperator || s->nr_kids != 2 ||
	    wl_node_binop(s) != CXBinaryOperator_Add)
		return false;
	return (uniform_multiple(ev, s->kids[0], ls, dep, depth + 1) &&
		start_in_slot(ev, s->kids[1], ls, fn, dep, depth + 1)) ||
	       (uniform_multiple(ev, s->kids[1], ls, dep, depth + 1) &&
		start_in_slot(ev, s->kids[0], ls, fn, dep, depth + 1));
}

static bool refers_to(const struct wl_node *n, CXCursor var)
{
	n = wl_node_strip((struct wl_node *)n);
	return n && n->kind == CXCursor_DeclRefExpr &&
	       wl_cursor_equal(wl_node_referenced(n), var);
}

/*
 * The step of @w, a write that moves @var by one: `v += s`, `v = v + s`,
 * `v = s + v`, and with @down also `v -= s`, `v = v - s`.  NULL else.
 */
static struct wl_node *step_of_write(struct wl_node *w, CXCursor var,
				     bool down)
{
	struct wl_node *r;
	enum CXBinaryOperatorKind op;

	w = wl_node_strip(w);
	if (!w || w->nr_kids != 2 || !refers_to(w->kids[0], var))
		return NULL;
	op = wl_node_binop(w);
	if (w->kind == CXCursor_CompoundAssignOperator)
		return op == CXBinaryOperator_AddAssign ||
			       (down && op == CXBinaryOperator_SubAssign)
		       ? w->kids[1] : NULL;
	if (w->kind != CXCursor_BinaryOperator ||
	    op != CXBinaryOperator_Assign)
		return NULL;
	r = wl_node_strip(w->kids[1]);
	if (!r || r->kind != CXCursor_BinaryOperator || r->nr_kids != 2)
		return NULL;
	op = wl_node_binop(r);
	if (refers_to(r->kids[0], var) &&
	    (op == CXBinaryOperator_Add ||
	     (down && op == CXBinaryOperator_Sub)))
		return r->kids[1];
	return op == CXBinaryOperator_Add && refers_to(r->kids[1], var)
		       ? r->kids[0] : NULL;
}

/* The index of `i += step`, `i = i + step`: sets ls->var, ls->step. */
static bool parse_increment(struct wl_node *inc, struct loop_shape *ls)
{
	struct wl_node *lhs;

	inc = wl_node_strip(inc);
	if (!inc || !inc->nr_kids)
		return false;
	lhs = wl_node_strip(inc->kids[0]);
	if (!lhs || lhs->kind != CXCursor_DeclRefExpr)
		return false;
	ls->var = wl_node_referenced(lhs);
	ls->step = step_of_write(inc, ls->var, false);
	return ls->step != NULL;
}

static bool is_continue(struct wl_node *n, void *data)
{
	bool *found = data;

	if (n->kind == CXCursor_ContinueStmt)
		*found = true;
	return !*found;
}

/*
 * The increment of `while (i < n) { ...; i += step; }`: the body's last
 * statement, when no `continue` can skip it.
 */
static struct wl_node *while_increment(struct wl_node *loop,
				       struct loop_shape *ls)
{
	struct wl_node *body = wl_node_kid(loop, WL_ROLE_BODY), *inc;
	bool skips = false;

	if (!body || body->kind != CXCursor_CompoundStmt || !body->nr_kids)
		return NULL;
	inc = body->kids[body->nr_kids - 1];
	wl_node_walk(body, is_continue, &skips);
	return !skips && parse_increment(inc, ls) ? inc : NULL;
}

/*
 * `for (i = start; i < bound; i += step)`, or the same as a while loop
 * whose index is declared before it with its start and stepped only by
 * the body's last statement.
 */
static bool parse_loop(struct wl_eval *ev, struct wl_node *loop,
		       struct loop_shape *ls)
{
	bool is_for = loop->kind == CXCursor_ForStmt;
	struct wl_node *init = is_for ? wl_node_kid(loop, WL_ROLE_INIT) : NULL;
	struct wl_node *cond = wl_node_strip(wl_node_kid(loop, WL_ROLE_COND));
	struct wl_node *inc, *ref = NULL;
	struct wl_var *v;
	unsigned i;

	memset(ls, 0, sizeof(*ls));
	if (is_for) {
		inc = wl_node_kid(loop, WL_ROLE_INC);
		if (!init || !inc || !parse_increment(inc, ls))
			return false;
	} else if (loop->kind == CXCursor_WhileStmt) {
		inc = while_increment(loop, ls);
	} else {
		return false;
	}
	if (!inc || !cond || cond->kind != CXCursor_BinaryOperator ||
	    cond->nr_kids != 2)
		return false;
	ls->op = wl_node_binop(cond);
	if (refers_to(cond->kids[0], ls->var)) {
		ref = wl_node_strip(cond->kids[0]);
		ls->bound = cond->kids[1];
	} else if (refers_to(cond->kids[1], ls->var)) {
		/* bound > i */
		ref = wl_node_strip(cond->kids[1]);
		ls->bound = cond->kids[0];
		ls->op = ls->op == CXBinaryOperator_GT ? CXBinaryOperator_LT
			 : ls->op == CXBinaryOperator_GE ? CXBinaryOperator_LE
							 : ls->op;
	}
	if (!ref)
		return false;
	v = wl_eval_var(ev, ref);
	if (!v || v->addr_taken)
		return false;
	if (!is_for) {
		/* declared before the loop with its start, stepped only here */
		if (v->is_param || !v->init || !v->decl_node ||
		    v->decl_node->index > loop->index)
			return false;
		ls->start = v->init;
	} else if (init->kind == CXCursor_DeclStmt && init->nr_kids == 1 &&
		   wl_cursor_equal(init->kids[0]->cursor, ls->var) &&
		   init->kids[0]->nr_kids) {
		ls->start = init->kids[0]->kids[init->kids[0]->nr_kids - 1];
	} else if (init->kind == CXCursor_BinaryOperator && init->nr_kids == 2 &&
		   wl_node_binop(init) ==
			   CXBinaryOperator_Assign &&
		   refers_to(init->kids[0], ls->var)) {
		ls->start = init->kids[1];
	} else {
		return false;
	}
	/* Written only by the header: the body does not move the index. */
	for (i = 0; i < v->nr_writes; i++)
		if (v->writes[i] != init && !wl_node_within(v->writes[i], inc))
			return false;
	{
		long long k;

		if (wl_node_int_value(wl_node_strip(ls->step), &k))
			ls->const_step = k;
	}
	return true;
}

/* Iterations of `for (i = start; i OP end; i += step)`, or -1. */
static long long trip_count(enum CXBinaryOperatorKind op, long long start,
			    long long end, long long step)
{
	if (op == CXBinaryOperator_LE)
		end += 1;
	if (op != CXBinaryOperator_LT && op != CXBinaryOperator_LE)
		return -1;
	if (start >= end)
		return 0;
	return step > 0 ? (end - start + step - 1) / step : -1;
}

/* Constant bounds: the same count in every lane of each of 32 warps. */
static bool simulated_same(struct wl_eval *ev, const struct loop_shape *ls)
{
	unsigned w, l;

	if (ls->const_step <= 0)
		return false;
	for (w = 0; w < 32; w++) {
		long long first = -1;

		for (l = 0; l < 32; l++) {
			long long start, end, n;

			if (!wl_eval_int(ev, ls->start, w * 32 + l, &start) ||
			    !wl_eval_int(ev, ls->bound, w * 32 + l, &end))
				return false;
			n = trip_count(ls->op, start, end, ls->const_step);
			if (n < 0 || (l && n != first))
				return false;
			first = n;
		}
	}
	return true;
}

/*
 * @w, a write of index @var inside @loop, is an unconditional uniform
 * step: `v += s` or `v = v + s` as a statement of the body (or the for
 * increment), or `++v`; *@dep joins the step's variation.
 */
static bool uniform_step(struct wl_eval *ev, struct wl_node *loop,
			 struct wl_node *w, CXCursor var, enum wl_dep *dep)
{
	struct wl_node *body = wl_node_kid(loop, WL_ROLE_BODY);
	struct loop_shape ls;
	enum CXUnaryOperatorKind op;

	if (w != wl_node_kid(loop, WL_ROLE_INC) &&
	    !(body && w->parent == body && body->kind == CXCursor_CompoundStmt))
		return false;
	if (w->kind == CXCursor_UnaryOperator && w->nr_kids == 1) {
		op = clang_getCursorUnaryOperatorKind(w->cursor);
		return refers_to(w->kids[0], var) &&
		       (op == CXUnaryOperator_PreInc ||
			op == CXUnaryOperator_PostInc);
	}
	memset(&ls, 0, sizeof(ls));
	if (!parse_increment(w, &ls) || !wl_cursor_equal(ls.var, var))
		return false;
	*dep = wl_dep_max(*dep, wl_eval_dep(ev, ls.step));
	return *dep <= WL_DEP_WARP;
}

/*
 * `end = p + n; ... while (p < end)`, with p stepped in the loop by
 * uniform amounts only: every thread runs n / step times, wherever its p
 * starts (MAGMA's triangular inverse, `Blast = B + jb; do { ...; B +=
 * 16; } while (B < Blast);`, B a thread's own column).  The end is a
 * local set once from the index, and nothing writes the index between
 * that and the loop.  *@dep is the variation of n and of the steps.
 */
static bool end_from_index(struct wl_eval *ev, struct wl_node *loop,
			   enum wl_dep *dep)
{
	struct wl_node *cond = wl_node_strip(wl_node_kid(loop, WL_ROLE_COND));
	struct wl_node *body = wl_node_kid(loop, WL_ROLE_BODY);
	struct wl_node *init, *n = NULL;
	struct wl_var *v, *end;
	enum CXBinaryOperatorKind op;
	bool skips = false;
	unsigned i, side;

	if (!cond || cond->kind != CXCursor_BinaryOperator ||
	    cond->nr_kids != 2)
		return false;
	op = wl_node_binop(cond);
	if (op != CXBinaryOperator_LT && op != CXBinaryOperator_LE &&
	    op != CXBinaryOperator_GT && op != CXBinaryOperator_GE &&
	    op != CXBinaryOperator_NE)
		return false;
	for (side = 0; side < 2; side++) {
		struct wl_node *a = wl_node_strip(cond->kids[side]);
		struct wl_node *b = wl_node_strip(cond->kids[!side]);

		if (!a || !b || a->kind != CXCursor_DeclRefExpr ||
		    b->kind != CXCursor_DeclRefExpr)
			return false;
		v = wl_eval_var(ev, a);
		end = wl_eval_var(ev, b);
		if (!v || !end || v == end || v->addr_taken ||
		    end->addr_taken || end->is_param || end->nr_writes ||
		    !end->init || !end->decl_node ||
		    end->decl_node->index > loop->index)
			continue;
		init = wl_node_strip(end->init);
		if (!init || init->kind != CXCursor_BinaryOperator ||
		    init->nr_kids != 2 ||
		    wl_node_binop(init) != CXBinaryOperator_Add)
			continue;
		if (refers_to(init->kids[0], v->decl))
			n = init->kids[1];
		else if (refers_to(init->kids[1], v->decl))
			n = init->kids[0];
		if (n)
			break;
	}
	if (!n)
		return false;
	*dep = wl_eval_dep(ev, n);
	if (*dep > WL_DEP_WARP)
		return false;
	if (body)
		wl_node_walk(body, is_continue, &skips);
	if (skips)
		return false;
	for (i = 0; i < v->nr_writes; i++) {
		struct wl_node *w = v->writes[i];

		if (wl_node_within(w, loop)) {
			if (!uniform_step(ev, loop, w, v->decl, dep))
				return false;
		} else if (w->index > end->decl_node->index &&
			   w->index < loop->index) {
			return false;	/* moved after the end was taken */
		}
	}
	return true;
}

/*
 * How much the conditions that decide whether @write runs vary.  A loop
 * whose own condition is @cmp counts by the conditions around it only:
 * if @cmp holds alike in every thread on each trip, so does the write's
 * trip, which is what is being shown (`while (i >= blockDim.x) { ...;
 * i -= blockDim.x; }`).
 */
static enum wl_dep write_guard_dep(struct wl_eval *ev, struct wl_node *write,
				   struct wl_node *cmp)
{
	struct wl_node *loop;

	for (loop = write->parent; loop; loop = loop->parent) {
		struct wl_node *cond;

		if (!wl_node_is_loop(loop))
			continue;
		cond = wl_node_kid(loop, WL_ROLE_COND);
		if (cond && wl_node_within(cmp, cond))
			return wl_dep_max(wl_eval_guard_dep(ev, write, loop),
					  wl_eval_guard_dep(ev, loop, NULL));
	}
	return wl_eval_guard_dep(ev, write, NULL);
}

struct jump_scan {
	struct wl_eval *ev;
	struct wl_node *loop, *cmp;
	bool bad;
};

/*
 * A jump in the loop that may leave some threads' step untaken: a
 * `continue` of it, a `break` of it or `return` out of it, a `goto`,
 * under a condition that is not the comparison itself and that lanes of
 * a warp may take differently.
 */
static bool find_uneven_jump(struct wl_node *n, void *data)
{
	struct jump_scan *js = data;
	struct wl_node *child, *p;

	if (js->bad || n->kind == CXCursor_LambdaExpr)
		return false;
	if (n->kind == CXCursor_GotoStmt ||
	    n->kind == CXCursor_IndirectGotoStmt) {
		js->bad = true;
		return false;
	}
	if (!wl_node_jumps_from(n, js->loop))
		return true;
	for (child = n, p = n->parent; p && child != js->loop;
	     child = p, p = p->parent) {
		struct wl_node *cond = wl_node_deciding_cond(child);

		if (cond && !wl_node_within(js->cmp, cond) &&
		    wl_eval_dep(js->ev, cond) > WL_DEP_WARP)
			js->bad = true;
	}
	return !js->bad;
}

/*
 * Whether no jump lets some threads of a warp skip @write while others
 * take it: in each loop around it, any exit or `continue` is decided by
 * the comparison @cmp itself or alike in every lane.
 */
static bool step_taken_alike(struct wl_eval *ev, struct wl_node *write,
			     struct wl_node *cmp)
{
	struct jump_scan js = { ev, NULL, cmp, false };
	struct wl_node *loop;

	for (loop = write->parent; loop && !js.bad; loop = loop->parent) {
		if (!wl_node_is_loop(loop))
			continue;
		js.loop = loop;
		wl_node_walk(loop, find_uneven_jump, &js);
	}
	return !js.bad;
}

/*
 * Whether every write of @v moves it by one step (into @ls->step) under
 * conditions every lane of a warp takes alike, it starts in its step
 * slot, and @ls->bound is a uniform multiple of the step; *@dep: how
 * much those values and conditions vary.
 */
static bool slot_shown(struct wl_eval *ev, struct wl_var *v,
		       struct wl_node *cmp, struct loop_shape *ls,
		       enum wl_dep *dep)
{
	enum wl_dep d = WL_DEP_CONST, g;
	unsigned i;

	for (i = 0; i < v->nr_writes; i++) {
		struct wl_node *s = step_of_write(v->writes[i], v->decl,
						   true);

		if (!s || (ls->step && !same_value(ev, s, NULL, ls->step, NULL,
						   0)))
			return false;
		/* warps that step at other times are in other slots */
		g = write_guard_dep(ev, v->writes[i], cmp);
		if (g > WL_DEP_WARP || !step_taken_alike(ev, v->writes[i], cmp))
			return false;
		d = wl_dep_max(d, g);
		ls->step = s;
	}
	if (!wl_node_int_value(wl_node_strip(ls->step), &ls->const_step))
		ls->const_step = 0;
	d = wl_dep_max(d, wl_dep_max(wl_eval_dep(ev, ls->bound),
				     wl_eval_dep(ev, ls->step)));
	if (d > WL_DEP_WARP || !multiple_of(ev, ls->bound, NULL, ls, 0) ||
	    !start_in_slot(ev, ls->start, ls, cmp->func, &d, 0))
		return false;
	*dep = d;
	return true;
}

bool wl_eval_slot_compare_dep(struct wl_eval *ev, struct wl_node *cmp,
			      enum wl_dep *dep)
{
	enum CXBinaryOperatorKind op = wl_node_binop(cmp);
	struct wl_node *lhs;
	struct loop_shape ls;
	struct wl_var *v;
	enum wl_dep d;
	bool shown;

	if (cmp->nr_kids != 2 || (op != CXBinaryOperator_LT &&
				  op != CXBinaryOperator_GE))
		return false;
	lhs = wl_node_strip(cmp->kids[0]);
	if (!lhs || lhs->kind != CXCursor_DeclRefExpr)
		return false;
	v = wl_eval_var(ev, lhs);
	if (!v || v->is_param || v->addr_taken || v->is_shared || !v->init ||
	    !v->nr_writes || !cmp->func || v->slot_busy)
		return false;
	memset(&ls, 0, sizeof(ls));
	ls.var = v->decl;
	ls.op = CXBinaryOperator_LT;
	ls.start = v->init;
	ls.bound = cmp->kids[1];
	/* the writes' guards may be loops on this very comparison */
	v->slot_busy = true;
	shown = slot_shown(ev, v, cmp, &ls, &d);
	v->slot_busy = false;
	if (!shown)
		return false;
	*dep = wl_dep_max(d, WL_DEP_BLOCK);
	return true;
}

enum wl_dep wl_eval_trip_dep(struct wl_eval *ev, struct wl_node *loop,
			     bool simulate)
{
	struct wl_node *cond = wl_node_kid(loop, WL_ROLE_COND);
	enum wl_dep d = cond ? wl_eval_dep(ev, cond) : WL_DEP_CONST, u;
	struct loop_shape ls;

	if (d <= WL_DEP_WARP)
		return d;
	if (end_from_index(ev, loop, &u))
		return wl_dep_max(u, WL_DEP_BLOCK);
	if (!parse_loop(ev, loop, &ls))
		return d;
	u = wl_dep_max(wl_eval_dep(ev, ls.bound), wl_eval_dep(ev, ls.step));
	if (u <= WL_DEP_WARP && ls.op == CXBinaryOperator_LT &&
	    multiple_of(ev, ls.bound, NULL, &ls, 0) &&
	    start_in_slot(ev, ls.start, &ls, loop->func, &u, 0))
		return wl_dep_max(u, WL_DEP_BLOCK);
	if (simulate && simulated_same(ev, &ls))
		return WL_DEP_WARP;
	return d;
}
