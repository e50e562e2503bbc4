/* SPDX-License-Identifier: MIT */
/*
 * WL202 mask-not-reachable: the mask names lanes that cannot reach this
 * collective.  Docs: rules/WL202.md  Corpus: corpus/WL202/
 *
 * A constant mask (0xffffffff, FULL_MASK, a const local, m & 0xffff) is
 * compared with the lanes that can reach the call: lane-index conditions
 * give an exact set, so the message names the lanes that never arrive;
 * data-dependent conditions, early returns taken by some lanes, loops
 * with a lane-dependent trip count and helpers called from divergent code
 * leave the set unknown, and any constant mask may name an absent lane.
 *
 * Not flagged: a full mask reached by every lane through both arms of a
 * lane-dependent if/else or ?: (the blog's Listing 4; since Volta the
 * lanes of both arms meet in the collective), conditions that keep whole
 * warps together (threadIdx.x < 64, warp == 0), and masks that are not
 * constants (a __ballot_sync() before the branch, Listing 3).  A reaching
 * lane missing from the mask is WL203's finding, not this rule's.
 */
#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/mask.h"
#include "analyzer/maskval.h"
#include "fixits/edit.h"
#include "rules/maskrules.h"

#define FULL 0xffffffffu

static void check_call(struct wl_ctx *ctx, struct wl_node *call,
		       const struct wl_collective *c)
{
	struct wl_node *args[1], *arg = NULL;
	struct wl_maskval mv;
	struct wl_reach_bound rb;
	const struct wl_mask *inferred;
	struct wl_finding *f;
	char *mtext, *lanes, *reason, *at;

	memset(&mv, 0, sizeof(mv));
	if (wl_call_args(call, args, 1)) {
		arg = args[0];
		wl_maskval_eval(ctx, arg, &mv);
		if (mv.kind != WL_MASKVAL_CONST || mv.is_float)
			return;
	} else if (c->kind == WL_COLL_SYNCWARP) {
		mv.bits = FULL;		/* __syncwarp()'s default mask */
	} else {
		return;
	}
	wl_reach_bound(ctx, call, false, true, &rb);
	if (rb.kind == WL_DIV_GOTO || !rb.may)
		return;		/* not followed, or no lane gets there */
	/* Lanes that exited the kernel may be named: they are not waited for. */
	if (rb.exact) {
		if (!(mv.bits & ~(rb.may | rb.exited)) || (rb.may & ~mv.bits))
			return;	/* right, or WL203's: a caller is left out */
	} else if (!(mv.bits & rb.may)) {
		return;		/* no lane that may come is named: WL203 */
	}
	mtext = arg ? wl_arg_text(ctx, call, arg) : wl_xstrdup("0xffffffff");
	if (rb.exact) {
		char *reach = wl_mask_describe_lanes(rb.may);

		lanes = wl_mask_describe_lanes(mv.bits & ~(rb.may | rb.exited));
		f = wl_report(ctx, WL202, call,
			      "mask names %s, which never reach this call "
			      "(mask '%s')", lanes, mtext);
		at = wl_node_where(ctx, rb.narrowed_at ? rb.narrowed_at : call);
		wl_finding_note(f, "only %s reach it (%s)", reach, at);
		free(reach);
		free(at);
	} else {
		reason = wl_reach_reason(ctx, &rb, false);
		lanes = mv.bits == FULL ? wl_xstrdup("all 32 lanes")
					: wl_mask_describe_lanes(mv.bits);
		f = wl_report(
			ctx, WL202, call,
			"mask names %s, some of which may not reach this "
			"call (mask '%s'): %s",
			lanes, mtext, reason);
		free(reason);
	}
	free(lanes);
	free(mtext);
	wl_reach_note_assumption(ctx, f, &rb);
	if (mv.param_arg) {
		/* The constant is written at the call sites, not here. */
		mtext = wl_node_short_text(ctx, mv.param_arg);
		at = wl_node_where(ctx, mv.param_arg);
		wl_finding_note(f, "no fix: the mask is the argument '%s' "
				   "that the callers pass (%s); pass the "
				   "lanes that reach the call instead",
				mtext, at);
		free(mtext);
		free(at);
		return;
	}
	inferred = wl_mask_infer(ctx, call);
	/*
	 * Mask inference names the same constant: it cannot tell more
	 * than this finding does (a helper called from divergent code).
	 */
	if (inferred->text &&
	    (!inferred->setup || !inferred->setup->nr_edits) &&
	    inferred->bits == mv.bits) {
		wl_finding_note(f,
				"no fix: %s; pass the mask in from the "
				"caller, computed with __ballot_sync() "
				"before its divergent branch",
				inferred->note
					? inferred->note
					: "the lanes that arrive are not "
					  "known here");
		return;
	}
	if (!inferred->text && !inferred->why)
		wl_finding_note(f, "no fix: decide which lanes must take part "
				   "and compute that mask before the branch");
	wl_mask_fix_arg(ctx, f, call, arg, inferred);
}

void wl202_check(struct wl_ctx *ctx)
{
	struct wl_model *m = &ctx->model;
	unsigned i;

	for (i = 0; i < m->nr_calls; i++) {
		const struct wl_collective *c =
			wl_collective_of(ctx, m->calls[i]);

		if (c && !c->legacy)
			check_call(ctx, m->calls[i], c);
	}
}
