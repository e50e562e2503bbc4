/* SPDX-License-Identifier: MIT */
/*
 * WL204 shuffle-width: shuffle width or lane argument out of range.
 * Docs: rules/WL204.md  Corpus: corpus/WL204/
 *
 * The width of a shuffle must be a power of two from 1 to 32 (anything
 * else is undefined).  A constant source lane outside [0, width) is
 * silently taken modulo the width, a delta of width or more moves no
 * value (every lane gets its own back), and an xor lane mask of width or
 * more reaches outside the segment: all legal, none intended.  Checked
 * for the _sync and the legacy forms, on constants only.  No fix: which
 * number was meant is the author's call.
 */
#include <stdlib.h>

#include "analyzer/context.h"
#include "rules/maskrules.h"

static bool const_arg(struct wl_node *arg, long long *v)
{
	struct wl_node *s = wl_node_strip(arg);

	return s && wl_node_int_value(s, v);
}

static void check_call(struct wl_ctx *ctx, struct wl_node *call,
		       const struct wl_collective *c)
{
	const char *name = wl_call_name(&ctx->model, call);
	struct wl_node *args[4];
	unsigned n = wl_call_args(call, args, 4);
	int wi = wl_coll_width_arg(c), li = wl_coll_lane_arg(c);
	long long width = 32, lane;

	if (wl_coll_legacy_order(ctx, c, call))
		return;		/* WL205: the arguments are shifted by one */
	if (wi >= 0 && (unsigned)wi < n && const_arg(args[wi], &width)) {
		if (width < 1 || width > 32 || (width & (width - 1))) {
			wl_report(
				ctx, WL204, args[wi],
				"width %lld of '%s' is not a power of two from "
				"1 to 32; the result is undefined",
				width, name);
			return;
		}
	} else if (wi >= 0 && (unsigned)wi < n) {
		return;		/* not a constant: nothing to compare with */
	}
	if (li < 0 || (unsigned)li >= n || !const_arg(args[li], &lane))
		return;
	switch (c->kind) {
	case WL_COLL_SHFL:
		if (lane >= 0 && lane < width)
			return;
		wl_report(ctx, WL204, args[li],
			  "source lane %lld of '%s' is outside 0..%lld; it is "
			  "taken modulo the width %lld",
			  lane, name, width - 1, width);
		break;
	case WL_COLL_SHFL_UP:
	case WL_COLL_SHFL_DOWN:
		if (lane >= 0 && lane < width)
			return;
		if (lane < 0)
			wl_report(ctx, WL204, args[li],
				  "delta %lld of '%s' is negative; it is "
				  "converted to a huge unsigned value and no "
				  "lane receives another lane's value",
				  lane, name);
		else
			wl_report(
				ctx, WL204, args[li],
				"delta %lld of '%s' is not less than the width "
				"%lld; every lane gets its own value back",
				lane, name, width);
		break;
	case WL_COLL_SHFL_XOR:
		if (lane >= 0 && lane < width)
			return;
		wl_report(ctx, WL204, args[li],
			  "lane mask %lld of '%s' is outside 0..%lld; lanes "
			  "would read outside their segment of width %lld",
			  lane, name, width - 1, width);
		break;
	default:
		break;
	}
}

void wl204_check(struct wl_ctx *ctx)
{
	struct wl_model *m = &ctx->model;
	unsigned i;

	for (i = 0; i < m->nr_calls; i++) {
		const struct wl_collective *c =
			wl_collective_of(ctx, m->calls[i]);

		if (c)
			check_call(ctx, m->calls[i], c);
	}
}
