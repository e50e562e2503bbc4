/* SPDX-License-Identifier: MIT */
/*
 * Racing statements rewritten together (memfixint.h): a branch on the
 * cells it updates, as in an arg-max step, whose condition is read once
 * with the values, before one barrier.
 */
#include "rules/memfixint.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/cursor.h"
#include "analyzer/mask.h"
#include "analyzer/memaccess.h"
#include "base/source.h"
#include "base/util.h"
#include "fixits/edit.h"
#include "rules/maskrules.h"
#include "rules/memtext.h"

/* Whether @kids[@k] reads what a statement before it writes. */
static bool group_reads_earlier_write(struct wl_mem *mem, struct wl_node **kids,
				      unsigned k)
{
	unsigned a, b, j;

	for (a = 0; a < mem->nr_accesses; a++) {
		if (!(mem->accesses[a].flags & WL_MEM_READ) ||
		    !wl_node_within(mem->accesses[a].expr, kids[k]))
			continue;
		for (j = 0; j < k; j++)
			for (b = 0; b < mem->nr_accesses; b++)
				if ((mem->accesses[b].flags & WL_MEM_WRITE) &&
				    mem->accesses[b].array ==
					    mem->accesses[a].array &&
				    wl_node_within(mem->accesses[b].expr,
						   kids[j]))
					return true;
	}
	return false;
}

/* A fresh name in @fn that is none of @taken (@nr of them) nor @also. */
static char *fresh_distinct(struct wl_ctx *ctx, struct wl_node *fn,
			    const char *base, char **taken, unsigned nr,
			    const char *also)
{
	char *name = wl_memtext_fresh_name(ctx, fn, base);
	unsigned n = 2, i;

	for (i = 0; i < nr + 1; i++)
		if (i == nr ? !strcmp(also, name)
			    : taken[i] && !strcmp(taken[i], name)) {
			free(name);
			name = wl_xasprintf("%s%u", base, n++);
			i = (unsigned)-1;	/* check them all again */
		}
	return name;
}

/*
 * A branch on what the branch itself updates, as in an arg-max step:
 *
 *	if (s[t + n] > s[t]) {
 *		s[t] = s[t + n];
 *		id[t] = id[t + n];
 *	}
 *
 * The condition reads cells that other lanes write, so it cannot be
 * evaluated twice, nor can a ballot of it be hoisted (maskhoist.c).  It
 * is read once, with the values, before the barrier:
 *
 *	bool take = s[t + n] > s[t];
 *	if (take) {
 *		v = s[t + n];
 *		v2 = id[t + n];
 *	}
 *	__syncwarp(MASK);
 *	if (take) {
 *		s[t] = v;
 *		id[t] = v2;
 *	}
 *	__syncwarp(MASK);
 *
 * MASK names the lanes that reach the branch, not those that take it;
 * each lane reads exactly what it read before.  Only where the branch
 * holds nothing but the racing statements and none of them reads what
 * an earlier one writes (the reads move ahead of the writes).  Returns
 * false where the region has another shape.
 */
/* The branch whose then-part holds @s directly, or NULL. */
static struct wl_node *branch_of(struct wl_node *s)
{
	struct wl_node *n = s;

	if (n->parent && n->parent->kind == CXCursor_CompoundStmt &&
	    n->parent->role == WL_ROLE_THEN)
		n = n->parent;
	if (n->role != WL_ROLE_THEN || !n->parent ||
	    n->parent->kind != CXCursor_IfStmt)
		return NULL;
	return n->parent;
}

/* Whether @cond reads storage that a statement within @then writes. */
static bool reads_what_branch_writes(struct wl_mem *mem, struct wl_node *cond,
				     struct wl_node *then)
{
	unsigned a, b;

	for (a = 0; a < mem->nr_accesses; a++)
		if ((mem->accesses[a].flags & WL_MEM_READ) &&
		    wl_node_within(mem->accesses[a].expr, cond))
			for (b = 0; b < mem->nr_accesses; b++)
				if ((mem->accesses[b].flags & WL_MEM_WRITE) &&
				    mem->accesses[b].array ==
					    mem->accesses[a].array &&
				    wl_node_within(mem->accesses[b].expr, then))
					return true;
	return false;
}

/* Whether an access in @cond is one of a race (a branch on raced cells). */
static bool cond_races(struct wl_mem *mem, struct wl_node *cond)
{
	unsigned i, k;

	for (i = 0; i < mem->nr_regions; i++)
		for (k = 0; k < mem->regions[i].nr_races; k++) {
			struct wl_mem_race *race = &mem->regions[i].races[k];

			if (wl_node_within(mem->accesses[race->reader].expr,
					   cond) ||
			    wl_node_within(mem->accesses[race->writer].expr,
					   cond))
				return true;
		}
	return false;
}

/*
 * The racing stretches of every region within @g, as one: the branch's
 * statements race in several arrays (smax and sidx), and each region's
 * fix must be the same rewrite of the whole branch, so that applying
 * them all writes it once.
 */
static void merge_regions(struct wl_mem *mem, struct wl_node *g,
			  struct wl_mem_region *out)
{
	unsigned i, k;

	for (i = 0; i < mem->nr_regions; i++) {
		struct wl_mem_region *r = &mem->regions[i];
		bool inside = false;

		for (k = 0; k < r->nr_races; k++) {
			struct wl_mem_race *race = &r->races[k];

			if (!wl_node_within(mem->accesses[race->reader].expr,
					    g) ||
			    !wl_node_within(mem->accesses[race->writer].expr,
					    g))
				continue;
			WL_GROW(out->races, out->nr_races, out->alloc_races);
			out->races[out->nr_races++] = *race;
			inside = true;
		}
		if (inside) {
			out->in_loop |= r->in_loop;
			out->unseen |= r->unseen;
			out->cut |= r->cut;
		}
	}
}

/*
 * The branch of that shape that racing statement @s is, or sits in
 * directly: its condition reads what its then-part writes.
 */
struct wl_node *wl_memfix_group_of(struct wl_mem *mem, struct wl_node *s)
{
	struct wl_node *g = s->kind == CXCursor_IfStmt ? s : branch_of(s);
	struct wl_node *cond, *then;

	if (!g || wl_node_kid(g, WL_ROLE_ELSE) ||
	    !(cond = wl_node_kid(g, WL_ROLE_COND)) ||
	    !(then = wl_node_kid(g, WL_ROLE_THEN)) ||
	    !reads_what_branch_writes(mem, cond, then) ||
	    !cond_races(mem, cond))
		return NULL;
	return g;
}

/*
 * A barrier between the statements @pending (kept as they are) and the
 * branch @g when they race with it: before the branch, or before the
 * lane-dependent branch or loop around it, so that every lane reaches it.
 */
void wl_memfix_group_barrier(struct wl_fixer *fx, struct wl_node **pending,
			unsigned nr_pending, struct wl_node *g)
{
	struct wl_node *at;
	unsigned i, k;
	bool clash = false;

	for (k = 0; k < nr_pending; k++)
		for (i = 0; i < fx->r->nr_stmts; i++)
			clash |= wl_node_within(fx->r->stmts[i], g) &&
				 wl_memfix_stmts_race(fx->mem, fx->r,
						      pending[k],
						      fx->r->stmts[i]);
	if (!clash)
		return;
	at = wl_memfix_sync_point(fx, g);
	if (wl_node_within(pending[nr_pending - 1], at)) {
		if (!fx->why)
			fx->why = wl_xstrdup("two racing statements share a "
					     "lane-dependent branch, where no "
					     "mask for __syncwarp() names the "
					     "lanes that arrive");
		return;
	}
	wl_memfix_insert_barrier(fx, at, true);
}

void wl_memfix_rewrite_group(struct wl_fixer *fx, struct wl_node *g)
{
	struct wl_ctx *ctx = fx->ctx;
	struct wl_mem_region whole = { 0 };
	struct wl_stmt_plan *plans;
	struct wl_node *cond = wl_node_kid(g, WL_ROLE_COND);
	struct wl_node *then = wl_node_kid(g, WL_ROLE_THEN);
	struct wl_node **kids, *owner, *root;
	const struct wl_mask *m;
	char **regs, **types, *take, *ct, *cm, *ind, *in2, *sync, *text;
	char *reads = NULL, *writes = NULL;
	unsigned nr_kids, nr_regs = 0, i, k, begin, end;

	kids = then->kind == CXCursor_CompoundStmt ? then->kids : &then;
	nr_kids = then->kind == CXCursor_CompoundStmt ? then->nr_kids : 1;
	if (!nr_kids)
		return;
	if (!g->in_main || g->in_macro) {
		fx->why = wl_xstrdup("the statement is written in a macro");
		return;
	}
	if (!wl_eval_pure(&ctx->eval, cond)) {
		fx->why = wl_xstrdup("the condition of the branch that holds "
				     "the racing statements has side effects");
		return;
	}
	merge_regions(fx->mem, g, &whole);
	for (i = 0; i < whole.nr_races && !fx->why; i++)
		if (whole.races[i].collision)
			fx->why = wl_xstrdup("lanes meet through data-dependent "
					     "indices; use atomics on shared "
					     "memory (atomicAdd) instead");
		else if (whole.races[i].cross_warp)
			fx->block = true;
	if (whole.unseen)
		wl_fix_mark_unsafe(fx->fix, "the memory is taken to be shared "
				   "by the lanes of a warp without seeing "
				   "where it comes from");
	root = g->func->root;
	plans = wl_xcalloc(nr_kids, sizeof(*plans));
	regs = wl_xcalloc(nr_kids + 1, sizeof(*regs));
	types = wl_xcalloc(nr_kids, sizeof(*types));
	for (k = 0; k < nr_kids && !fx->why; k++) {
		struct wl_stmt_plan *p = &plans[k];

		p->stmt = kids[k];
		regs[nr_regs] = fresh_distinct(ctx, root, "v", regs, nr_regs,
					       fx->reg);
		wl_memfix_plan(ctx, fx->mem, &whole, p, regs[nr_regs]);
		if (p->shape != SHAPE_SPLIT && p->shape != SHAPE_WRITE)
			fx->why = wl_xstrdup("a statement in the branch on "
					     "the racing cells is not a plain "
					     "assignment");
		else if (group_reads_earlier_write(fx->mem, kids, k))
			fx->why = wl_xstrdup("a statement in the branch reads "
					     "what an earlier one writes, so "
					     "the reads cannot all go first");
		if (p->uses_reg)
			types[nr_regs++] = p->type;
		else
			free(regs[nr_regs]);
		regs[nr_regs] = NULL;
	}
	m = fx->why ? NULL : wl_memfix_mask_at(fx, g);
	if (!m)
		goto out;

	reads = wl_xstrdup("");
	writes = wl_xstrdup("");
	take = fresh_distinct(ctx, root, "take", regs, nr_regs, fx->reg);
	owner = wl_memfix_unbraced_owner(g);
	ind = wl_memtext_indent(ctx, (owner ? owner : g)->begin);
	if (owner) {
		char *deeper = wl_memtext_deeper(ind);

		free(ind);
		ind = deeper;
	}
	in2 = wl_memtext_deeper(ind);
	for (k = 0; k < nr_kids; k++) {
		struct wl_stmt_plan *p = &plans[k];
		char *line, *own = NULL;

		end = wl_memtext_stmt_end(ctx, kids[k]);
		cm = wl_memtext_trailing_comment(ctx, &end);
		if (p->shape == SHAPE_SPLIT) {
			line = wl_xasprintf("%s%s%s;%s%s", reads, in2, p->read,
					    cm, fx->nl);
			free(reads);
			reads = line;
			free(cm);
			cm = wl_xstrdup("");
		} else {
			own = wl_memtext_of(ctx, kids[k]);
		}
		line = wl_xasprintf("%s%s%s;%s%s", writes, in2,
				    own ? own : p->write, cm, fx->nl);
		free(writes);
		writes = line;
		free(own);
		free(cm);
	}
	end = then->kind == CXCursor_CompoundStmt ? then->begin + 1 : 0;
	cm = end ? wl_memtext_trailing_comment(ctx, &end) : wl_xstrdup("");
	ct = wl_memtext_of(ctx, cond);
	sync = wl_memfix_sync_text(fx, m);
	if (*reads)
		text = wl_xasprintf("bool %s = %s;%s%s%sif (%s) {%s%s%s}%s%s%s"
				    "%s%sif (%s) {%s%s%s}%s%s%s",
				    take, ct, cm, fx->nl, ind, take, fx->nl,
				    reads, ind, fx->nl, ind, sync, fx->nl, ind,
				    take, fx->nl, writes, ind, fx->nl, ind,
				    sync);
	else
		text = wl_xasprintf("bool %s = %s;%s%s%s%s%s%sif (%s) {%s%s%s}"
				    "%s%s%s",
				    take, ct, cm, fx->nl, ind, sync, fx->nl,
				    ind, take, fx->nl, writes, ind, fx->nl,
				    ind, sync);
	end = wl_memtext_full_end(ctx, g);
	begin = g->begin;
	if (owner) {
		/* the unbraced body of a loop: braces around the rewrite */
		const char *t = ctx->src->text;
		char *oind = wl_memtext_indent(ctx, owner->begin);
		char *wrapped = wl_xasprintf(" {%s%s%s%s%s}", fx->nl, ind,
					     text, fx->nl, oind);

		while (begin > owner->begin &&
		       (t[begin - 1] == ' ' || t[begin - 1] == '\t' ||
			t[begin - 1] == '\n' || t[begin - 1] == '\r'))
			begin--;
		free(text);
		text = wrapped;
		free(oind);
	}
	wl_fix_replace(fx->fix, begin, end - begin, text);
	if (nr_regs)
		wl_memfix_declare_registers(fx, g, types, regs, nr_regs);
	free(text);
	free(sync);
	free(ct);
	free(cm);
	free(in2);
	free(ind);
	free(take);
out:
	for (k = 0; k < nr_kids; k++) {
		free(plans[k].read);
		free(plans[k].write);
		free(plans[k].type);
	}
	for (k = 0; k < nr_regs; k++)
		free(regs[k]);
	free(plans);
	free(regs);
	free(types);
	free(reads);
	free(writes);
	free(whole.races);
}
