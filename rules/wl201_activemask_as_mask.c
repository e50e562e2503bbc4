/* SPDX-License-Identifier: MIT */
/*
 * WL201 activemask-as-mask: __activemask() used as the mask of a
 * data-exchanging collective.  Docs: rules/WL201.md  Corpus: corpus/WL201/
 *
 * __activemask() names the lanes that happen to be converged when it
 * runs, not the lanes the algorithm needs (the blog's Listing 5): a
 * reduction under `if (i < n)` may then sum only part of the warp.
 * Followed through local variables and `m & 0xffff`.  Not flagged:
 * opportunistic code that only discovers its group (atomicAggInc): a
 * __match_*_sync() over __activemask(), a __shfl_sync() whose mask
 * also feeds __ffs()/__popc() for leader election, and a vote of the
 * group a helper named at its top until all of it is done (maskgroup.c).
 * The fix is the mask inference's (a __ballot_sync() of the branch
 * condition before the branch, Listing 3), written into the variable's
 * initializer when every use agrees, else into the call.
 */
#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/cursor.h"
#include "analyzer/mask.h"
#include "analyzer/maskval.h"
#include "base/source.h"
#include "fixits/edit.h"
#include "rules/maskrules.h"

/*
 * Calls that elect a leader or rank lanes from a discovered group; the
 * first NR_LEADER_CALLS pick one lane (a leader), the rest count.
 */
static const char *const election[] = {
	"__ffs", "__ffsll", "__fns", "__clz", "__popc", "__popcll",
};
#define NR_LEADER_CALLS 4

struct use_scan {
	struct wl_ctx *ctx;
	CXCursor decl;
	bool found;
	bool leader_only;	/* only a call that picks one lane counts */
};

static bool refers_to(struct wl_node *n, void *data)
{
	struct use_scan *us = data;

	if (us->found)
		return false;
	if (n->kind == CXCursor_DeclRefExpr &&
	    wl_cursor_equal(wl_node_referenced(n), us->decl))
		us->found = true;
	return !us->found;
}

static bool election_use(struct wl_node *n, void *data)
{
	struct use_scan *us = data;
	const char *name;
	unsigned i;

	if (us->found)
		return false;
	if (n->kind != CXCursor_CallExpr)
		return true;
	name = wl_call_name(&us->ctx->model, n);
	for (i = 0; i < (us->leader_only ? NR_LEADER_CALLS
					 : WL_ARRAY_SIZE(election));
	     i++) {
		if (strcmp(name, election[i]))
			continue;
		wl_node_walk(n, refers_to, us);
		break;
	}
	return !us->found;
}

/*
 * Whether the mask variable read at @ref also elects a leader (or, with
 * @leader_only false, counts or ranks the lanes of its group).
 */
static bool elects_leader(struct wl_ctx *ctx, struct wl_node *ref,
			  bool leader_only)
{
	struct use_scan us = { ctx, wl_node_referenced(ref),
			       false, leader_only };

	if (!ref->func || !ref->func->body)
		return false;
	wl_node_walk(ref->func->body, election_use, &us);
	return us.found;
}

struct mask_uses {
	struct wl_ctx *ctx;
	CXCursor decl;
	bool other;	/* read somewhere else than as a collective's mask */
};

static bool find_other_use(struct wl_node *n, void *data)
{
	struct mask_uses *mu = data;
	struct wl_node *p, *args[1];

	if (mu->other)
		return false;
	if (n->kind != CXCursor_DeclRefExpr ||
	    !wl_cursor_equal(wl_node_referenced(n), mu->decl))
		return true;
	for (p = n->parent; p && wl_node_strip(p) == n; p = p->parent)
		;
	if (!p || p->kind != CXCursor_CallExpr ||
	    !wl_collective_of(mu->ctx, p) || !wl_call_args(p, args, 1) ||
	    wl_node_strip(args[0]) != n)
		mu->other = true;
	return !mu->other;
}

/* Whether every read of @v passes it as a collective's mask. */
static bool only_mask_uses(struct wl_ctx *ctx, struct wl_var *v)
{
	struct mask_uses mu = { ctx, v->decl, false };

	if (v->decl_node->func && v->decl_node->func->body)
		wl_node_walk(v->decl_node->func->body, find_other_use, &mu);
	return !mu.other;
}

/*
 * `unsigned mask = __activemask();` used here: if the mask inferred at
 * the declaration is the one this call needs, rewrite the initializer
 * (every use then agrees with it).  Returns true when it made the fix.
 */
static bool fix_initializer(struct wl_ctx *ctx, struct wl_finding *f,
			    const struct wl_maskval *mv,
			    const struct wl_mask *at_call)
{
	struct wl_var *v = wl_eval_var(&ctx->eval, mv->var_ref);
	const struct wl_mask *at_decl;
	char *desc;

	/* `__popc(active)` still wants the lanes that were converged. */
	if (!v || !v->init || v->nr_writes || !mv->origin ||
	    wl_node_strip(v->init) != mv->origin ||
	    !wl_arg_editable(mv->origin, mv->origin) ||
	    !only_mask_uses(ctx, v))
		return false;
	at_decl = wl_mask_infer(ctx, v->decl_node);
	if (!at_decl->text || strcmp(at_decl->text, at_call->text) ||
	    !wl_fix_equal(at_decl->setup, at_call->setup))
		return false;
	desc = wl_xasprintf("initialize '%s' with '%s'",
			    wl_model_spelling(&ctx->model, v->decl),
			    at_call->text);
	f->fix = wl_fix_new(desc);
	free(desc);
	wl_mask_add_setup(at_call, f->fix);
	wl_fix_replace(f->fix, mv->origin->begin,
		       mv->origin->end - mv->origin->begin, at_call->text);
	if (at_call->reach == WL_REACH_DYNAMIC) {
		desc = wl_mask_explain(ctx, at_call);
		wl_finding_note(f, "%s", desc);
		free(desc);
	}
	return true;
}

/* A call whose mask argument, the variable @var alone, was replaced. */
struct arg_fix {
	struct wl_var *var;
	unsigned finding;
};

struct arg_fixes {
	struct arg_fix *v;
	unsigned nr, alloc;
};

static void check_call(struct wl_ctx *ctx, struct wl_node *call,
		       const struct wl_collective *c, struct arg_fixes *done)
{
	const char *name = wl_call_name(&ctx->model, call);
	struct wl_node *args[1];
	struct wl_maskval mv;
	const struct wl_mask *inferred;
	struct wl_finding *f;
	struct wl_node *group;
	struct wl_var *v;

	/* A match over the active lanes discovers a group: that is its use. */
	if (c->kind == WL_COLL_MATCH || !wl_call_args(call, args, 1))
		return;
	wl_maskval_eval(ctx, args[0], &mv);
	if (mv.kind != WL_MASKVAL_ACTIVE)
		return;
	/*
	 * atomicAggInc: a broadcast from the leader of the discovered
	 * group.  A group that elects a leader from its mask is one the code
	 * means to work within: a vote over it or a __syncwarp() on it is
	 * opportunistic too (an aggregated increment's ballot).
	 */
	if (mv.var_ref && elects_leader(ctx, mv.var_ref,
					c->kind != WL_COLL_SHFL))
		return;
	/* a vote of the group its helper named, until all are done */
	group = mv.var_ref ? wl_mask_entry_group(ctx, call) : NULL;
	if (group && wl_cursor_equal(wl_node_referenced(mv.var_ref),
				     group->cursor))
		return;
	if (!mv.var_ref) {
		f = wl_report(
			ctx, WL201, call,
			"'__activemask()' as the mask of '%s' names the "
			"lanes that happen to be converged, not the lanes "
			"that must take part",
			name);
	} else {
		char *t = wl_arg_text(ctx, call, args[0]);
		char *at = wl_node_where(ctx, mv.origin);

		f = wl_report(ctx, WL201, call,
			      "mask '%s' of '%s' comes from '__activemask()' "
			      "(%s), which names the lanes that happen to be "
			      "converged, not the lanes that must take part",
			      t, name, at);
		free(t);
		free(at);
	}
	inferred = wl_mask_infer(ctx, call);
	if (!inferred->text) {
		wl_mask_fix_arg(ctx, f, call, args[0], inferred);
		return;
	}
	if (inferred->guessed) {
		/*
		 * Where the callers are not known, __activemask() never
		 * hangs, while a guessed full mask hangs a divergent caller.
		 */
		wl_finding_note(f, "no fix: __activemask() is kept: the "
				   "callers of '%s' are not all in this file, "
				   "and a guessed mask would hang one that is "
				   "divergent; pass the lanes that must take "
				   "part in from the callers, computed with "
				   "__ballot_sync() before their branch",
				call->func ? call->func->name : "the helper");
		return;
	}
	if (mv.var_ref && fix_initializer(ctx, f, &mv, inferred))
		return;
	v = mv.var_ref ? wl_eval_var(&ctx->eval, mv.var_ref) : NULL;
	if (v && v->nr_writes) {
		wl_finding_note(f,
				"no fix: '%s' changes after it is set; start "
				"it from the lanes that must take part, "
				"computed with __ballot_sync() before the "
				"divergent branch",
				wl_model_spelling(&ctx->model, v->decl));
		return;
	}
	if (wl_mask_fix_arg(ctx, f, call, args[0], inferred) && v &&
	    mv.var_ref == wl_node_strip(args[0])) {
		WL_GROW(done->v, done->nr, done->alloc);
		done->v[done->nr].var = v;
		done->v[done->nr++].finding =
			(unsigned)(f - ctx->findings.v);
	}
}

/*
 * The edit that deletes the declaration of @v: its whole line when the
 * declaration stands alone on it.  Returns false if it cannot be made.
 */
static bool decl_deletion(struct wl_ctx *ctx, struct wl_var *v,
			  unsigned *offset, unsigned *length)
{
	struct wl_node *ds = v->decl_node->parent;
	const char *t = ctx->src->text;
	unsigned b, e;

	if (!ds || ds->kind != CXCursor_DeclStmt || ds->nr_kids != 1 ||
	    !ds->in_main || ds->in_macro || ds->end <= ds->begin ||
	    t[ds->end - 1] != ';')
		return false;
	b = ds->begin;
	e = ds->end;
	while (b > 0 && (t[b - 1] == ' ' || t[b - 1] == '\t'))
		b--;
	while (e < ctx->src->len && (t[e] == ' ' || t[e] == '\t'))
		e++;
	if ((b == 0 || t[b - 1] == '\n') && e < ctx->src->len &&
	    (t[e] == '\n' || t[e] == '\r')) {
		e += t[e] == '\r' && e + 1 < ctx->src->len &&
		     t[e + 1] == '\n' ? 2 : 1;
	} else {
		b = ds->begin;
		e = ds->end;
	}
	*offset = b;
	*length = e - b;
	return true;
}

/*
 * `unsigned mask = __activemask();` whose every use got a new mask: the
 * declaration is dead, so each of those fixes also deletes it (the same
 * edit, which the fix engine applies once).
 */
static void delete_dead_decls(struct wl_ctx *ctx, struct arg_fixes *done)
{
	unsigned i, j;

	for (i = 0; i < done->nr; i++) {
		struct wl_var *v = done->v[i].var;
		unsigned uses = 0, refs = 0, off, len;

		if (!v)
			continue;	/* handled with an earlier use */
		for (j = i; j < done->nr; j++)
			uses += done->v[j].var == v;
		if (v->decl_node->func && v->decl_node->func->body)
			refs = wl_node_count_refs(v->decl_node->func->body,
						  v->decl);
		if (refs == uses && decl_deletion(ctx, v, &off, &len)) {
			for (j = i; j < done->nr; j++) {
				struct wl_finding *f;

				if (done->v[j].var != v)
					continue;
				f = &ctx->findings.v[done->v[j].finding];
				if (f->fix)
					wl_fix_replace(f->fix, off, len, "");
			}
		}
		for (j = i; j < done->nr; j++)
			if (done->v[j].var == v)
				done->v[j].var = NULL;
	}
}

static enum CXChildVisitResult last_expr(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	(void)parent;
	if (clang_isExpression(clang_getCursorKind(c)))
		*(CXCursor *)data = c;
	return CXChildVisit_Continue;
}

/*
 * A call of a one-line wrapper of a collective (maskrules.h) whose mask,
 * written at the call or the wrapper's default, is __activemask().  The
 * collective is in the wrapper: reported here, where the mask is chosen,
 * and never fixed here.
 */
static void check_wrapper_call(struct wl_ctx *ctx, struct wl_node *call,
			       const struct wl_coll_wrapper *w)
{
	const char *name = wl_call_name(&ctx->model, call);
	struct wl_node *args[16];
	unsigned n = wl_call_args(call, args, 16);
	CXCursor dflt = clang_getNullCursor();
	struct wl_maskval mv;
	struct wl_finding *f;
	char *t;

	if (w->mask_param < n) {
		wl_maskval_eval(ctx, args[w->mask_param], &mv);
		if (mv.kind != WL_MASKVAL_ACTIVE ||
		    (mv.var_ref &&
		     elects_leader(ctx, mv.var_ref,
				   w->coll->kind != WL_COLL_SHFL)))
			return;
		char *at = wl_node_where(ctx, mv.origin ? mv.origin
						       : args[w->mask_param]);

		t = wl_arg_text(ctx, call, args[w->mask_param]);
		f = wl_report(ctx, WL201, call,
			      "mask '%s' of '%s', which passes it to '%s', "
			      "comes from '__activemask()' (%s), which names "
			      "the lanes that happen to be converged, not the "
			      "lanes that must take part",
			      t, name, w->coll->name, at);
		free(t);
		free(at);
	} else {
		clang_visitChildren(w->param, last_expr, &dflt);
		if (clang_Cursor_isNull(dflt) ||
		    !wl_cursor_is_activemask(dflt, 0))
			return;
		f = wl_report(ctx, WL201, call,
			      "'%s' passes its default mask, '__activemask()', "
			      "to '%s': the lanes that happen to be converged, "
			      "not the lanes that must take part",
			      name, w->coll->name);
	}
	wl_finding_note(f, "no fix here: the collective is inside '%s'; pass "
			   "it the lanes that must take part, computed with "
			   "__ballot_sync() before any divergent branch",
			name);
}

void wl201_check(struct wl_ctx *ctx)
{
	struct wl_model *m = &ctx->model;
	struct arg_fixes done = { NULL, 0, 0 };
	unsigned i;

	for (i = 0; i < m->nr_calls; i++) {
		const struct wl_collective *c =
			wl_collective_of(ctx, m->calls[i]);

		struct wl_coll_wrapper w;

		if (c && !c->legacy)
			check_call(ctx, m->calls[i], c, &done);
		else if (!c && !wl_call_target(m, m->calls[i]) &&
			 wl_coll_wrapper_of(ctx, m->calls[i], &w) &&
			 !w.coll->legacy && w.coll->kind != WL_COLL_MATCH)
			check_wrapper_call(ctx, m->calls[i], &w);
	}
	delete_dead_decls(ctx, &done);
	free(done.v);
}
