/* SPDX-License-Identifier: MIT */
/*
 * WL203 mask-excludes-caller: the mask does not contain the calling lane.
 * Docs: rules/WL203.md  Corpus: corpus/WL203/
 *
 * The mask of a _sync collective must name every lane that executes it;
 * a lane outside its own mask is undefined behaviour (a hang on some
 * GPUs, garbage on others).  Flagged when it is provable: a constant mask
 * and an exact set of reaching lanes with one of them missing, a constant
 * mask that names none of the lanes that can come, or a mask computed
 * from the lane index (`0xffu << (lane & ~7)`) that leaves out the lane
 * computing it.  No fix: whether the call or the mask is wrong is the
 * author's decision; the note names the mask inference would pass.
 */
#include <stdlib.h>

#include "analyzer/context.h"
#include "analyzer/mask.h"
#include "analyzer/maskval.h"
#include "fixits/edit.h"
#include "rules/maskrules.h"

/* Lanes in @lanes whose own mask, computed per lane, leaves them out. */
static uint32_t lanes_left_out(struct wl_ctx *ctx, const struct wl_maskval *mv,
			       uint32_t lanes, bool *ok)
{
	uint32_t out = 0, m;
	unsigned l;

	*ok = true;
	for (l = 0; l < 32; l++) {
		if (!(lanes & (1u << l)))
			continue;
		if (!wl_maskval_at(ctx, mv, l, &m)) {
			*ok = false;
			return 0;
		}
		if (!(m & (1u << l)))
			out |= 1u << l;
	}
	return out;
}

static void check_call(struct wl_ctx *ctx, struct wl_node *call)
{
	struct wl_node *args[1];
	struct wl_maskval mv;
	struct wl_reach_bound rb;
	const struct wl_mask *inferred;
	struct wl_finding *f;
	char *mtext, *lanes;
	uint32_t out;
	bool ok;

	if (!wl_call_args(call, args, 1))
		return;	/* __syncwarp(): its full mask names every lane */
	wl_maskval_eval(ctx, args[0], &mv);
	if ((mv.kind != WL_MASKVAL_CONST && mv.kind != WL_MASKVAL_LANE) ||
	    mv.is_float)
		return;
	wl_reach_bound(ctx, call, false, false, &rb);
	if (rb.kind == WL_DIV_GOTO || !rb.may)
		return;
	out = lanes_left_out(ctx, &mv, rb.may, &ok);
	if (!ok || !out)
		return;
	/*
	 * Not exact, or lanes may have exited the kernel: some of them may
	 * not come, and only all-excluded is sure.
	 */
	if ((!rb.exact || rb.may_exit) && out != rb.may)
		return;
	mtext = wl_arg_text(ctx, call, args[0]);
	lanes = wl_mask_describe_lanes(out);
	if (rb.exact && !rb.may_exit)
		f = wl_report(ctx, WL203, call,
			      "mask does not contain the calling lane: '%s' "
			      "leaves out %s, which reach this call",
			      mtext, lanes);
	else
		f = wl_report(ctx, WL203, call,
			      "mask does not contain the calling lane: '%s' "
			      "contains none of the lanes that can reach this "
			      "call (%s)", mtext, lanes);
	free(lanes);
	free(mtext);
	if (mv.kind == WL_MASKVAL_LANE)
		wl_finding_note(f, "the mask is computed per lane and leaves "
				   "out the lane that computes it");
	wl_reach_note_assumption(ctx, f, &rb);
	inferred = wl_mask_infer(ctx, call);
	if (rb.exact && !rb.may_exit && rb.may != 0xffffffffu) {
		/* Mask inference passes the full mask after kernel exits. */
		char *reach = wl_mask_describe_lanes(rb.may);

		wl_finding_note(f,
				"no fix: either the call or the mask is "
				"wrong; %s reach it (0x%08x)", reach, rb.may);
		free(reach);
	} else if (inferred->text &&
		   (!inferred->setup || !inferred->setup->nr_edits))
		wl_finding_note(f,
				"no fix: either the call or the mask is "
				"wrong; the lanes that reach it are named by "
				"'%s'",
				inferred->text);
	else
		wl_finding_note(f, "no fix: either the call or the mask is "
				   "wrong; the lanes that reach it are known "
				   "only at run time (a __ballot_sync() of the "
				   "branch condition names them)");
}

void wl203_check(struct wl_ctx *ctx)
{
	struct wl_model *m = &ctx->model;
	unsigned i;

	for (i = 0; i < m->nr_calls; i++) {
		const struct wl_collective *c =
			wl_collective_of(ctx, m->calls[i]);

		if (c && !c->legacy)
			check_call(ctx, m->calls[i]);
	}
}
