/* SPDX-License-Identifier: MIT */
/* Shared by the mask rules and WL501: collectives and who reaches a call. */
#include "rules/maskrules.h"

#include <stdlib.h>
#include <string.h>

#include "analyzer/barrier.h"
#include "analyzer/context.h"
#include "analyzer/converged.h"
#include "analyzer/mask.h"
#include "analyzer/maskval.h"
#include "analyzer/reach.h"
#include "base/source.h"
#include "base/util.h"
#include "fixits/edit.h"

#define FULL 0xffffffffu
#define MAX_CONDS 16
/* How many helpers deep the lanes of a call are followed to callers. */
#define MAX_CALL_DEPTH 6
/* Helpers whose entry lanes one query remembers. */
#define MAX_MEMO 32

static const struct wl_collective collectives[] = {
	{ "__shfl_sync", WL_COLL_SHFL, false },
	{ "__shfl_up_sync", WL_COLL_SHFL_UP, false },
	{ "__shfl_down_sync", WL_COLL_SHFL_DOWN, false },
	{ "__shfl_xor_sync", WL_COLL_SHFL_XOR, false },
	{ "__ballot_sync", WL_COLL_VOTE, false },
	{ "__any_sync", WL_COLL_VOTE, false },
	{ "__all_sync", WL_COLL_VOTE, false },
	{ "__uni_sync", WL_COLL_VOTE, false },
	{ "__match_any_sync", WL_COLL_MATCH, false },
	{ "__match_all_sync", WL_COLL_MATCH, false },
	{ "__reduce_add_sync", WL_COLL_REDUCE, false },
	{ "__reduce_min_sync", WL_COLL_REDUCE, false },
	{ "__reduce_max_sync", WL_COLL_REDUCE, false },
	{ "__reduce_and_sync", WL_COLL_REDUCE, false },
	{ "__reduce_or_sync", WL_COLL_REDUCE, false },
	{ "__reduce_xor_sync", WL_COLL_REDUCE, false },
	{ "__syncwarp", WL_COLL_SYNCWARP, false },
	{ "__shfl", WL_COLL_SHFL, true },
	{ "__shfl_up", WL_COLL_SHFL_UP, true },
	{ "__shfl_down", WL_COLL_SHFL_DOWN, true },
	{ "__shfl_xor", WL_COLL_SHFL_XOR, true },
	{ "__ballot", WL_COLL_VOTE, true },
	{ "__any", WL_COLL_VOTE, true },
	{ "__all", WL_COLL_VOTE, true },
};

const struct wl_collective *wl_collective_of(struct wl_ctx *ctx,
					     struct wl_node *call)
{
	const char *name = wl_call_name(&ctx->model, call);

	/* A function of the file's own with that name is not CUDA's. */
	if (!*name || wl_call_target(&ctx->model, call))
		return NULL;
	return wl_collective_named(name);
}

const struct wl_collective *wl_collective_named(const char *name)
{
	unsigned i;

	for (i = 0; i < WL_ARRAY_SIZE(collectives); i++)
		if (!strcmp(name, collectives[i].name))
			return &collectives[i];
	return NULL;
}

static bool is_shuffle(const struct wl_collective *c)
{
	return c->kind == WL_COLL_SHFL || c->kind == WL_COLL_SHFL_UP ||
	       c->kind == WL_COLL_SHFL_DOWN || c->kind == WL_COLL_SHFL_XOR;
}

int wl_coll_mask_arg(const struct wl_collective *c)
{
	return c->legacy ? -1 : 0;
}

int wl_coll_value_arg(const struct wl_collective *c)
{
	if (c->kind == WL_COLL_SYNCWARP)
		return -1;
	return c->legacy ? 0 : 1;
}

int wl_coll_lane_arg(const struct wl_collective *c)
{
	if (!is_shuffle(c))
		return -1;
	return c->legacy ? 1 : 2;
}

int wl_coll_width_arg(const struct wl_collective *c)
{
	if (!is_shuffle(c))
		return -1;
	return c->legacy ? 2 : 3;
}

static bool is_width_32(struct wl_node *arg)
{
	struct wl_node *s = wl_node_strip(arg);
	long long v;

	return s && wl_node_int_value(s, &v) && v == 32;
}

bool wl_coll_legacy_order(struct wl_ctx *ctx, const struct wl_collective *c,
			  struct wl_node *call)
{
	struct wl_node *args[4];
	struct wl_maskval mv;

	if (c->legacy || !is_shuffle(c) || wl_call_args(call, args, 4) != 3 ||
	    !is_width_32(args[2]))
		return false;
	wl_maskval_eval(ctx, args[0], &mv);
	if (mv.is_float)
		return true;
	return mv.kind == WL_MASKVAL_UNKNOWN &&
	       wl_eval_dep(&ctx->eval, args[0]) == WL_DEP_LANE;
}

unsigned wl_node_line(struct wl_ctx *ctx, const struct wl_node *n)
{
	return wl_node_lineno(&ctx->model, n);
}

char *wl_node_where(struct wl_ctx *ctx, const struct wl_node *n)
{
	return wl_node_place(&ctx->model, n);
}

char *wl_node_short_text(struct wl_ctx *ctx, const struct wl_node *n)
{
	char *t = wl_node_any_text(&ctx->model, n), *s;
	struct wl_buf b = WL_BUF_INIT;
	bool space = false;

	if (!t)
		return wl_xstrdup("...");
	/* One line, single spaces: a condition split over lines reads badly. */
	for (s = t; *s; s++) {
		if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') {
			space = b.len > 0;
			continue;
		}
		if (space)
			wl_buf_addc(&b, ' ');
		space = false;
		wl_buf_addc(&b, *s);
	}
	free(t);
	t = wl_buf_detach(&b);
	if (strlen(t) > 48) {
		t[45] = '\0';
		s = wl_xasprintf("%s...", t);
		free(t);
		return s;
	}
	return t;
}

char *wl_arg_text(struct wl_ctx *ctx, const struct wl_node *call,
		  struct wl_node *arg)
{
	struct wl_node *s = wl_node_strip(arg);
	long long v;

	if (!call->in_macro)
		return wl_node_short_text(ctx, arg);
	/* In a macro body the argument's range is the whole expansion. */
	if (s && s->kind == CXCursor_DeclRefExpr)
		return wl_xstrdup(wl_model_spelling(
			&ctx->model, wl_node_referenced(s)));
	if (s && wl_node_int_value(s, &v))
		return wl_xasprintf("0x%08x", (uint32_t)v);
	return wl_xstrdup("...");
}

bool wl_arg_editable(const struct wl_node *call, const struct wl_node *arg)
{
	return !call->in_macro && call->in_main && arg->in_main &&
	       arg->end > arg->begin;
}

/* ---- who reaches a call ---- */

struct reach_state {
	struct wl_ctx *ctx;
	struct wl_eval *ev;	/* ctx->eval, or ctx->barrier_eval (block) */
	bool block, other_arm;
	struct wl_node *site;		/* the collective, for other_arm */
	const struct wl_collective *coll;
	bool site_const;		/* its mask is a known constant */
	uint32_t site_mask;
	struct wl_func *stack[MAX_CALL_DEPTH];
	unsigned depth;
	struct {
		struct wl_func *fn;
		struct wl_reach_bound rb;
	} memo[MAX_MEMO];
	unsigned nr_memo;
	/* The first condition taken as uniform on the launch assumption. */
	struct wl_node *assumed_at;
};

/* How a condition splits the lanes (or threads) that evaluate it. */
enum split {
	SPLIT_NONE,	/* all take the same way */
	SPLIT_LANES,	/* a known lane set takes it (warp level) */
	SPLIT_VARYING,	/* depends on data, or splits a block */
};

static enum wl_dep max_dep(enum wl_dep a, enum wl_dep b)
{
	return a > b ? a : b;
}

/*
 * How @cond varies, for a report.  What the file does not show is read
 * as the barrier evaluator reads it: a condition that did not parse (a
 * macro of the build, missing on a bare run: `b < NUM_BLOCKS`) from its
 * tokens, a parameter of a helper with no caller in sight by its name,
 * a function of another file by its name.  A rule that reports must not
 * take an unknown for a lane's value.  A mask never rests on this (mask
 * inference asks ctx->eval itself).
 */
static enum wl_dep cond_dep(struct reach_state *st, struct wl_node *cond)
{
	enum wl_dep d = wl_eval_dep(st->ev, cond);

	if (st->ev != &st->ctx->barrier_eval && d >= WL_DEP_LANE) {
		enum wl_dep read = wl_eval_dep(&st->ctx->barrier_eval, cond);

		if (read < d)
			d = read;
	}
	return d;
}

static enum split classify(struct reach_state *st, struct wl_node **conds,
			   const bool *negs, unsigned nr, bool negate_all,
			   uint32_t *lanes)
{
	struct wl_cond_class cls;
	enum wl_dep d = WL_DEP_CONST;
	unsigned i;

	for (i = 0; i < nr; i++)
		d = max_dep(d, cond_dep(st, conds[i]));
	if (st->block)
		return d >= WL_DEP_WARP ? SPLIT_VARYING : SPLIT_NONE;
	if (d <= WL_DEP_WARP)
		return SPLIT_NONE;
	if (d == WL_DEP_ROW) {
		/* threadIdx.y: whole warps, if blockDim.x % 32 == 0 */
		if (!st->assumed_at)
			st->assumed_at = conds[0];
		return SPLIT_NONE;
	}
	wl_eval_pred(st->ev, conds, negs, nr, negate_all, &cls);
	switch (cls.kind) {
	case WL_COND_UNIFORM:
		return SPLIT_NONE;
	case WL_COND_LANES:
		*lanes = cls.lanes;
		return SPLIT_LANES;
	case WL_COND_VARYING:
		break;
	}
	return SPLIT_VARYING;
}

/* wl_eval_guard_dep, stopping early. */
static enum wl_dep guard_dep(struct reach_state *st, struct wl_node *n,
			     struct wl_node *stop)
{
	enum wl_dep d = WL_DEP_CONST;
	struct wl_node *child = n, *p;

	for (p = n->parent; p && p != stop && d < WL_DEP_LANE;
	     child = p, p = p->parent) {
		struct wl_node *cond = wl_node_deciding_cond(child);

		if (cond)
			d = max_dep(d, cond_dep(st, cond));
	}
	return d;
}

/*
 * Whether lanes leaving by @ret have exited: a return from a __global__
 * function ends the thread, and the Programming Guide asks only the
 * non-exited lanes named in a mask to arrive (RULES.md, WL202).  At the
 * block level the barrier rule keeps counting them as missing.
 */
static bool exits_kernel(const struct reach_state *st,
			 const struct wl_node *ret)
{
	return !st->block && ret->kind == CXCursor_ReturnStmt && ret->func &&
	       (ret->func->flags & WL_FUNC_KERNEL);
}

static bool divergent_dep(struct reach_state *st, enum wl_dep d)
{
	return st->block ? d >= WL_DEP_WARP : d >= WL_DEP_LANE;
}

/* The mask a call of the same collective in the other arm passes. */
struct arm_match {
	struct reach_state *st;
	struct wl_node *branch;
	bool found;
};

static bool same_mask_call(struct wl_node *n, void *data)
{
	struct arm_match *am = data;
	struct reach_state *st = am->st;
	struct wl_node *args[1];
	struct wl_maskval mv;
	unsigned nr;

	if (am->found)
		return false;
	if (n->kind != CXCursor_CallExpr || n == st->site ||
	    wl_collective_of(st->ctx, n) != st->coll)
		return true;
	if (divergent_dep(st, guard_dep(st, n, am->branch)))
		return true;
	nr = wl_call_args(n, args, 1);
	if (!nr) {
		mv.kind = st->coll->kind == WL_COLL_SYNCWARP
				  ? WL_MASKVAL_CONST
				  : WL_MASKVAL_UNKNOWN;
		mv.bits = FULL;
	} else {
		wl_maskval_eval(st->ctx, args[0], &mv);
	}
	if (mv.kind == WL_MASKVAL_CONST && mv.bits == st->site_mask)
		am->found = true;
	return !am->found;
}

static bool other_arm_calls(struct reach_state *st, struct wl_node *branch,
			    struct wl_node *arm)
{
	struct arm_match am = { st, branch, false };
	enum wl_role want = arm->role == WL_ROLE_THEN ? WL_ROLE_ELSE
						     : WL_ROLE_THEN;
	struct wl_node *other = wl_node_kid(branch, want);

	if (!st->other_arm || !st->site_const || !other)
		return false;
	wl_node_walk(other, same_mask_call, &am);
	return am.found;
}

static void set_reason(struct wl_reach_bound *rb, enum wl_div_kind kind,
		       struct wl_node *where, bool negated)
{
	rb->exact = false;
	rb->kind = kind;
	rb->where = where;
	rb->negated = negated;
}

/* A break, continue or return inside @loop that threads may take alone. */
struct jump_scan {
	struct reach_state *st;
	struct wl_node *loop;
	struct wl_node *site;
	struct wl_node *bad;
	bool exits;		/* lanes may exit the kernel in the loop */
};

static bool find_jump(struct wl_node *n, void *data)
{
	struct jump_scan *js = data;

	if (js->bad || n->kind == CXCursor_LambdaExpr)
		return false;
	if (!wl_node_jumps_from(n, js->loop))
		return true;
	if (wl_node_continue_spares(js->loop, n, js->site))
		return true;
	if (!divergent_dep(js->st, guard_dep(js->st, n, js->loop)))
		return true;
	if (exits_kernel(js->st, n))
		js->exits = true;	/* gone for good, not missing */
	else
		js->bad = n;
	return true;
}

static void check_loop(struct reach_state *st, struct wl_node *loop,
		       struct wl_node *site, struct wl_reach_bound *rb)
{
	struct wl_node *cond = wl_node_kid(loop, WL_ROLE_COND);
	struct jump_scan js = { st, loop, site, NULL, false };

	if (cond && divergent_dep(st, cond_dep(st, cond)) &&
	    divergent_dep(st, wl_eval_trip_dep(st->ev, loop,
					       !st->block)) &&
	    (st->block || !wl_barrier_settles(st->ctx, loop))) {
		/* threadIdx.x < 64 splits no warp: ask the lanes. */
		uint32_t lanes;

		if (st->block ||
		    classify(st, &cond, (bool[]){ false }, 1, false, &lanes) !=
			    SPLIT_NONE) {
			set_reason(rb, WL_DIV_LOOP, loop, false);
			return;
		}
	}
	wl_node_walk(loop, find_jump, &js);
	if (js.bad)
		set_reason(rb, WL_DIV_JUMP, js.bad, false);
	rb->may_exit |= js.exits;
}

/*
 * Narrow @rb by @cond holding (false where @neg) on the way to the site.
 * A conjunction is split at the warp level, so that `lane >= 24 && k > 0`
 * still bounds the lanes to 24-31 although the data decides which come.
 */
static void apply_cond(struct reach_state *st, struct wl_reach_bound *rb,
		       struct wl_node *cond, bool neg, int depth)
{
	struct wl_node *s = wl_node_strip(cond);
	uint32_t lanes = FULL;
	enum split sp;

	if (!st->block && s && depth < MAX_CONDS) {
		if (s->kind == CXCursor_BinaryOperator && s->nr_kids == 2) {
			enum CXBinaryOperatorKind op =
				wl_node_binop(s);

			if ((op == CXBinaryOperator_LAnd && !neg) ||
			    (op == CXBinaryOperator_LOr && neg)) {
				apply_cond(st, rb, s->kids[0], neg, depth + 1);
				apply_cond(st, rb, s->kids[1], neg, depth + 1);
				return;
			}
		}
		if (s->kind == CXCursor_UnaryOperator && s->nr_kids == 1 &&
		    clang_getCursorUnaryOperatorKind(s->cursor) ==
			    CXUnaryOperator_LNot) {
			apply_cond(st, rb, s->kids[0], !neg, depth + 1);
			return;
		}
	}
	sp = classify(st, &cond, &neg, 1, false, &lanes);
	if (sp == SPLIT_LANES) {
		rb->may &= lanes;
		rb->narrowed_at = cond;
	} else if (sp == SPLIT_VARYING) {
		set_reason(rb, WL_DIV_COND, cond, neg);
	}
}

/*
 * Conditions, loops and switches on the way from @top (the function, or
 * a test that the whole warp is converged) to @site.
 */
static void scan_guards(struct reach_state *st, struct wl_node *site,
			struct wl_node *top, struct wl_reach_bound *rb)
{
	struct wl_node *child = site, *p;

	for (p = site->parent; p && p != top; child = p, p = p->parent) {
		struct wl_node *cond = NULL;
		bool neg = false;
		uint32_t lanes = FULL;

		if (p->kind == CXCursor_LambdaExpr)
			break;
		if (wl_node_is_loop(p)) {
			if (child->role != WL_ROLE_INIT)
				check_loop(st, p, site, rb);
			continue;
		}
		if (p->kind == CXCursor_SwitchStmt &&
		    child->role == WL_ROLE_BODY) {
			cond = wl_node_kid(p, WL_ROLE_COND);
			if (cond && classify(st, &cond, &neg, 1, false,
					     &lanes) != SPLIT_NONE)
				set_reason(rb, WL_DIV_SWITCH, p, false);
			continue;
		}
		if ((p->kind == CXCursor_IfStmt ||
		     p->kind == CXCursor_ConditionalOperator) &&
		    (child->role == WL_ROLE_THEN ||
		     child->role == WL_ROLE_ELSE)) {
			cond = wl_node_kid(p, WL_ROLE_COND);
			neg = child->role == WL_ROLE_ELSE;
			/* Listing 4: the other arm makes the same call. */
			if (cond &&
			    classify(st, &cond, &neg, 1, false, &lanes) !=
				    SPLIT_NONE &&
			    other_arm_calls(st, p, child))
				continue;
		} else if (child->role == WL_ROLE_AND_RHS ||
			   child->role == WL_ROLE_OR_RHS) {
			cond = p->kids[0];
			neg = child->role == WL_ROLE_OR_RHS;
		}
		/* A barrier in an arm: all threads or none (barrier.h). */
		if (cond && !st->block && p->kind == CXCursor_IfStmt &&
		    wl_barrier_settles(st->ctx, p))
			continue;
		if (cond)
			apply_cond(st, rb, cond, neg, 0);
	}
}

/* Returns before @site that some threads take. */
struct exit_scan {
	struct reach_state *st;
	struct wl_node *site;
	struct wl_reach_bound *rb;
};

static bool scan_exit(struct wl_node *n, void *data)
{
	struct exit_scan *es = data;
	struct reach_state *st = es->st;
	struct wl_node *common, *child, *p, *conds[MAX_CONDS];
	bool negs[MAX_CONDS], rc_negs[MAX_CONDS];
	struct wl_node *rc[MAX_CONDS];
	unsigned nc = 0, i;
	uint32_t lanes = FULL;
	enum split sp;

	if (n->kind == CXCursor_LambdaExpr)
		return false;
	if (n->index >= es->site->index)
		return false;	/* preorder: everything after comes later */
	if (n->kind != CXCursor_ReturnStmt)
		return true;
	common = wl_node_common(n, es->site);
	if (!common || common->kind != CXCursor_CompoundStmt)
		return true;	/* the other arm of an if: not on the way */
	for (child = n, p = n->parent; p != common; child = p, p = p->parent) {
		if (wl_node_is_loop(p) || p->kind == CXCursor_SwitchStmt) {
			struct wl_node *c = wl_node_kid(p, WL_ROLE_COND);

			if (!divergent_dep(st, guard_dep(st, n, p)) &&
			    !(c && divergent_dep(st, cond_dep(st, c))))
				continue;
			if (exits_kernel(st, n)) {
				es->rb->may_exit = true;
				return true;
			}
			set_reason(es->rb, WL_DIV_RETURN, n, false);
			return false;
		}
		if (p->kind == CXCursor_IfStmt &&
		    (child->role == WL_ROLE_THEN ||
		     child->role == WL_ROLE_ELSE) &&
		    nc < MAX_CONDS) {
			conds[nc] = wl_node_kid(p, WL_ROLE_COND);
			negs[nc] = child->role == WL_ROLE_ELSE;
			if (conds[nc])
				nc++;
		}
	}
	if (!nc)
		return true;	/* unconditional: the code after is dead */
	for (i = 0; i < nc; i++) {
		rc[i] = conds[nc - 1 - i];
		rc_negs[i] = negs[nc - 1 - i];
	}
	sp = classify(st, rc, rc_negs, nc, true, &lanes);
	if (sp == SPLIT_LANES) {
		es->rb->may &= lanes;
		if (!es->rb->narrowed_at)
			es->rb->narrowed_at = n;
		if (exits_kernel(st, n))
			es->rb->exited |= ~lanes;
	} else if (sp == SPLIT_VARYING && exits_kernel(st, n)) {
		es->rb->may_exit = true;
	} else if (sp == SPLIT_VARYING && es->rb->kind != WL_DIV_RETURN) {
		set_reason(es->rb, WL_DIV_RETURN, n, false);
	}
	return true;
}

static void reach_rec(struct reach_state *st, struct wl_node *site,
		      struct wl_reach_bound *rb);

/* Which lanes enter the helper @fn, from its call sites in this file. */
static void entry_scan(struct reach_state *st, struct wl_func *fn,
		       struct wl_reach_bound *rb)
{
	struct wl_reach_bound one;
	bool other_arm = st->other_arm;
	bool live = wl_func_reached(&st->ctx->model, fn);
	unsigned i;

	/* Listing 4's exemption is about the site's own branches. */
	st->other_arm = false;
	st->stack[st->depth++] = fn;
	rb->may = 0;
	rb->exited = FULL;
	for (i = 0; i < fn->nr_callers; i++) {
		struct wl_node *call = fn->callers[i];

		/* as mask inference: a dead caller has no say (reach.h) */
		if (live && call->func &&
		    !wl_func_reached(&st->ctx->model, call->func))
			continue;
		reach_rec(st, call, &one);
		if (one.kind == WL_DIV_GOTO) {
			*rb = one;
			break;
		}
		/* Lanes gone from the kernel count as there, for masks. */
		if (i && rb->exact && one.exact &&
		    (one.may | one.exited) != (rb->may | rb->exited)) {
			set_reason(rb, WL_DIV_CALLERS, call, false);
			rb->helper = fn;
		}
		if (!one.exact && rb->kind == WL_DIV_NONE) {
			set_reason(rb, WL_DIV_CALLER, call, false);
			rb->helper = fn;
		}
		if (one.may != FULL && !rb->narrowed_at)
			rb->narrowed_at = call;
		rb->may |= one.may;
		rb->exited &= one.exited;
		rb->may_exit |= one.may_exit;
		rb->via_context |= one.via_context;
	}
	rb->exited &= ~rb->may;
	st->depth--;
	st->other_arm = other_arm;
}

static void entry_of(struct reach_state *st, struct wl_func *fn,
		     struct wl_reach_bound *rb)
{
	unsigned i;

	memset(rb, 0, sizeof(*rb));
	rb->may = FULL;
	rb->exact = true;
	if ((fn->flags & WL_FUNC_KERNEL) || !fn->nr_callers)
		return;	/* no caller seen: assumed all lanes (RULES.md) */
	for (i = 0; i < st->depth; i++)
		if (st->stack[i] == fn)
			return;	/* recursion: assumed all lanes */
	if (st->depth >= MAX_CALL_DEPTH)
		return;
	/* Helpers called many times from helpers: answer each once. */
	for (i = 0; i < st->nr_memo; i++)
		if (st->memo[i].fn == fn) {
			*rb = st->memo[i].rb;
			return;
		}
	entry_scan(st, fn, rb);
	if (st->nr_memo < MAX_MEMO) {
		st->memo[st->nr_memo].fn = fn;
		st->memo[st->nr_memo++].rb = *rb;
	}
}

static void reach_rec(struct reach_state *st, struct wl_node *site,
		      struct wl_reach_bound *rb)
{
	struct wl_func *fn = site->func;
	struct wl_reach_bound entry;
	struct wl_node *converged;
	struct exit_scan es;

	memset(rb, 0, sizeof(*rb));
	rb->may = FULL;
	rb->exact = true;
	if (!fn)
		return;
	if (fn->has_goto) {
		set_reason(rb, WL_DIV_GOTO, fn->root, false);
		return;
	}
	rb->via_context = !wl_model_owns(&st->ctx->model, fn);
	/* Below a test that the whole warp is converged, callers have no say. */
	converged = st->block ? NULL
			      : wl_converged_guard(&st->ctx->model, site);
	scan_guards(st, site, converged, rb);
	if (fn->body) {
		es = (struct exit_scan){ st, site, rb };
		wl_node_walk(converged ? wl_converged_arm(converged, site) : fn->body,
			     scan_exit, &es);
	}
	if (converged)
		return;
	entry_of(st, fn, &entry);
	rb->may &= entry.may;
	rb->exited |= entry.exited;
	rb->may_exit |= entry.may_exit;
	rb->via_context |= entry.via_context;
	if (entry.may != FULL && !rb->narrowed_at)
		rb->narrowed_at = entry.narrowed_at;
	if (!entry.exact && rb->kind == WL_DIV_NONE) {
		rb->exact = false;
		rb->kind = entry.kind;
		rb->where = entry.where;
		rb->helper = entry.helper;
	} else if (!entry.exact) {
		rb->exact = false;
	}
}

void wl_reach_bound(struct wl_ctx *ctx, struct wl_node *site, bool block,
		    bool other_arm, struct wl_reach_bound *out)
{
	struct reach_state st;
	const struct wl_collective *c;

	memset(&st, 0, sizeof(st));
	st.ctx = ctx;
	st.ev = block ? &ctx->barrier_eval : &ctx->eval;
	st.block = block;
	st.site = site;
	c = site->kind == CXCursor_CallExpr ? wl_collective_of(ctx, site)
					    : NULL;
	if (other_arm && c) {
		struct wl_node *args[1];
		struct wl_maskval mv;

		st.coll = c;
		if (!wl_call_args(site, args, 1)) {
			st.site_const = c->kind == WL_COLL_SYNCWARP;
			st.site_mask = FULL;
		} else if (!c->legacy) {
			wl_maskval_eval(ctx, args[0], &mv);
			st.site_const = mv.kind == WL_MASKVAL_CONST;
			st.site_mask = mv.bits;
		}
		st.other_arm = st.site_const;
	}
	reach_rec(&st, site, out);
	out->assumed_at = st.assumed_at;
}

char *wl_reach_reason(struct wl_ctx *ctx, const struct wl_reach_bound *rb,
		      bool block)
{
	const char *who = block ? "threads" : "lanes";
	char *at = rb->where ? wl_node_where(ctx, rb->where) : NULL;
	char *t, *s = NULL;

	switch (rb->kind) {
	case WL_DIV_NONE:
		break;
	case WL_DIV_COND:
		t = wl_node_short_text(ctx, rb->where);
		s = wl_xasprintf("only %s for which '%s' is %s (%s) reach it",
				 who, t, rb->negated ? "false" : "true", at);
		free(t);
		break;
	case WL_DIV_RETURN:
		s = wl_xasprintf("%s that return at %s never reach it", who,
				 at);
		break;
	case WL_DIV_JUMP:
		s = wl_xasprintf("%s may leave the enclosing loop on their "
				 "own at %s",
				 who, at);
		break;
	case WL_DIV_LOOP:
		s = wl_xasprintf("the loop at %s runs a %s-dependent number "
				 "of times, so %s that finish early stop "
				 "reaching it",
				 at, block ? "thread" : "lane", who);
		break;
	case WL_DIV_SWITCH:
		s = wl_xasprintf("the switch at %s selects cases by a "
				 "%s-dependent value",
				 at, block ? "thread" : "lane");
		break;
	case WL_DIV_CALLER:
		s = wl_xasprintf("'%s' is called at %s, where only some %s "
				 "arrive",
				 rb->helper->name, at, who);
		break;
	case WL_DIV_CALLERS:
		s = wl_xasprintf("the callers of '%s' disagree on the %s that "
				 "arrive (%s)",
				 rb->helper->name, who, at);
		break;
	case WL_DIV_GOTO:
		s = wl_xstrdup("the function uses goto, which is not followed");
		break;
	}
	free(at);
	return s ? s
		 : wl_xasprintf("every %s reaches it",
				block ? "thread" : "lane");
}

void wl_reach_note_assumption(struct wl_ctx *ctx, struct wl_finding *f,
			      const struct wl_reach_bound *rb)
{
	char *t, *at;

	if (!rb->assumed_at)
		return;
	t = wl_node_short_text(ctx, rb->assumed_at);
	at = wl_node_where(ctx, rb->assumed_at);
	wl_finding_note(f, "assumed blockDim.x is a multiple of 32 (the usual "
			   "launch), so that '%s' (%s) keeps warps whole; "
			   "'.warplint: launch: {block-x-multiple-of-32: "
			   "false}' drops the assumption", t, at);
	free(t);
	free(at);
}

bool wl_mask_fix_arg(struct wl_ctx *ctx, struct wl_finding *f,
		     struct wl_node *call, struct wl_node *arg,
		     const struct wl_mask *mask)
{
	const char *t = ctx->src->text;
	char *desc, *why;
	unsigned close = 0;

	if (!mask->text) {
		why = wl_mask_explain(ctx, mask);
		wl_finding_note(f, "no fix: %s", why);
		free(why);
		return false;
	}
	if (arg ? !wl_arg_editable(call, arg)
		: (call->in_macro || !call->in_main || call->end < 2)) {
		if (mask->setup && mask->setup->nr_edits)
			wl_finding_note(f, "no fix: the call is written in a "
					   "macro; give the macro a mask "
					   "parameter, computed with "
					   "__ballot_sync() before the branch");
		else
			wl_finding_note(f, "no fix: the call is written in a "
					   "macro; pass '%s' there",
					mask->text);
		return false;
	}
	if (!arg) {
		/* __syncwarp(): the mask goes between the parentheses. */
		close = call->end - 1;
		if (close >= ctx->src->len || t[close] != ')') {
			wl_finding_note(f,
					"no fix: cannot find the parentheses");
			return false;
		}
	}
	if (mask->own_param)
		desc = wl_xasprintf("use mask '%s', which '%s' takes already",
				    mask->text, mask->via_param);
	else if (mask->note && mask->via_param)
		desc = wl_xasprintf("use mask '%s', a new parameter of '%s'",
				    mask->text, mask->via_param);
	else if (mask->note)
		desc = wl_xasprintf("use mask '%s' (guessed: %s)", mask->text,
				    mask->note);
	else
		desc = wl_xasprintf("use mask '%s'", mask->text);
	f->fix = wl_fix_new(desc);
	free(desc);
	wl_mask_add_setup(mask, f->fix);
	if (arg)
		wl_fix_replace(f->fix, arg->begin, arg->end - arg->begin,
			       mask->text);
	else
		wl_fix_insert(f->fix, close, mask->text);
	/* A constant needs no explanation beyond the finding's own note. */
	if (mask->note && mask->via_param) {
		wl_finding_note(f, "%s", mask->note);
	} else if (mask->note) {
		wl_finding_note(f, "mask %s guessed: %s", mask->text,
				mask->note);
	} else if (mask->reach == WL_REACH_DYNAMIC) {
		why = wl_mask_explain(ctx, mask);
		wl_finding_note(f, "%s", why);
		free(why);
	}
	return true;
}
