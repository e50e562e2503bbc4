/* SPDX-License-Identifier: MIT */
/* Mask inference: the lanes that reach a collective, and how to name them. */
#include "analyzer/mask.h"

#include <stdlib.h>
#include <string.h>

#include "analyzer/barrier.h"
#include "analyzer/context.h"
#include "analyzer/converged.h"
#include "analyzer/cursor.h"
#include "analyzer/maskint.h"
#include "analyzer/maskparam.h"
#include "analyzer/maskval.h"
#include "analyzer/reach.h"
#include "base/source.h"
#include "base/util.h"
#include "fixits/edit.h"

void wl_mask_cache_init(struct wl_ctx *ctx)
{
	ctx->masks = wl_xcalloc(1, sizeof(*ctx->masks));
}

static void mask_release(struct wl_mask *m)
{
	free(m->text);
	free(m->why);
	free(m->note);
	wl_fix_free(m->setup);
}

static void cache_free(struct wl_mask_cache *c)
{
	unsigned i;

	if (!c)
		return;
	cache_free(c->as_if_x32);
	for (i = 0; i < c->nr; i++) {
		mask_release(c->v[i].mask);
		free(c->v[i].mask);
	}
	for (i = 0; i < c->nr_ballots; i++) {
		free(c->ballots[i].key);
		free(c->ballots[i].name);
	}
	for (i = 0; i < c->nr_entries; i++) {
		free(c->entries[i].note);
		free(c->entries[i].why);
		free(c->entries[i].param);
		wl_fix_free(c->entries[i].edits);
	}
	free(c->v);
	free(c->ballots);
	free(c->entries);
	free(c);
}

void wl_mask_cache_release(struct wl_ctx *ctx)
{
	cache_free(ctx->masks);
	ctx->masks = NULL;
}

static unsigned line_of(struct wl_ctx *ctx, const struct wl_node *n)
{
	return wl_node_lineno(&ctx->model, n);
}

/*
 * The statement before which code can run just before @n is evaluated:
 * climb out of expressions, declarations, if and switch conditions and
 * else-if chains.  *@wrap is set when that statement is the unbraced body
 * of an if, else or loop, where inserted code needs braces around it.
 * NULL when @n sits in a loop's header or right under a case label.
 */
static struct wl_node *anchor_of(struct wl_node *n, bool *wrap)
{
	*wrap = false;
	while (n->parent) {
		struct wl_node *p = n->parent;

		if (p->kind == CXCursor_CompoundStmt)
			return n;
		if (wl_node_is_loop(p)) {
			*wrap = n->role == WL_ROLE_BODY;
			return *wrap ? n : NULL;
		}
		if (p->kind == CXCursor_IfStmt &&
		    (n->role == WL_ROLE_THEN ||
		     (n->role == WL_ROLE_ELSE && n->kind != CXCursor_IfStmt))) {
			*wrap = true;
			return n;
		}
		if ((p->kind == CXCursor_SwitchStmt && n->role == WL_ROLE_BODY) ||
		    p->kind == CXCursor_CaseStmt ||
		    p->kind == CXCursor_DefaultStmt ||
		    p->kind == CXCursor_LabelStmt)
			return NULL;
		n = p;
	}
	return NULL;
}

static bool add_point(struct point *pts, unsigned *nr, struct wl_node *anchor,
		      bool wrap, struct wl_node **conds, const bool *negs,
		      unsigned n, bool exit)
{
	struct point *p;

	if (*nr >= MAX_POINTS || n > MAX_CONDS)
		return false;
	p = &pts[(*nr)++];
	memset(p, 0, sizeof(*p));
	p->anchor = anchor;
	p->wrap = wrap;
	memcpy(p->conds, conds, n * sizeof(*conds));
	memcpy(p->negs, negs, n * sizeof(*negs));
	p->nr = n;
	p->exit = exit;
	return true;
}

/*
 * A return from a __global__ function ends the lane: the Programming
 * Guide asks only the non-exited lanes named in a mask to arrive, so the
 * full mask stays right after `if (i >= n) return;` in a kernel (RULES.md,
 * WL202).  A __device__ helper's return only leaves the helper.
 */
static bool exits_kernel(const struct wl_node *ret)
{
	return ret->kind == CXCursor_ReturnStmt && ret->func &&
	       (ret->func->flags & WL_FUNC_KERNEL);
}

/*
 * A `continue` of @loop before @site on its way (they meet in a block,
 * not as two arms of an if): the lanes that take it skip the rest of the
 * trip and are back at the loop's condition, so, like an early return,
 * it is named by a ballot of its guards hoisted before it (scan_exit).
 */
static bool continue_before(struct wl_node *jump, struct wl_node *site)
{
	struct wl_node *loop, *common;

	if (jump->kind != CXCursor_ContinueStmt ||
	    jump->index >= site->index)
		return false;
	loop = wl_node_jump_target(jump);
	if (!loop || !wl_node_within(site, loop))
		return false;
	common = wl_node_common(jump, site);
	return common && common->kind == CXCursor_CompoundStmt;
}

/* Returns, breaks and continues inside @loop that lanes may take alone. */
struct jump_scan {
	struct wl_ctx *ctx;
	struct wl_node *loop;
	struct wl_node *site;
	struct wl_node *bad;
};

static bool find_divergent_jump(struct wl_node *n, void *data)
{
	struct jump_scan *js = data;

	if (js->bad)
		return false;
	/* a `break` of a switch or of an inner loop stays in this one */
	if (!wl_node_jumps_from(n, js->loop))
		return true;
	if (exits_kernel(n) || wl_node_continue_spares(js->loop, n, js->site) ||
	    (js->site && continue_before(n, js->site)))
		return true;
	if (wl_eval_lane_varying(&js->ctx->eval,
				 wl_eval_guard_dep(&js->ctx->eval, n, js->loop),
				 true))
		js->bad = n;
	return true;
}

/*
 * Why the lanes of @loop around @site cannot be named, or NULL.  A trip
 * count that varies by lane is named trip by trip (*@per_trip): a ballot
 * of the condition, when @site is in the body and no lane leaves a trip
 * on its own before it (a break, or a continue that skips @site, would
 * leave lanes in the ballot that are not at the call).  A block barrier
 * in the body that settles the trips (barrier.h) is put in *@barrier.
 */
static char *check_loop(struct wl_ctx *ctx, struct wl_node *loop,
			struct wl_node *child, struct wl_node *site,
			bool *per_trip, struct wl_node **barrier)
{
	struct wl_node *cond = wl_node_kid(loop, WL_ROLE_COND);
	struct jump_scan js = { ctx, loop, site, NULL };
	bool varying_trips;

	*per_trip = false;
	varying_trips = cond && wl_eval_lane_varying(
					&ctx->eval,
					wl_eval_trip_dep(&ctx->eval, loop, true),
					true);
	/* A barrier in the body: every thread runs every trip (barrier.h). */
	if (varying_trips && (*barrier = wl_barrier_settles(ctx, loop)))
		varying_trips = false;
	wl_node_walk(loop, find_divergent_jump, &js);
	if (varying_trips && js.bad)
		return wl_xasprintf("the loop at line %u runs a lane-dependent "
				    "number of times, and lanes may leave an "
				    "iteration on their own (line %u), so no "
				    "mask names the lanes of every iteration; "
				    "make its trip count warp-uniform",
				    line_of(ctx, loop), line_of(ctx, js.bad));
	if (varying_trips && child->role != WL_ROLE_BODY)
		return wl_xasprintf("the loop at line %u runs a lane-dependent "
				    "number of times, so no mask names the "
				    "lanes of every iteration; make its trip "
				    "count warp-uniform",
				    line_of(ctx, loop));
	if (js.bad)
		return wl_xasprintf("lanes may leave the loop at line %u on "
				    "their own (line %u), so the lanes of each "
				    "iteration are not known statically",
				    line_of(ctx, loop), line_of(ctx, js.bad));
	*per_trip = varying_trips;
	return NULL;
}

/*
 * Collect the guards on the path from @top (the function, or a test
 * that the warp is converged) down to @site.
 */
static char *collect_guards(struct wl_ctx *ctx, struct wl_node *site,
			    struct wl_node *top, struct point *pts,
			    unsigned *nr, struct wl_mask *m)
{
	struct wl_node *child = site, *p;
	struct point tmp[MAX_POINTS];
	unsigned n = 0, i;
	char *why;

	for (p = site->parent; p && p != top; child = p, p = p->parent) {
		struct wl_node *cond = NULL, *anchor;
		bool neg = false, wrap;

		if (p->kind == CXCursor_LambdaExpr)
			break;
		if (wl_node_is_loop(p)) {
			struct wl_node *barrier = NULL;
			bool per_trip;

			why = check_loop(ctx, p, child, site, &per_trip,
					 &barrier);
			if (why)
				return why;
			if (barrier) {
				m->barrier = barrier;
				m->barrier_guard = p;
			}
			if (!per_trip)
				continue;
			cond = wl_node_kid(p, WL_ROLE_COND);
			anchor = anchor_of(p, &wrap);
			if (!add_point(tmp, &n, anchor, wrap, &cond, &neg, 1,
				       false))
				return wl_xstrdup("too deeply nested for mask "
						  "inference");
			tmp[n - 1].loop = p;
			continue;
		}
		if (p->kind == CXCursor_SwitchStmt && child->role == WL_ROLE_BODY) {
			cond = wl_node_kid(p, WL_ROLE_COND);
			if (cond && wl_eval_lane_varying(
					    &ctx->eval, wl_eval_dep(&ctx->eval, cond),
					    true))
				return wl_xasprintf(
					"the switch at line %u selects cases by a "
					"lane-dependent value", line_of(ctx, p));
			continue;
		}
		if ((p->kind == CXCursor_IfStmt ||
		     p->kind == CXCursor_ConditionalOperator) &&
		    (child->role == WL_ROLE_THEN || child->role == WL_ROLE_ELSE)) {
			cond = wl_node_kid(p, WL_ROLE_COND);
			neg = child->role == WL_ROLE_ELSE;
		} else if (child->role == WL_ROLE_AND_RHS ||
			   child->role == WL_ROLE_OR_RHS) {
			cond = p->kids[0];
			neg = child->role == WL_ROLE_OR_RHS;
		}
		if (!cond)
			continue;
		if (!wl_eval_lane_varying(&ctx->eval,
					  wl_eval_dep(&ctx->eval, cond), true))
			continue;
		if (p->kind == CXCursor_IfStmt) {
			struct wl_node *barrier = wl_barrier_settles(ctx, p);

			if (barrier) {
				m->barrier = barrier;
				m->barrier_guard = p;
				continue;
			}
		}
		anchor = anchor_of(p, &wrap);
		if (!add_point(tmp, &n, anchor, wrap, &cond, &neg, 1, false))
			return wl_xstrdup("too deeply nested for mask inference");
	}
	/* Outermost first. */
	for (i = 0; i < n; i++)
		pts[(*nr)++] = tmp[n - 1 - i];
	return NULL;
}

struct exit_scan {
	struct wl_ctx *ctx;
	struct wl_node *site;
	struct point *pts;
	unsigned *nr;
	char *why;
};

static bool scan_exit(struct wl_node *n, void *data)
{
	struct exit_scan *es = data;
	struct wl_node *common, *child, *p, *conds[MAX_CONDS];
	bool negs[MAX_CONDS];
	unsigned nc = 0;
	enum wl_dep d = WL_DEP_CONST;

	if (es->why)
		return false;
	if (n->kind == CXCursor_LambdaExpr)
		return false;
	if (n->index >= es->site->index)
		return false;	/* preorder: everything after comes later */
	if (n->kind == CXCursor_ContinueStmt) {
		if (!continue_before(n, es->site))
			return true;
	} else if (n->kind != CXCursor_ReturnStmt || exits_kernel(n)) {
		return true;
	}
	common = wl_node_common(n, es->site);
	if (!common || common->kind != CXCursor_CompoundStmt)
		return true;	/* other arm of an if: not on the way */
	for (child = n, p = n->parent; p != common; child = p, p = p->parent) {
		struct wl_node *cond = NULL;

		if (wl_node_is_loop(p) || p->kind == CXCursor_SwitchStmt) {
			struct wl_node *c = wl_node_kid(p, WL_ROLE_COND);

			if (wl_eval_lane_varying(&es->ctx->eval,
						 wl_eval_guard_dep(&es->ctx->eval,
								   n, p),
						 true) ||
			    (c && wl_eval_lane_varying(
					  &es->ctx->eval,
					  wl_eval_dep(&es->ctx->eval, c), true))) {
				es->why = wl_xasprintf(
					"lanes may %s at line %u from inside "
					"a loop or switch, so the lanes left after "
					"it are not known statically",
					n->kind == CXCursor_ReturnStmt
						? "return" : "continue",
					line_of(es->ctx, n));
				return false;
			}
			continue;
		}
		if ((p->kind == CXCursor_IfStmt) &&
		    (child->role == WL_ROLE_THEN || child->role == WL_ROLE_ELSE)) {
			cond = wl_node_kid(p, WL_ROLE_COND);
			if (cond && nc < MAX_CONDS) {
				conds[nc] = cond;
				negs[nc++] = child->role == WL_ROLE_ELSE;
				d = d > wl_eval_dep(&es->ctx->eval, cond)
					    ? d
					    : wl_eval_dep(&es->ctx->eval, cond);
			}
		}
	}
	if (!nc || !wl_eval_lane_varying(&es->ctx->eval, d, true))
		return true;	/* unconditional, or whole warps return */
	/* Outermost condition first, as the code evaluates them. */
	{
		struct wl_node *rc[MAX_CONDS];
		bool rn[MAX_CONDS];
		unsigned i;

		for (i = 0; i < nc; i++) {
			rc[i] = conds[nc - 1 - i];
			rn[i] = negs[nc - 1 - i];
		}
		if (!add_point(es->pts, es->nr, child, false, rc, rn, nc, true))
			es->why = wl_xstrdup("too many early returns for mask "
					     "inference");
	}
	return true;
}

static int point_cmp(const void *pa, const void *pb)
{
	const struct point *a = pa, *b = pb;
	unsigned ab = a->anchor ? a->anchor->begin : 0;
	unsigned bb = b->anchor ? b->anchor->begin : 0;

	if (ab != bb)
		return ab < bb ? -1 : 1;
	/* Same anchor: keep collection order (outer before inner). */
	return a < b ? -1 : (a > b);
}

/* Whether the predicate's text can be evaluated just before @anchor. */
struct scope_check {
	struct wl_ctx *ctx;
	struct wl_node *anchor;
	struct wl_node *cond;
	char *why;
};

static bool check_ref(struct wl_node *n, void *data)
{
	struct scope_check *sc = data;
	struct wl_var *v;
	unsigned i;

	if (sc->why)
		return false;
	if (n->kind != CXCursor_DeclRefExpr)
		return true;
	v = wl_eval_var(&sc->ctx->eval, n);
	if (!v || v->is_param)
		return true;
	if (v->decl_node->begin >= sc->anchor->begin ||
	    (v->scope && !wl_node_within(sc->anchor, v->scope))) {
		sc->why = wl_xasprintf("the condition uses '%s', which is not "
				       "in scope before line %u",
				       wl_model_spelling(&sc->ctx->model, v->decl),
				       line_of(sc->ctx, sc->anchor));
		return false;
	}
	for (i = 0; i < v->nr_writes; i++) {
		unsigned w = v->writes[i]->begin;

		if (w >= sc->anchor->begin && w < sc->cond->begin) {
			sc->why = wl_xasprintf(
				"'%s' changes between line %u and the condition",
				wl_model_spelling(&sc->ctx->model, v->decl),
				line_of(sc->ctx, sc->anchor));
			return false;
		}
	}
	return true;
}

/* A call in a condition that a ballot of it cannot stand for. */
struct warp_call_find {
	struct wl_ctx *ctx;
	bool collectives;	/* also shuffles, votes and __syncwarp() */
	struct wl_node *found;
};

/*
 * __activemask() (or a wrapper that returns it): its answer depends on
 * which lanes run together.  With @collectives, any warp collective: a
 * condition evaluated twice would run it twice.
 */
static bool find_warp_call(struct wl_node *n, void *data)
{
	struct warp_call_find *wf = data;
	const char *name;

	if (wf->found)
		return false;
	if (n->kind != CXCursor_CallExpr)
		return true;
	name = wl_call_name(&wf->ctx->model, n);
	if (wl_cursor_is_activemask(n->cursor, 0) ||
	    (wf->collectives && (wl_call_name_is_collective(name) ||
				 !strcmp(name, "__syncwarp"))))
		wf->found = n;
	return !wf->found;
}

static char *check_hoistable(struct wl_ctx *ctx, struct wl_node *anchor,
			     struct wl_node *cond)
{
	struct scope_check sc = { ctx, anchor, cond, NULL };
	struct warp_call_find wf = { ctx, false, NULL };

	if (!cond->in_main)
		return wl_xstrdup("the condition is not in this file");
	if (wl_node_holds_error(&ctx->model, cond))
		return wl_xasprintf("the condition at line %u did not parse, "
				    "and a ballot of it would not build",
				    line_of(ctx, cond));
	wl_node_walk(cond, find_warp_call, &wf);
	if (wf.found)
		return wl_xasprintf("the condition at line %u tests "
				    "__activemask(), which lanes that the "
				    "scheduler runs apart answer differently: "
				    "no ballot taken before it says who "
				    "branches", line_of(ctx, cond));
	if (!wl_eval_pure(&ctx->eval, cond))
		return wl_xasprintf("the condition at line %u has side effects "
				    "and cannot be evaluated twice",
				    line_of(ctx, cond));
	wl_node_walk(cond, check_ref, &sc);
	if (!sc.why)
		sc.why = wl_mask_cond_memory_why(ctx, cond);
	return sc.why;
}

static struct entry_state *entry_for(struct wl_ctx *ctx, struct wl_func *fn)
{
	struct wl_mask_cache *c = ctx->masks;
	unsigned i;

	for (i = 0; i < c->nr_entries; i++)
		if (c->entries[i].fn == fn)
			return &c->entries[i];
	WL_GROW(c->entries, c->nr_entries, c->alloc_entries);
	memset(&c->entries[c->nr_entries], 0, sizeof(*c->entries));
	c->entries[c->nr_entries].fn = fn;
	return &c->entries[c->nr_entries++];
}

static const struct wl_mask *infer(struct wl_ctx *ctx, struct wl_node *site);

/* Offset of the first '(' at or after @from in the main file, or 0. */
static unsigned paren_after(struct wl_ctx *ctx, unsigned from, unsigned limit)
{
	const char *t = ctx->src->text;

	for (; from < limit && from < ctx->src->len; from++)
		if (t[from] == '(')
			return from;
	return 0;
}

/* Whether the text between '(' at @open and its ')' holds arguments. */
static bool has_arguments(struct wl_ctx *ctx, unsigned open)
{
	const char *t = ctx->src->text;
	size_t i = open + 1;

	while (i < ctx->src->len && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n'))
		i++;
	if (i < ctx->src->len && t[i] == ')')
		return false;
	return !(ctx->src->len - i >= 5 && !strncmp(t + i, "void", 4) &&
		 (t[i + 4] == ')' || t[i + 4] == ' '));
}

/*
 * Why no mask parameter goes into @fn when @call may run another
 * function too (the model's may_callers): the argument that the call
 * would pass fits only one of them.
 */
static char *shared_call_why(struct wl_ctx *ctx, const struct wl_node *call,
			     const struct wl_func *fn)
{
	return wl_xasprintf("the call at line %u may also run another "
			    "overload or specialization of '%s', which a "
			    "new parameter would not fit",
			    line_of(ctx, call), fn->name);
}

/*
 * Give @fn a leading `unsigned NAME` parameter and pass each call site's
 * own mask to it (RULES.md: "a mask parameter threaded through").  Only
 * when every caller in this file is in plain code with a mask warplint
 * can name, none of them may run another function instead (an overload or
 * specialization the argument would not fit), and @fn has no separate
 * prototype to keep in step.  When the file cannot show every caller @fn
 * may have (a header, or no caller at all), the old signature stays as a
 * deprecated forwarding overload (maskparam.c) and *@unseen says so;
 * without one, no threading.
 * Returns NULL, or why not (allocated).
 */
static char *thread_mask(struct wl_ctx *ctx, struct wl_func *fn,
			 struct entry_state *e, bool *unseen)
{
	CXSourceLocation loc = clang_getCursorLocation(fn->cursor);
	CXFile file = NULL;
	unsigned name_off = 0, exp_off = 0, open, i;
	struct wl_fix *edits;
	char *name, *text, *why;

	*unseen = !fn->nr_callers || !wl_maskparam_callers_all_seen(ctx, fn);
	if (!fn->root->in_main || !fn->body ||
	    !wl_cursor_equal(clang_getCanonicalCursor(fn->cursor), fn->cursor))
		return wl_xasprintf("'%s' is declared before its definition, "
				    "and a new parameter would have to be "
				    "added to every declaration", fn->name);
	/* The name must be written here, not produced by a macro. */
	clang_getSpellingLocation(loc, &file, NULL, NULL, &name_off);
	clang_getExpansionLocation(loc, NULL, NULL, NULL, &exp_off);
	open = file && wl_same_file(file, ctx->model.main_file) &&
			       name_off == exp_off
		       ? paren_after(ctx, name_off, fn->body->begin)
		       : 0;
	if (!open)
		return wl_xasprintf("the signature of '%s' is not written "
				    "in this file", fn->name);
	if (fn->nr_may_callers)
		return shared_call_why(ctx, fn->may_callers[0], fn);
	for (i = 0; i < fn->nr_callers; i++) {
		struct wl_node *call = fn->callers[i];

		char *at;

		if (call->several_targets)
			return shared_call_why(ctx, call, fn);
		if (!call->in_main) {
			at = wl_node_place(&ctx->model, call);
			why = wl_xasprintf("the call at %s is in another file, "
					   "which this fix does not edit", at);
			free(at);
			return why;
		}
		if (call->func == fn || call->in_macro ||
		    !paren_after(ctx, call->begin, call->end))
			return wl_xasprintf("the call at line %u cannot take "
					    "a new argument (a macro or a "
					    "recursive call)",
					    line_of(ctx, call));
	}
	name = wl_mask_fresh_name(ctx, fn);
	edits = wl_fix_new("pass the mask in");
	if (*unseen) {
		why = wl_maskparam_add_overload(ctx, fn, edits);
		if (why) {
			wl_fix_free(edits);
			free(name);
			return why;
		}
	}
	if (has_arguments(ctx, open)) {
		text = wl_xasprintf("unsigned %s, ", name);
		wl_fix_insert(edits, wl_source_skip_blanks(ctx->src, open + 1), text);
	} else {
		text = wl_xasprintf("unsigned %s", name);
		/* Replace "void" too, if written. */
		wl_fix_insert(edits, open + 1, text);
	}
	free(text);
	for (i = 0; i < fn->nr_callers; i++) {
		struct wl_node *call = fn->callers[i];
		const struct wl_mask *m = infer(ctx, call);
		unsigned copen = paren_after(ctx, call->begin, call->end);

		if (!m->text || m->guessed) {
			char *at = wl_node_place(&ctx->model, call);

			why = wl_xasprintf("no mask is known at the call at "
					   "%s", at);
			free(at);
			wl_fix_free(edits);
			free(name);
			return why;
		}
		wl_mask_add_setup(m, edits);
		text = wl_xasprintf(has_arguments(ctx, copen) ? "%s, " : "%s",
				    m->text);
		wl_fix_insert(edits, wl_source_skip_blanks(ctx->src, copen + 1), text);
		free(text);
	}
	e = entry_for(ctx, fn);	/* infer() may have moved it */
	e->param = name;
	e->edits = edits;
	return NULL;
}

/* Whether @fn's callers, all read by now, prove that whole warps enter. */
static bool whole_warp_enters(struct wl_ctx *ctx, const struct wl_func *fn)
{
	struct wl_mask_cache *c = ctx->masks;
	unsigned i;

	for (i = 0; i < c->nr_entries; i++) {
		const struct entry_state *e = &c->entries[i];

		if (e->fn == fn)
			return e->done && !e->busy &&
			       e->reach == WL_REACH_FULL && e->bits == FULL &&
			       !e->param && !e->note && !e->why;
	}
	return false;
}

/*
 * Which lanes enter @fn: all of them for a kernel; for a device function,
 * what its call sites in this file agree on, or else their masks passed
 * in through a new parameter.  Where warplint doubts (callers where only
 * some lanes arrive, or that disagree) and cannot thread a mask, there is
 * no mask: never the full one.  With no caller in the file, a threaded
 * parameter with a deprecated overload for the unseen callers, or else
 * the full mask as a guess that says so.
 */
static void function_entry(struct wl_ctx *ctx, struct wl_func *fn,
			   struct entry *out)
{
	struct entry_state *e;
	enum wl_reach r = WL_REACH_FULL;
	uint32_t b = FULL;
	char *why = NULL, *why_not = NULL, *own;
	struct wl_node *barrier;
	unsigned i, first_line = 0;
	bool doubt = false, first = true, unseen = false, none;
	bool seen_split = false;	/* a live call in sight splits it */

	memset(out, 0, sizeof(*out));
	out->reach = WL_REACH_FULL;
	out->bits = FULL;
	if (fn->flags & WL_FUNC_KERNEL)
		return;
	e = entry_for(ctx, fn);
	if (e->busy) {
		out->note = wl_xasprintf("'%s' is recursive; assumed all 32 "
					 "lanes call it", fn->name);
		out->recursive = fn;
		return;
	}
	if (!e->done) {
		bool live = wl_func_reached(&ctx->model, fn);

		e->busy = true;
		for (i = 0; i < fn->nr_callers + fn->nr_may_callers && !why;
		     i++) {
			struct wl_node *call =
				i < fn->nr_callers
					? fn->callers[i]
					: fn->may_callers[i - fn->nr_callers];
			const struct wl_mask *m;
			unsigned line;
			bool settled;

			/*
			 * A call from a function no kernel reaches runs in
			 * no lane: it has no say where a live call does
			 * (the header's unused wrapper of the file's scan).
			 * Where none does, the dead callers' own branches
			 * are still all there is to go on.
			 */
			if (live && call->func &&
			    !wl_func_reached(&ctx->model, call->func))
				continue;
			m = infer(ctx, call);
			line = line_of(ctx, call);

			/*
			 * A call from @fn's own body that every lane in
			 * @fn makes (a template recursing on its step,
			 * `sum<OFFSET / 2>(v)`) lets in no lane that had
			 * not entered.
			 */
			if (m->recursive == fn && m->reach == WL_REACH_FULL &&
			    m->bits == FULL)
				continue;
			/*
			 * Asked while another function's callers were being
			 * read (`Load<N>::impl` calling `Load<N - 1>::impl`,
			 * a partial specialization), a full mask relative to
			 * it is settled once all of the warp enters it.
			 */
			settled = m->recursive && m->recursive != fn &&
				  m->reach == WL_REACH_FULL && m->bits == FULL &&
				  whole_warp_enters(ctx, m->recursive);
			if (!settled && (m->reach == WL_REACH_DYNAMIC ||
					 m->reach == WL_REACH_UNKNOWN ||
					 m->guessed)) {
				char *at = wl_node_place(&ctx->model, call);

				doubt = true;
				seen_split = live && !m->guessed;
				why = live ? wl_xasprintf(
						"'%s' is called at %s where "
						"only some lanes may arrive",
						fn->name, at)
					   : wl_xasprintf(
						"'%s' is called at %s, in code "
						"that no kernel of this file "
						"reaches, so which lanes "
						"arrive is not known",
						fn->name, at);
				free(at);
			} else if (first) {
				r = m->reach;
				b = m->bits;
				first_line = line;
				first = false;
			} else if (m->bits != b) {
				doubt = true;
				seen_split = true;
				why = wl_xasprintf(
					"callers of '%s' disagree on the lanes "
					"(line %u and line %u)", fn->name,
					first_line, line);
			}
		}
		/*
		 * The helper's own mask (maskown.c) is what the project
		 * meant, not proved: CUB 1.7's member_mask leaves the calling
		 * lane out of logical warps of 16 lanes, and the GPU stops.
		 * Callers that prove the lanes come first.
		 */
		none = first && !doubt;	/* no caller but @fn itself */
		/*
		 * A barrier the body waits at is entered by the whole block
		 * (barrier.h), unless a call in sight lets only some lanes
		 * in: that code breaks the barrier's rule (WL501 says so),
		 * and a mask passed in stays right whichever way it runs.
		 */
		if ((none || (doubt && !seen_split)) &&
		    (barrier = wl_barrier_in(&ctx->model, fn->body)) != NULL) {
			e = entry_for(ctx, fn);	/* infer() may have moved it */
			e->busy = false;
			e->done = true;
			e->reach = WL_REACH_FULL;
			e->bits = FULL;
			e->barrier = barrier;
			free(why);
			goto out;
		}
		if ((doubt || none) &&
		    (own = wl_maskparam_existing(ctx, fn)) != NULL) {
			e = entry_for(ctx, fn);	/* infer() may have moved it */
			e->busy = false;
			e->done = true;
			e->own = true;
			e->param = own;
			e->note = wl_xasprintf(
				"'%s' passes '%s' to the _sync form in its own "
				"code (another #if branch, say): the same mask "
				"here; that it names the lanes that arrive is "
				"the project's word, not checked", fn->name,
				own);
			e->reach = WL_REACH_DYNAMIC;
			e->bits = FULL;
			e->edits = wl_fix_new("pass the mask in");
			free(why);
			goto out;
		}
		if (doubt || none)
			why_not = thread_mask(ctx, fn, e, &unseen);
		e = entry_for(ctx, fn);	/* may have moved */
		e->busy = false;
		e->done = true;
		if (e->param) {
			e->reach = WL_REACH_DYNAMIC;
			e->bits = FULL;
			/* Unseen callers get __activemask(): an assumption. */
			if (unseen)
				e->note = wl_xasprintf(
					"'%s' may have callers this file does "
					"not show: the mask comes in through a "
					"new first parameter, and the old "
					"signature stays as a deprecated "
					"overload that passes __activemask() "
					"(the lanes converged at the call, as "
					"the legacy primitives used)",
					fn->name);
		} else if (doubt) {
			/* A fix warplint doubts is never the full mask. */
			e->reach = WL_REACH_UNKNOWN;
			e->why = wl_xasprintf("%s, and no mask can be passed "
					      "in: %s", why, why_not);
		} else if (none) {
			e->reach = WL_REACH_FULL;
			e->bits = FULL;
			e->note = wl_xasprintf(
				"no call of '%s' in this file, and no mask "
				"can be passed in (%s); assumed all 32 lanes "
				"call it", fn->name, why_not);
		} else {
			e->reach = r;
			e->bits = b;
		}
		free(why);
		free(why_not);
	}
out:
	out->reach = e->reach;
	out->bits = e->bits;
	out->note = e->note ? wl_xstrdup(e->note) : NULL;
	out->why = e->why;
	out->param = e->param;
	out->own = e->own;
	out->edits = e->edits;
	out->barrier = e->barrier;
}

/*
 * Why the condition of a loop point cannot carry the ballot of its
 * trips, or NULL: it is evaluated twice there (the ballot, then the
 * test), so it must be an expression of this file with no side effects,
 * and read no memory the function writes (a lane could see a value the
 * ballot did not).
 */
static char *check_trip_condition(struct wl_ctx *ctx, struct point *p)
{
	struct wl_node *cond = p->conds[0];
	struct warp_call_find wf = { ctx, true, NULL };

	if (!p->anchor)
		return wl_xasprintf("the loop at line %u follows a case label "
				    "or sits in a loop's header, where no "
				    "statement can name its lanes first",
				    line_of(ctx, p->loop));
	if (!cond->in_main || cond->in_macro ||
	    !clang_isExpression(clang_getCursorKind(cond->cursor)))
		return wl_xasprintf("the condition of the loop at line %u is "
				    "not an expression written in this file, "
				    "so no ballot of it can name the lanes of "
				    "each iteration", line_of(ctx, p->loop));
	if (wl_node_holds_error(&ctx->model, cond))
		return wl_xasprintf("the condition of the loop at line %u did "
				    "not parse, and a ballot of it would not "
				    "build", line_of(ctx, p->loop));
	wl_node_walk(cond, find_warp_call, &wf);
	if (wf.found)
		return wl_xasprintf("the condition of the loop at line %u calls "
				    "'%s', which a ballot of the condition "
				    "would run a second time (or, for "
				    "__activemask(), could answer differently)",
				    line_of(ctx, p->loop),
				    wl_call_name(&ctx->model, wf.found));
	if (!wl_eval_pure(&ctx->eval, cond))
		return wl_xasprintf("the condition of the loop at line %u may "
				    "have side effects and cannot be evaluated "
				    "twice, for a ballot of each iteration's "
				    "lanes and for the test",
				    line_of(ctx, p->loop));
	return wl_mask_cond_memory_why(ctx, cond);
}

/*
 * Whether the callers settle which lanes enter: a kernel, or call sites
 * that all prove the same lanes, with nothing guessed or passed in.
 */
static bool entry_settled(const struct entry *e)
{
	return (e->reach == WL_REACH_FULL || e->reach == WL_REACH_CONST) &&
	       !e->note && !e->param && !e->recursive;
}

/*
 * A vote within the group its helper named at the top of its body
 * (maskgroup.c): the group is the mask, whatever the callers, and lanes
 * are counted from there on.
 */
static void enter_as_group(struct entry *e, struct wl_node *group,
			   char **var)
{
	CXString name = clang_getCursorSpelling(group->cursor);

	free(e->note);
	memset(e, 0, sizeof(*e));
	e->reach = WL_REACH_DYNAMIC;
	e->bits = FULL;
	*var = wl_xstrdup(clang_getCString(name));
	clang_disposeString(name);
}

/* Points before @group's declaration: lanes that left there are not in it. */
static unsigned drop_before(struct point *pts, unsigned nr,
			    const struct wl_node *group)
{
	unsigned i, k = 0;

	for (i = 0; i < nr; i++)
		if (!pts[i].nr || pts[i].conds[0]->begin >= group->end)
			pts[k++] = pts[i];
	return k;
}

static void compute(struct wl_ctx *ctx, struct wl_node *site, struct wl_mask *m)
{
	struct point pts[MAX_POINTS];
	unsigned nr = 0, i, j;
	struct wl_func *fn = site->func;
	struct exit_scan es;
	struct entry entry;
	struct wl_node *converged, *group = NULL;
	uint32_t bits;
	char *var = NULL, *why = NULL;
	bool dynamic = false, loop_seen = false;

	/* Below a test that the warp is converged, callers have no say. */
	converged = wl_converged_guard(&ctx->model, site);
	if (converged) {
		memset(&entry, 0, sizeof(entry));
		entry.reach = WL_REACH_FULL;
		entry.bits = FULL;
		m->converged = converged;
	} else {
		function_entry(ctx, fn, &entry);
		if (!entry_settled(&entry) &&
		    (group = wl_mask_entry_group(ctx, site)) != NULL) {
			enter_as_group(&entry, group, &var);
			m->group = group;
		}
	}
	m->note = entry.note;
	m->barrier = entry.barrier;
	/* The lanes are read off statements; a dropped one could change them. */
	if (!m->note && (fn->flags & WL_FUNC_PARSE_ERRORS))
		m->note = wl_xasprintf("'%s' did not parse whole: a statement "
				       "it could not read (an unknown macro, "
				       "say) may change which lanes arrive",
				       fn->name);
	m->guessed = m->note != NULL;
	m->recursive = entry.recursive;
	m->setup = wl_fix_new("compute the mask");
	if (entry.reach == WL_REACH_UNKNOWN) {
		m->reach = WL_REACH_UNKNOWN;
		m->why = wl_xstrdup(entry.why);
		return;
	}
	bits = entry.bits;
	if (entry.param) {
		unsigned k;

		var = wl_xstrdup(entry.param);
		m->via_param = fn->name;
		m->own_param = entry.own;
		for (k = 0; k < entry.edits->nr_edits; k++)
			wl_fix_replace(m->setup, entry.edits->edits[k].offset,
				       entry.edits->edits[k].length,
				       entry.edits->edits[k].text);
	}
	if (fn->has_goto) {
		m->reach = WL_REACH_UNKNOWN;
		m->why = wl_xasprintf("'%s' uses goto, which mask inference does "
				      "not follow", fn->name);
		free(var);
		return;
	}
	why = collect_guards(ctx, site, converged, pts, &nr, m);
	if (!why && fn->body) {
		es = (struct exit_scan){ ctx, site, pts, &nr, NULL };
		wl_node_walk(converged ? wl_converged_arm(converged, site)
				       : fn->body,
			     scan_exit, &es);
		why = es.why;
	}
	if (why) {
		m->reach = WL_REACH_UNKNOWN;
		m->why = why;
		free(var);
		return;
	}
	if (group)
		nr = drop_before(pts, nr, group);
	qsort(pts, nr, sizeof(*pts), point_cmp);
	for (i = 0; i < nr; i++) {
		if (pts[i].loop) {
			pts[i].cls.kind = WL_COND_VARYING;
			continue;
		}
		wl_eval_pred(&ctx->eval, pts[i].conds, pts[i].negs, pts[i].nr,
			     pts[i].exit, &pts[i].cls);
		/* threadIdx.y: a ballot, unless the launch shape is stated. */
		if (pts[i].cls.assumed && ctx->eval.launch != WL_LAUNCH_X32)
			pts[i].cls.kind = WL_COND_VARYING;
	}

	for (i = 0; i < nr; i = j) {
		struct point *p = &pts[i];
		char *mask_text, *pred;

		j = i + 1;
		if (p->cls.kind == WL_COND_UNIFORM)
			continue;
		if (p->cls.kind == WL_COND_LANES) {
			bits &= p->cls.lanes;
			continue;
		}
		dynamic = true;
		/*
		 * Messages name the outermost divergence; once a loop's
		 * trips are among them, the innermost, which says how the
		 * mask was made.
		 */
		if (!m->divergence || p->loop || loop_seen) {
			m->divergence = p->conds[0];
			m->divergence_loop = p->loop;
		}
		loop_seen |= p->loop != NULL;
		if (p->loop) {
			if (why)
				continue;
			why = check_trip_condition(ctx, p);
			if (why)
				continue;
			mask_text = wl_mask_render(ctx, var, bits);
			free(var);
			var = wl_xstrdup(wl_mask_plan_trip_ballot(
				ctx, fn, p->anchor, p->wrap, mask_text, p->loop,
				m->setup));
			bits = FULL;
			free(mask_text);
			continue;
		}
		/* Varying points at one anchor share one ballot. */
		while (j < nr && pts[j].anchor == p->anchor &&
		       pts[j].cls.kind == WL_COND_VARYING && !pts[j].loop)
			j++;
		if (why)
			continue;
		if (!p->anchor) {
			why = wl_xasprintf("the condition at line %u is part of a "
					   "loop header or follows a case label, "
					   "where no statement can compute the mask "
					   "first", line_of(ctx, p->conds[0]));
			continue;
		}
		for (unsigned k = i; k < j && !why; k++)
			for (unsigned c = 0; c < pts[k].nr && !why; c++)
				why = check_hoistable(ctx, p->anchor,
						      pts[k].conds[c]);
		if (why)
			continue;
		mask_text = wl_mask_render(ctx, var, bits);
		pred = wl_mask_predicate_text(ctx, &pts[i], j - i);
		free(var);
		var = wl_xstrdup(wl_mask_plan_ballot(ctx, fn, p->anchor, p->wrap,
					     mask_text, pred, m->setup));
		bits = FULL;
		free(mask_text);
		free(pred);
	}
	if (dynamic || entry.reach == WL_REACH_DYNAMIC)
		m->reach = WL_REACH_DYNAMIC;
	else
		m->reach = bits == FULL ? WL_REACH_FULL : WL_REACH_CONST;
	m->bits = bits;
	if (why) {
		m->why = why;
	} else {
		m->text = wl_mask_render(ctx, var, bits);
	}
	free(var);
}

static const struct wl_mask *infer(struct wl_ctx *ctx, struct wl_node *site)
{
	struct wl_mask_cache *c = ctx->masks;
	struct wl_mask *m;
	unsigned i;

	for (i = 0; i < c->nr; i++)
		if (c->v[i].site == site)
			return c->v[i].mask;
	m = wl_xcalloc(1, sizeof(*m));
	compute(ctx, site, m);
	/* compute() may have filled the cache (helpers): append after. */
	WL_GROW(c->v, c->nr, c->alloc);
	c->v[c->nr].site = site;
	c->v[c->nr].mask = m;
	c->nr++;
	return m;
}

/*
 * Whether @site would get a mask if the configuration stated that
 * blockDim.x is a multiple of 32: inferred again on the cache kept for
 * that question (one for every site of the file, so that a helper's
 * callers are asked once), never on the real one.
 */
static bool fixed_by_launch_shape(struct wl_ctx *ctx, struct wl_node *site)
{
	struct wl_mask_cache *real = ctx->masks;
	const struct wl_mask *m;
	bool fixed;

	if (!real->as_if_x32)
		real->as_if_x32 = wl_xcalloc(1, sizeof(*real->as_if_x32));
	ctx->masks = real->as_if_x32;
	ctx->eval.launch = WL_LAUNCH_X32;
	m = infer(ctx, site);
	fixed = m->text != NULL && !m->guessed;
	ctx->eval.launch = WL_LAUNCH_USUAL;
	ctx->masks = real;
	return fixed;
}

const struct wl_mask *wl_mask_infer(struct wl_ctx *ctx, struct wl_node *site)
{
	struct wl_mask *m = (struct wl_mask *)infer(ctx, site);
	char *why;

	/*
	 * No mask only because threadIdx.y/z might vary within a warp
	 * (fixes do not take the usual launch for granted): say how to
	 * settle it, once per site.
	 */
	if (m->text || !m->why || m->launch_checked ||
	    ctx->eval.launch != WL_LAUNCH_USUAL)
		return m;
	m->launch_checked = true;
	if (!fixed_by_launch_shape(ctx, site))
		return m;
	why = wl_xasprintf("%s; what divides the lanes here is threadIdx.y "
			   "or .z, the same in every lane of a warp when "
			   "blockDim.x is a multiple of 32: if every launch "
			   "is so, say it in .warplint (launch: "
			   "{block-x-multiple-of-32: true}) and the fix is "
			   "proved", m->why);
	free(m->why);
	m->why = why;
	return m;
}

void wl_mask_add_setup(const struct wl_mask *mask, struct wl_fix *fix)
{
	unsigned i;

	/* A fix is only as sure as the mask it writes. */
	if (mask->guessed)
		wl_fix_mark_unsafe(fix, mask->note ? mask->note
						   : "the mask is guessed");
	if (!mask->setup)
		return;
	for (i = 0; i < mask->setup->nr_edits; i++)
		wl_fix_replace(fix, mask->setup->edits[i].offset,
			       mask->setup->edits[i].length,
			       mask->setup->edits[i].text);
}

char *wl_mask_explain(struct wl_ctx *ctx, const struct wl_mask *mask)
{
	char *lanes, *s;
	unsigned line, col;

	if (!mask->text && mask->why)
		return wl_xstrdup(mask->why);
	if (mask->via_param && mask->note)
		return wl_xstrdup(mask->note);
	if (mask->via_param)
		return wl_xasprintf("the lanes that call '%s' differ between its "
				    "callers, which now pass their mask in a new "
				    "first parameter", mask->via_param);
	if (mask->note)
		return wl_xasprintf("mask guessed: %s", mask->note);
	switch (mask->reach) {
	case WL_REACH_FULL:
		if (mask->converged)
			return wl_xasprintf("the test at line %u proves that "
					    "the whole warp is converged here",
					    line_of(ctx, mask->converged));
		if (mask->barrier && mask->barrier_guard)
			return wl_xasprintf(
				"every thread of the block runs the %s at "
				"line %u the same way: it holds the barrier "
				"at line %u, which all must reach",
				wl_node_is_loop(mask->barrier_guard)
					? "loop" : "branch",
				line_of(ctx, mask->barrier_guard),
				line_of(ctx, mask->barrier));
		if (mask->barrier)
			return wl_xasprintf(
				"every thread of the block calls '%s': it "
				"must reach the barrier at line %u",
				mask->barrier->func->name,
				line_of(ctx, mask->barrier));
		return wl_xstrdup("every lane of the warp reaches this call");
	case WL_REACH_CONST:
		lanes = wl_mask_describe_lanes(mask->bits);
		s = wl_xasprintf("only %s reach this call", lanes);
		free(lanes);
		return s;
	case WL_REACH_DYNAMIC:
		if (mask->divergence_loop)
			return wl_xasprintf(
				"the lanes of each iteration of the loop at "
				"line %u: the mask is a __ballot_sync of its "
				"condition, taken as each iteration begins",
				line_of(ctx, mask->divergence_loop));
		if (mask->group && !mask->divergence)
			return wl_xasprintf(
				"the lanes that entered together, named at "
				"line %u and compared with a vote's answer: a "
				"group the code works within, whatever the "
				"callers' branches",
				line_of(ctx, mask->group));
		if (!mask->divergence)
			return wl_xstrdup("the lanes that arrive depend on data");
		wl_source_line_col(ctx->src, mask->divergence->begin, &line, &col);
		return wl_xasprintf("the lanes that arrive depend on the "
				    "condition at line %u; the mask is computed "
				    "with __ballot_sync before it", line);
	case WL_REACH_UNKNOWN:
		break;
	}
	return wl_xstrdup(mask->why ? mask->why : "no mask can be inferred");
}
