/* SPDX-License-Identifier: MIT */
/* Masks as values: the lanes a mask expression names. */
#include "analyzer/maskval.h"

#include <string.h>

#include "analyzer/context.h"
#include "analyzer/cursor.h"
#include "analyzer/eval.h"
#include "analyzer/model.h"

#define FULL 0xffffffffu
#define MAX_DEPTH 16
#define MAX_STACK 8

/*
 * The evaluation state: the variables being followed, so that
 * `m = m & x` refers back to m's other values instead of recursing.
 */
struct mv_state {
	struct wl_ctx *ctx;
	struct wl_var *stack[MAX_STACK];
	unsigned nr;
};

/* An intermediate value: a mask value, or "the variable itself". */
struct val {
	struct wl_maskval mv;
	bool self;
};

static void eval_rec(struct mv_state *st, struct wl_node *n, struct val *out,
		     int depth);

static void set_kind(struct val *v, enum wl_maskval_kind kind, uint32_t bits)
{
	v->mv.kind = kind;
	v->mv.bits = bits;
}

static bool is_float_type(CXType t)
{
	CXString s;
	bool yes;

	t = clang_getCanonicalType(t);
	switch (t.kind) {
	case CXType_Float:
	case CXType_Double:
	case CXType_LongDouble:
	case CXType_Half:
	case CXType_Float16:
	case CXType_BFloat16:
		return true;
	case CXType_Record:
	case CXType_Elaborated:
		/* __half, __half2, __nv_bfloat16: structs in CUDA's headers. */
		s = clang_getTypeSpelling(t);
		yes = strstr(clang_getCString(s), "half") ||
		      strstr(clang_getCString(s), "bfloat16");
		clang_disposeString(s);
		return yes;
	default:
		return false;
	}
}

/* Whether the expression as written (before conversions) is floating. */
static bool written_float(struct wl_node *n)
{
	while (n && n->nr_kids == 1 &&
	       (n->kind == CXCursor_UnexposedExpr ||
		n->kind == CXCursor_ParenExpr))
		n = n->kids[0];
	return n && is_float_type(clang_getCursorType(n->cursor));
}

/*
 * A value computed from the thread index alone: evaluate it in the 32
 * lanes of warp 0 and call it CONST when they agree.
 */
static bool eval_lanes(struct mv_state *st, struct wl_node *n, struct val *out)
{
	uint32_t any = 0, first = 0;
	bool same = true;
	unsigned l;

	for (l = 0; l < 32; l++) {
		long long v;

		if (!wl_eval_int(&st->ctx->eval, n, l, &v))
			return false;
		if (!l)
			first = (uint32_t)v;
		else if ((uint32_t)v != first)
			same = false;
		any |= (uint32_t)v;
	}
	if (same)
		set_kind(out, WL_MASKVAL_CONST, first);
	else
		set_kind(out, WL_MASKVAL_LANE, any);
	return true;
}

/* The kinds that come from a call: __activemask(), a ballot, a match. */
static bool is_origin_kind(enum wl_maskval_kind k)
{
	return k == WL_MASKVAL_ACTIVE || k == WL_MASKVAL_BALLOT ||
	       k == WL_MASKVAL_MATCH;
}

/* a & b: the lanes both name; an __activemask() stays one when narrowed. */
static void and_vals(const struct val *a, const struct val *b, struct val *out)
{
	const struct val *o;

	/* m & x with m itself: narrows m, adds no value m did not have. */
	if (a->self || b->self) {
		memset(out, 0, sizeof(*out));
		out->self = true;
		out->mv.from_activemask =
			a->mv.from_activemask || b->mv.from_activemask;
		return;
	}
	out->mv.from_activemask =
		a->mv.from_activemask || b->mv.from_activemask;
	out->mv.bits = a->mv.bits & b->mv.bits;
	if (a->mv.kind == WL_MASKVAL_CONST && b->mv.kind == WL_MASKVAL_CONST) {
		out->mv.kind = WL_MASKVAL_CONST;
		return;
	}
	o = NULL;
	if (is_origin_kind(a->mv.kind))
		o = a;
	else if (is_origin_kind(b->mv.kind))
		o = b;
	if (a->mv.kind == WL_MASKVAL_ACTIVE || b->mv.kind == WL_MASKVAL_ACTIVE)
		o = a->mv.kind == WL_MASKVAL_ACTIVE ? a : b;
	if (o) {
		out->mv.kind = o->mv.kind;
		out->mv.origin = o->mv.origin;
		return;
	}
	out->mv.kind = (a->mv.kind == WL_MASKVAL_UNKNOWN ||
			b->mv.kind == WL_MASKVAL_UNKNOWN)
			       ? WL_MASKVAL_UNKNOWN
			       : WL_MASKVAL_LANE;
}

/* Two values a variable may hold, or a | b: keep what both agree on. */
static void join_vals(const struct val *a, const struct val *b, bool is_or,
		      struct val *out)
{
	if (a->self || b->self) {
		*out = a->self ? *b : *a;
		return;
	}
	out->mv.from_activemask =
		a->mv.from_activemask || b->mv.from_activemask;
	out->mv.bits = a->mv.bits | b->mv.bits;
	out->mv.origin = a->mv.origin ? a->mv.origin : b->mv.origin;
	if (a->mv.kind == b->mv.kind) {
		out->mv.kind = a->mv.kind;
		if (a->mv.kind == WL_MASKVAL_CONST && !is_or &&
		    a->mv.bits != b->mv.bits)
			out->mv.kind = WL_MASKVAL_UNKNOWN;
		return;
	}
	out->mv.kind = WL_MASKVAL_UNKNOWN;
}

static bool on_stack(struct mv_state *st, struct wl_var *v)
{
	unsigned i;

	for (i = 0; i < st->nr; i++)
		if (st->stack[i] == v)
			return true;
	return false;
}

/* One value a write gives the variable: `m = e`, `m |= e`, `m &= e`. */
static void write_val(struct mv_state *st, struct wl_node *w, struct val *out,
		      int depth)
{
	struct val rhs;

	memset(out, 0, sizeof(*out));
	set_kind(out, WL_MASKVAL_UNKNOWN, FULL);
	if (w->kind == CXCursor_UnaryOperator || w->nr_kids != 2)
		return;		/* ++, --: no mask */
	memset(&rhs, 0, sizeof(rhs));
	eval_rec(st, w->kids[1], &rhs, depth + 1);
	if (w->kind == CXCursor_BinaryOperator) {
		*out = rhs;
		return;
	}
	/* m &= e narrows m (adds nothing); m |= e adds e's lanes. */
	switch (wl_node_binop(w)) {
	case CXBinaryOperator_AndAssign: {
		struct val self;

		memset(&self, 0, sizeof(self));
		self.self = true;
		and_vals(&self, &rhs, out);
		break;
	}
	case CXBinaryOperator_OrAssign:
		*out = rhs;
		break;
	default:
		break;
	}
	out->mv.from_activemask |= rhs.mv.from_activemask;
}

/*
 * A parameter of a helper: the same constant from every call site in the
 * file (`warp_sum(v, 0xffffffff)` everywhere) is that constant; anything
 * else is unknown.
 */
static void eval_param(struct mv_state *st, struct wl_var *v, struct val *out,
		       int depth)
{
	struct wl_func *fn = v->decl_node->func;
	unsigned i;
	int index;

	set_kind(out, WL_MASKVAL_UNKNOWN, FULL);
	if (!fn || (fn->flags & WL_FUNC_KERNEL) || !fn->nr_callers ||
	    v->nr_writes || st->nr >= MAX_STACK || on_stack(st, v))
		return;
	index = wl_func_param_index(fn, v->decl_node);
	if (index < 0 || index >= 8)
		return;
	st->stack[st->nr++] = v;
	for (i = 0; i < fn->nr_callers; i++) {
		struct wl_node *args[8];
		struct val a;

		if (wl_call_args(fn->callers[i], args, 8) <= (unsigned)index)
			break;
		eval_rec(st, args[index], &a, depth + 1);
		if (a.self || a.mv.kind != WL_MASKVAL_CONST ||
		    (i && a.mv.bits != out->mv.bits))
			break;
		set_kind(out, WL_MASKVAL_CONST, a.mv.bits);
		if (!i)
			out->mv.param_arg = args[index];
	}
	st->nr--;
	if (i < fn->nr_callers) {
		set_kind(out, WL_MASKVAL_UNKNOWN, FULL);
		out->mv.param_arg = NULL;
	}
}

static void eval_var(struct mv_state *st, struct wl_node *ref, struct val *out,
		     int depth)
{
	struct wl_var *v = wl_eval_var(&st->ctx->eval, ref);
	struct val acc, one;
	bool have = false;
	unsigned i;

	if (v && v->is_param && !v->addr_taken) {
		eval_param(st, v, out, depth);
		return;
	}
	if (!v || v->is_param || v->addr_taken || v->is_lane_id) {
		if (!eval_lanes(st, ref, out))
			set_kind(out, WL_MASKVAL_UNKNOWN, FULL);
		return;
	}
	if (on_stack(st, v)) {
		out->self = true;
		return;
	}
	if (st->nr >= MAX_STACK) {
		set_kind(out, WL_MASKVAL_UNKNOWN, FULL);
		return;
	}
	st->stack[st->nr++] = v;
	memset(&acc, 0, sizeof(acc));
	if (v->init) {
		eval_rec(st, v->init, &acc, depth + 1);
		have = true;
	}
	for (i = 0; i < v->nr_writes; i++) {
		write_val(st, v->writes[i], &one, depth);
		if (!have) {
			acc = one;
			have = true;
		} else {
			struct val j;

			memset(&j, 0, sizeof(j));
			join_vals(&acc, &one, false, &j);
			acc = j;
		}
	}
	st->nr--;
	if (!have || acc.self) {
		set_kind(out, WL_MASKVAL_UNKNOWN, FULL);
		return;
	}
	*out = acc;
	out->self = false;
	if (!out->mv.var_ref)
		out->mv.var_ref = ref;
	/* A variable set more than once: its lane values are not one expr. */
	if (v->nr_writes && out->mv.kind == WL_MASKVAL_LANE)
		out->mv.kind = WL_MASKVAL_UNKNOWN;
}

bool wl_cursor_is_activemask(CXCursor expr, unsigned depth)
{
	CXCursor c = wl_cursor_strip(expr), def;
	CXString name;
	bool yes;

	if (clang_getCursorKind(c) != CXCursor_CallExpr || depth > 3)
		return false;
	name = clang_getCursorSpelling(c);
	yes = !strcmp(clang_getCString(name), "__activemask");
	clang_disposeString(name);
	if (yes)
		return true;
	/* A wrapper whose whole body returns __activemask() (AMGX's). */
	def = clang_getCursorDefinition(clang_getCursorReferenced(c));
	return !clang_Cursor_isNull(def) &&
	       wl_cursor_is_activemask(wl_cursor_returned(def), depth + 1);
}

static void eval_call(struct mv_state *st, struct wl_node *call,
		      struct val *out, int depth)
{
	const char *name = wl_call_name(&st->ctx->model, call);
	struct wl_node *args[4];
	unsigned n = wl_call_args(call, args, 4);
	struct val m;

	if (!strcmp(name, "__activemask") ||
	    (!wl_call_target(&st->ctx->model, call) &&
	     wl_cursor_is_activemask(call->cursor, 0))) {
		set_kind(out, WL_MASKVAL_ACTIVE, FULL);
		out->mv.origin = call;
		out->mv.from_activemask = true;
		return;
	}
	if (!strcmp(name, "__ballot_sync") || !strcmp(name, "__ballot") ||
	    !strcmp(name, "__match_any_sync") ||
	    !strcmp(name, "__match_all_sync")) {
		memset(&m, 0, sizeof(m));
		set_kind(&m, WL_MASKVAL_UNKNOWN, FULL);
		if (strcmp(name, "__ballot") && n >= 1)
			eval_rec(st, args[0], &m, depth + 1);
		set_kind(out,
			 wl_starts_with(name, "__ballot") ? WL_MASKVAL_BALLOT
							  : WL_MASKVAL_MATCH,
			 m.self ? FULL : m.mv.bits);
		out->mv.origin = call;
		out->mv.from_activemask = m.mv.from_activemask;
		return;
	}
	if (!eval_lanes(st, call, out))
		set_kind(out, WL_MASKVAL_UNKNOWN, FULL);
}

static void eval_rec(struct mv_state *st, struct wl_node *n, struct val *out,
		     int depth)
{
	struct wl_node *s = wl_node_strip(n);
	long long k;

	memset(out, 0, sizeof(*out));
	set_kind(out, WL_MASKVAL_UNKNOWN, FULL);
	if (!s || depth > MAX_DEPTH)
		return;
	out->mv.expr = s;
	if (wl_node_int_value(s, &k)) {
		set_kind(out, WL_MASKVAL_CONST, (uint32_t)k);
		return;
	}
	switch (s->kind) {
	case CXCursor_CallExpr:
		eval_call(st, s, out, depth);
		break;
	case CXCursor_DeclRefExpr:
		eval_var(st, s, out, depth);
		break;
	case CXCursor_BinaryOperator: {
		enum CXBinaryOperatorKind op =
			wl_node_binop(s);
		struct val a, b;

		if (s->nr_kids != 2)
			break;
		if (op != CXBinaryOperator_And && op != CXBinaryOperator_Or) {
			if (!eval_lanes(st, s, out))
				set_kind(out, WL_MASKVAL_UNKNOWN, FULL);
			break;
		}
		eval_rec(st, s->kids[0], &a, depth + 1);
		eval_rec(st, s->kids[1], &b, depth + 1);
		if (op == CXBinaryOperator_And)
			and_vals(&a, &b, out);
		else
			join_vals(&a, &b, true, out);
		/* Per-lane values of a combination: ask the evaluator. */
		if (!out->self && out->mv.kind == WL_MASKVAL_LANE &&
		    !eval_lanes(st, s, out))
			set_kind(out, WL_MASKVAL_UNKNOWN, out->mv.bits);
		break;
	}
	case CXCursor_ConditionalOperator: {
		struct val a, b;

		if (s->nr_kids != 3)
			break;
		if (eval_lanes(st, s, out))
			break;
		eval_rec(st, s->kids[1], &a, depth + 1);
		eval_rec(st, s->kids[2], &b, depth + 1);
		join_vals(&a, &b, false, out);
		break;
	}
	default:
		if (!eval_lanes(st, s, out))
			set_kind(out, WL_MASKVAL_UNKNOWN, FULL);
		break;
	}
	if (!out->mv.expr)
		out->mv.expr = s;
}

void wl_maskval_eval(struct wl_ctx *ctx, struct wl_node *expr,
		     struct wl_maskval *out)
{
	struct mv_state st;
	struct val v;

	memset(&st, 0, sizeof(st));
	st.ctx = ctx;
	eval_rec(&st, expr, &v, 0);
	*out = v.mv;
	if (v.self)
		out->kind = WL_MASKVAL_UNKNOWN;
	/* The written expression is what per-lane evaluation starts from. */
	out->expr = wl_node_strip(expr);
	out->is_float = expr && written_float(expr);
}

bool wl_maskval_at(struct wl_ctx *ctx, const struct wl_maskval *mv,
		   unsigned tid, uint32_t *bits)
{
	long long v;

	if (mv->kind == WL_MASKVAL_CONST) {
		*bits = mv->bits;
		return true;
	}
	if (mv->kind != WL_MASKVAL_LANE || !mv->expr ||
	    !wl_eval_int(&ctx->eval, mv->expr, tid, &v))
		return false;
	*bits = (uint32_t)v;
	return true;
}

const char *wl_maskval_kind_name(enum wl_maskval_kind kind)
{
	switch (kind) {
	case WL_MASKVAL_CONST:
		return "constant";
	case WL_MASKVAL_LANE:
		return "lane-dependent";
	case WL_MASKVAL_ACTIVE:
		return "__activemask()";
	case WL_MASKVAL_BALLOT:
		return "__ballot_sync()";
	case WL_MASKVAL_MATCH:
		return "__match_any_sync()";
	case WL_MASKVAL_UNKNOWN:
		break;
	}
	return "unknown";
}
