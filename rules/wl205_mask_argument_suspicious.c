/* SPDX-License-Identifier: MIT */
/*
 * WL205 mask-argument-suspicious: the mask argument cannot be a lane mask.
 * Docs: rules/WL205.md  Corpus: corpus/WL205/
 *
 * nvcc converts any arithmetic value to the unsigned mask without a
 * word, so a migration that forgot the mask compiles: the legacy
 * `__shfl_down(v, offset, 32)` renamed to `__shfl_down_sync(v, offset, 32)`
 * passes v as the mask, offset as the value and 32 as the delta.  Flagged:
 * a floating-point mask, a mask that is also the value exchanged, the
 * legacy argument order (three arguments, the last one 32 or warpSize,
 * the first a lane-varying value that is no mask), and a vote whose
 * predicate and mask were swapped (`__ballot_sync(x > 0, 0xffffffff)`).
 * The two swapped forms get a fix: the inferred mask in front, or the two
 * arguments exchanged.
 */
#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/cursor.h"
#include "analyzer/mask.h"
#include "analyzer/maskval.h"
#include "fixits/edit.h"
#include "rules/maskrules.h"

static bool same_variable(struct wl_node *a, struct wl_node *b)
{
	a = wl_node_strip(a);
	b = wl_node_strip(b);
	return a && b && a->kind == CXCursor_DeclRefExpr &&
	       b->kind == CXCursor_DeclRefExpr &&
	       wl_cursor_equal(wl_node_referenced(a),
				  wl_node_referenced(b));
}

static void fix_legacy_order(struct wl_ctx *ctx, struct wl_finding *f,
			     struct wl_node *call, struct wl_node *first)
{
	const struct wl_mask *mask = wl_mask_infer(ctx, call);
	char *desc, *ins;

	if (!mask->text || !wl_arg_editable(call, first)) {
		char *why = wl_mask_explain(ctx, mask);

		wl_finding_note(f, "no fix: %s",
				mask->text ? "the call is written in a macro"
					   : why);
		free(why);
		return;
	}
	desc = wl_xasprintf("pass mask '%s' first", mask->text);
	f->fix = wl_fix_new(desc);
	free(desc);
	wl_mask_add_setup(mask, f->fix);
	ins = wl_xasprintf("%s, ", mask->text);
	wl_fix_insert(f->fix, first->begin, ins);
	free(ins);
}

/* A predicate where the mask goes: a comparison or a bool. */
static bool looks_like_predicate(struct wl_node *arg)
{
	struct wl_node *s = wl_node_strip(arg);
	enum CXBinaryOperatorKind op;

	if (!s)
		return false;
	if (clang_getCanonicalType(clang_getCursorType(s->cursor)).kind ==
	    CXType_Bool)
		return true;
	if (s->kind == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(s->cursor) == CXUnaryOperator_LNot)
		return true;
	if (s->kind != CXCursor_BinaryOperator)
		return false;
	op = wl_node_binop(s);
	return op >= CXBinaryOperator_LT && op <= CXBinaryOperator_NE;
}

static void check_call(struct wl_ctx *ctx, struct wl_node *call,
		       const struct wl_collective *c)
{
	const char *name = wl_call_name(&ctx->model, call);
	struct wl_node *args[4];
	unsigned n = wl_call_args(call, args, 4);
	int vi = wl_coll_value_arg(c);
	struct wl_maskval mv, second;
	struct wl_finding *f;
	char *t;

	if (!n)
		return;
	wl_maskval_eval(ctx, args[0], &mv);
	t = wl_arg_text(ctx, call, args[0]);
	if (wl_coll_legacy_order(ctx, c, call)) {
		f = wl_report(
			ctx, WL205, args[0],
			"'%s' is passed as the mask of '%s': the arguments "
			"are in the legacy order (value, %s, width) and "
			"the mask is missing",
			t, name,
			c->kind == WL_COLL_SHFL ? "srcLane"
			: c->kind == WL_COLL_SHFL_XOR ? "laneMask"
						       : "delta");
		/*
		 * An unsigned first argument may be a mask after all (with a
		 * delta of 32 that moves nothing): then inserting one is
		 * wrong, so leave it to the author.
		 */
		if (!mv.is_float &&
		    clang_getCanonicalType(clang_getCursorType(
			    wl_node_strip(args[0])->cursor)).kind == CXType_UInt)
			wl_finding_note(f, "no fix: '%s' is unsigned and may be "
					   "meant as the mask", t);
		else
			fix_legacy_order(ctx, f, call, args[0]);
	} else if (c->kind == WL_COLL_VOTE && n == 2 &&
		   looks_like_predicate(args[0]) &&
		   (wl_maskval_eval(ctx, args[1], &second),
		    second.kind == WL_MASKVAL_CONST ||
			    second.kind == WL_MASKVAL_BALLOT ||
			    second.kind == WL_MASKVAL_ACTIVE)) {
		char *p = wl_arg_text(ctx, call, args[1]);

		f = wl_report(
			ctx, WL205, args[0],
			"the predicate '%s' is passed as the mask of '%s' "
			"and the mask '%s' as the predicate",
			t, name, p);
		free(p);
		if (wl_arg_editable(call, args[0]) &&
		    wl_arg_editable(call, args[1])) {
			char *a = wl_node_text(&ctx->model, args[0]);
			char *b = wl_node_text(&ctx->model, args[1]);

			f->fix = wl_fix_new("swap the mask and the predicate");
			wl_fix_replace(f->fix, args[0]->begin,
				       args[0]->end - args[0]->begin, b);
			wl_fix_replace(f->fix, args[1]->begin,
				       args[1]->end - args[1]->begin, a);
			free(a);
			free(b);
		}
	} else if (mv.is_float) {
		CXString ty = clang_getTypeSpelling(clang_getCursorType(
			wl_node_strip(args[0])->cursor));

		wl_report(
			ctx, WL205, args[0],
			"the mask '%s' of '%s' has floating-point type '%s'; a "
			"lane mask is an unsigned bit set",
			t, name, clang_getCString(ty));
		clang_disposeString(ty);
	} else if (vi >= 0 && (unsigned)vi < n &&
		   same_variable(args[0], args[vi])) {
		wl_report(ctx, WL205, args[0],
			  "'%s' is both the mask and the value of '%s'", t,
			  name);
	}
	free(t);
}

void wl205_check(struct wl_ctx *ctx)
{
	struct wl_model *m = &ctx->model;
	unsigned i;

	for (i = 0; i < m->nr_calls; i++) {
		const struct wl_collective *c =
			wl_collective_of(ctx, m->calls[i]);

		if (c && !c->legacy && c->kind != WL_COLL_SYNCWARP)
			check_call(ctx, m->calls[i], c);
	}
}
