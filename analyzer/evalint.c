/* SPDX-License-Identifier: MIT */
/*
 * Constant evaluation: the value of an integer expression in one thread
 * (the built-in variables given), and from it the exact lanes that pass
 * a lane-index condition (wl_eval_pred(), wl_eval_cond()).  What each
 * variable holds is eval.c's (wl_eval_var(), wl_eval_reaching()).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/eval.h"
#include "analyzer/evalcall.h"

struct ival {
	long long v;
	bool is_unsigned;
};

static bool eval_rec(struct wl_eval *ev, struct wl_node *n, unsigned tid,
		     struct ival *out, int depth);

static bool type_unsigned(struct wl_node *n)
{
	switch (wl_node_type_kind(n)) {
	case CXType_UInt:
	case CXType_UShort:
	case CXType_UChar:
	case CXType_ULong:
	case CXType_ULongLong:
	case CXType_Bool:
		return true;
	default:
		return false;
	}
}

static bool eval_binop(struct wl_eval *ev, struct wl_node *n, unsigned tid,
		       struct ival *out, int depth)
{
	enum CXBinaryOperatorKind op = wl_node_binop(n);
	struct ival a, b;
	bool u;
	long long r;

	if (n->nr_kids != 2)
		return false;
	/* the linear thread index, whatever blockDim.x is */
	if (op == CXBinaryOperator_Add &&
	    ((wl_eval_is_builtin(ev, n->kids[0], "threadIdx.x") &&
	      wl_eval_row_offset(ev, n->kids[1])) ||
	     (wl_eval_is_builtin(ev, n->kids[1], "threadIdx.x") &&
	      wl_eval_row_offset(ev, n->kids[0])))) {
		out->v = tid;
		out->is_unsigned = true;
		return true;
	}
	if (!eval_rec(ev, n->kids[0], tid, &a, depth + 1))
		return false;
	if (op == CXBinaryOperator_LAnd && !a.v)
		return (out->v = 0, out->is_unsigned = false, true);
	if (op == CXBinaryOperator_LOr && a.v)
		return (out->v = 1, out->is_unsigned = false, true);
	if (!eval_rec(ev, n->kids[1], tid, &b, depth + 1))
		return false;
	u = a.is_unsigned || b.is_unsigned;
	/* wrapping, as the device's integers do (a hash's constants) */
	switch (op) {
	case CXBinaryOperator_Add:
		r = (long long)((unsigned long long)a.v + (unsigned long long)b.v);
		break;
	case CXBinaryOperator_Sub:
		r = (long long)((unsigned long long)a.v - (unsigned long long)b.v);
		break;
	case CXBinaryOperator_Mul:
		r = (long long)((unsigned long long)a.v * (unsigned long long)b.v);
		break;
	case CXBinaryOperator_Div:
		if (!b.v || (!u && b.v == -1 && a.v == LLONG_MIN))
			return false;
		r = u ? (long long)((unsigned long long)a.v / (unsigned long long)b.v)
		      : a.v / b.v;
		break;
	case CXBinaryOperator_Rem:
		if (!b.v || (!u && b.v == -1 && a.v == LLONG_MIN))
			return false;
		r = u ? (long long)((unsigned long long)a.v % (unsigned long long)b.v)
		      : a.v % b.v;
		break;
	case CXBinaryOperator_And: r = a.v & b.v; break;
	case CXBinaryOperator_Or: r = a.v | b.v; break;
	case CXBinaryOperator_Xor: r = a.v ^ b.v; break;
	case CXBinaryOperator_Shl:
		if (b.v < 0 || b.v > 62)
			return false;
		r = (long long)((unsigned long long)a.v << b.v);
		break;
	case CXBinaryOperator_Shr:
		if (b.v < 0 || b.v > 62)
			return false;
		r = a.v >> b.v;
		break;
	case CXBinaryOperator_LT:
		r = u ? (unsigned long long)a.v < (unsigned long long)b.v : a.v < b.v;
		break;
	case CXBinaryOperator_GT:
		r = u ? (unsigned long long)a.v > (unsigned long long)b.v : a.v > b.v;
		break;
	case CXBinaryOperator_LE:
		r = u ? (unsigned long long)a.v <= (unsigned long long)b.v : a.v <= b.v;
		break;
	case CXBinaryOperator_GE:
		r = u ? (unsigned long long)a.v >= (unsigned long long)b.v : a.v >= b.v;
		break;
	case CXBinaryOperator_EQ: r = a.v == b.v; break;
	case CXBinaryOperator_NE: r = a.v != b.v; break;
	case CXBinaryOperator_LAnd: r = b.v != 0; break;
	case CXBinaryOperator_LOr: r = b.v != 0; break;
	case CXBinaryOperator_Comma: r = b.v; break;
	default:
		return false;
	}
	out->v = wl_node_fit_int(n, r);
	out->is_unsigned = type_unsigned(n);
	return true;
}

/* A call to a parameterless function whose body is `return EXPR;`. */
static bool eval_call(struct wl_eval *ev, struct wl_node *n, unsigned tid,
		      struct ival *out, int depth)
{
	struct wl_func *fn = wl_call_target(ev->model, n);
	struct wl_node *body, *ret;

	if (!fn || fn->nr_params || !fn->body || fn->body->nr_kids != 1)
		return false;
	body = fn->body;
	ret = body->kids[0];
	if (ret->kind != CXCursor_ReturnStmt || ret->nr_kids != 1)
		return false;
	if (!eval_rec(ev, ret->kids[0], tid, out, depth + 1))
		return false;
	out->v = wl_node_fit_int(n, out->v);
	out->is_unsigned = type_unsigned(n);
	return true;
}

/*
 * A helper's parameter that it never assigns: what every call in sight
 * passes for this thread, when they all pass the same (`tid` of
 * `reduce_tail(int tid, float *buf)`, called as `reduce_tail(threadIdx.x,
 * s)`).  A kernel's parameters are the host's, never a thread's.
 */
static bool eval_param(struct wl_eval *ev, struct wl_var *v, unsigned tid,
		       struct ival *out, int depth)
{
	struct wl_func *fn = v->decl_node->func;
	struct wl_node *args[16];
	unsigned i, nr;
	int k;

	if (!fn || (fn->flags & WL_FUNC_KERNEL) || !fn->nr_callers ||
	    (k = wl_func_param_index(fn, v->decl_node)) < 0 || k >= 16)
		return false;
	for (i = 0; i < fn->nr_callers; i++) {
		struct ival one;

		nr = wl_call_args(fn->callers[i], args, 16);
		if ((unsigned)k >= nr ||
		    !eval_rec(ev, args[k], tid, &one, depth + 1) ||
		    (i && one.v != out->v))
			return false;
		*out = one;
	}
	out->v = wl_node_fit_int(v->decl_node, out->v);
	out->is_unsigned = type_unsigned(v->decl_node);
	return true;
}

static bool eval_rec(struct wl_eval *ev, struct wl_node *n, unsigned tid,
		     struct ival *out, int depth)
{
	const char *b;
	struct wl_var *v;
	struct wl_node *src;
	long long k;

	if (!n || depth > 32)
		return false;
	switch (n->kind) {
	case CXCursor_IntegerLiteral:
	case CXCursor_CharacterLiteral:
	case CXCursor_CXXBoolLiteralExpr:
		if (!wl_node_int_value(n, &k))
			return false;
		out->v = k;
		out->is_unsigned = type_unsigned(n);
		return true;
	case CXCursor_MemberRefExpr:
		b = wl_node_builtin_var(ev->model, n);
		if (!b || strcmp(b, "threadIdx.x"))
			return false;
		out->v = tid;
		out->is_unsigned = true;
		return true;
	case CXCursor_DeclRefExpr:
		if (wl_node_int_value(n, &k)) {
			out->v = k;
			out->is_unsigned = type_unsigned(n);
			return true;
		}
		v = wl_eval_var(ev, n);
		if (v && v->is_lane_id && !v->nr_writes) {
			out->v = tid & 31;
			out->is_unsigned = true;
			return true;
		}
		if (v && v->is_param && !v->nr_writes && !v->addr_taken)
			return eval_param(ev, v, tid, out, depth);
		if (!v || v->addr_taken || (v->is_param && !v->nr_writes))
			return false;
		src = v->nr_writes ? wl_eval_reaching(ev, n) : v->init;
		if (!src || src == v->decl_node ||
		    !eval_rec(ev, src, tid, out, depth + 1))
			return false;
		out->v = wl_node_fit_int(v->decl_node, out->v);
		out->is_unsigned = type_unsigned(v->decl_node);
		return true;
	case CXCursor_BinaryOperator:
		return eval_binop(ev, n, tid, out, depth);
	case CXCursor_UnaryOperator: {
		enum CXUnaryOperatorKind op =
			clang_getCursorUnaryOperatorKind(n->cursor);

		if (n->nr_kids != 1 || !eval_rec(ev, n->kids[0], tid, out, depth + 1))
			return false;
		if (op == CXUnaryOperator_Minus)
			out->v = -out->v;
		else if (op == CXUnaryOperator_Not)
			out->v = ~out->v;
		else if (op == CXUnaryOperator_LNot)
			out->v = !out->v;
		else if (op != CXUnaryOperator_Plus)
			return false;
		out->v = wl_node_fit_int(n, out->v);
		out->is_unsigned = type_unsigned(n);
		return true;
	}
	case CXCursor_ConditionalOperator: {
		struct ival c;

		if (n->nr_kids != 3 || !eval_rec(ev, n->kids[0], tid, &c, depth + 1))
			return false;
		return eval_rec(ev, n->kids[c.v ? 1 : 2], tid, out, depth + 1);
	}
	case CXCursor_CallExpr:
		return eval_call(ev, n, tid, out, depth);
	case CXCursor_UnexposedExpr:
	case CXCursor_ParenExpr:
	case CXCursor_CStyleCastExpr:
	case CXCursor_CXXStaticCastExpr:
	case CXCursor_CXXFunctionalCastExpr:
		if (!n->nr_kids ||
		    !eval_rec(ev, n->kids[n->nr_kids - 1], tid, out, depth + 1))
			return false;
		out->v = wl_node_fit_int(n, out->v);
		if (n->kind != CXCursor_ParenExpr)
			out->is_unsigned = type_unsigned(n);
		return true;
	default:
		return false;
	}
}

bool wl_eval_int(struct wl_eval *ev, struct wl_node *expr, unsigned tid,
		 long long *value)
{
	struct ival r;

	if (!eval_rec(ev, expr, tid, &r, 0))
		return false;
	*value = r.v;
	return true;
}

/* Threads of one block that the lane analysis tries: 32 warps of 32. */
#define WL_EVAL_WARPS 32u

static void eval_pred(struct wl_eval *ev, struct wl_node **conds,
		      const bool *negs, unsigned nr, bool negate_all,
		      struct wl_cond_class *out);

/*
 * Classifying runs the condition for 1024 threads; a condition guarding
 * many collectives is asked again for each, so one condition's answer is
 * kept on its node, per polarity.
 */
void wl_eval_pred(struct wl_eval *ev, struct wl_node **conds,
		  const bool *negs, unsigned nr, bool negate_all,
		  struct wl_cond_class *out)
{
	struct wl_node *c = conds[0];
	unsigned slot = (negs[0] ? 2u : 0u) + (negate_all ? 1u : 0u);

	if (nr != 1) {
		eval_pred(ev, conds, negs, nr, negate_all, out);
		return;
	}
	if (!(c->pred_known & (1u << slot))) {
		eval_pred(ev, conds, negs, nr, negate_all, out);
		/* The high bit keeps "assumed" beside the kind. */
		c->pred_kind[slot] = (unsigned char)(out->kind |
						     (out->assumed ? 0x80 : 0));
		c->pred_block[slot] = out->block_uniform;
		c->pred_lanes[slot] = out->lanes;
		c->pred_known |= (unsigned char)(1u << slot);
		return;
	}
	out->kind = (enum wl_cond_kind)(c->pred_kind[slot] & 0x7f);
	out->assumed = (c->pred_kind[slot] & 0x80) != 0;
	out->block_uniform = c->pred_block[slot];
	out->lanes = c->pred_lanes[slot];
}

static void eval_pred(struct wl_eval *ev, struct wl_node **conds,
		      const bool *negs, unsigned nr, bool negate_all,
		      struct wl_cond_class *out)
{
	enum wl_dep d = WL_DEP_CONST;
	uint32_t common = 0;
	bool seen = false, same = true;
	unsigned w, l, i;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < nr; i++)
		d = wl_dep_max(d, wl_eval_dep(ev, conds[i]));
	if (d <= WL_DEP_ROW) {
		out->kind = WL_COND_UNIFORM;
		out->block_uniform = d <= WL_DEP_BLOCK;
		out->assumed = d == WL_DEP_ROW;
		return;
	}
	for (w = 0; w < WL_EVAL_WARPS; w++) {
		uint32_t lanes = 0;

		for (l = 0; l < 32; l++) {
			bool all = true;

			for (i = 0; i < nr && all; i++) {
				long long v;

				if (!wl_eval_int(ev, conds[i], w * 32 + l, &v)) {
					out->kind = WL_COND_VARYING;
					return;
				}
				all = (v != 0) != negs[i];
			}
			if (all != negate_all)
				lanes |= 1u << l;
		}
		if (!lanes)
			continue;	/* no lane of this warp gets there */
		if (seen && lanes != common)
			same = false;
		common = lanes;
		seen = true;
	}
	if (!same) {
		out->kind = WL_COND_VARYING;
	} else if (!seen || common == 0xffffffffu) {
		/* Whole warps in or out: threadIdx.x < 64, warp == 0. */
		out->kind = WL_COND_UNIFORM;
		out->block_uniform = false;
	} else {
		out->kind = WL_COND_LANES;
		out->lanes = common;
	}
}

void wl_eval_cond(struct wl_eval *ev, struct wl_node *cond,
		  struct wl_cond_class *out)
{
	bool neg = false;

	wl_eval_pred(ev, &cond, &neg, 1, false, out);
}
