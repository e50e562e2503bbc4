/* SPDX-License-Identifier: MIT */
/*
 * Racing statements rewritten together (memfixint.h), all their reads
 * before one barrier and all their writes before the next:
 *
 * - a branch on the cells it updates, as in an arg-max step, whose
 *   condition is read once, with the values;
 * - a run of adjacent statements that each read and write their own
 *   storage (`sum[t] += sum[t + o]; sq[t] += sq[t + o];`), which would
 *   otherwise take two barriers each;
 * - such a run that is the whole of a lane-dependent branch, whose
 *   barriers must stand outside it.
 *
 * Each region of the group gets the identical rewrite (it is worked out
 * from the group's statements and every race among them, not from the
 * region), so applying all their fixes writes it once.
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
#include "rules/memtext.h"

struct group {
	struct wl_node *branch;	/* the if, or NULL for a run */
	struct wl_node **kids;	/* the statements rewritten */
	unsigned nr_kids;
	struct wl_mem_region whole;	/* every race among them */
	struct wl_stmt_plan *plans;	/* one per kid */
	char **regs, **types;	/* the registers (types owned by plans) */
	unsigned nr_regs;
};

/* Whether @kids[@k] reads what a statement before it writes. */
static bool reads_earlier_write(struct wl_mem *mem, struct wl_node **kids,
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
				    wl_mem_fields_may_meet(&mem->accesses[a],
							       &mem->accesses[b]) &&
				    wl_node_within(mem->accesses[b].expr,
						   kids[j]))
					return true;
	}
	return false;
}

/*
 * The register for what statement @s stores: named after its storage
 * (`smax_v` for `smax[t] = ...`, `sum_v` for `smem.sum[t] += ...`,
 * `acc_x` for `acc[t].x += ...`), so that it says what it holds and
 * stays apart from a stretch's `v`.
 */
static char *register_base(struct wl_mem *mem, struct wl_node *s)
{
	struct wl_node *e = wl_node_strip(s), *lhs, *field = NULL;
	const char *name, *dot;
	char *base;
	size_t i;
	int a;

	if (!e || e->nr_kids != 2 ||
	    (e->kind != CXCursor_BinaryOperator &&
	     e->kind != CXCursor_CompoundAssignOperator))
		return wl_xstrdup("v");
	lhs = wl_node_strip(e->kids[0]);
	a = wl_mem_access_of(mem, lhs);
	/* `acc[t].x`: the register of one field, acc_x */
	while (a < 0 && lhs && lhs->kind == CXCursor_MemberRefExpr &&
	       lhs->nr_kids == 1) {
		if (!field)
			field = lhs;
		lhs = wl_node_strip(lhs->kids[0]);
		a = lhs ? wl_mem_access_of(mem, lhs) : -1;
	}
	if (a < 0)
		return wl_xstrdup("v");
	name = mem->arrays[mem->accesses[a].array].name;
	dot = strrchr(name, '.');
	if (field) {
		CXString f = clang_getCursorSpelling(field->cursor);

		base = wl_xasprintf("%s_%s", dot ? dot + 1 : name,
				    clang_getCString(f));
		clang_disposeString(f);
	} else {
		base = wl_xasprintf("%s_v", dot ? dot + 1 : name);
	}
	for (i = 0; base[i]; i++)
		if (!wl_ident_char(base[i]))
			base[i] = '_';
	return base;
}

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

/* Whether some access within one of @kids (@nr) is in a race. */
static bool within_any(struct wl_node *n, struct wl_node **kids, unsigned nr)
{
	unsigned i;

	for (i = 0; i < nr; i++)
		if (wl_node_within(n, kids[i]))
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
 * The races of every region whose reader and writer are both within
 * @within (@nr nodes), as one region (with @either, those with one of
 * them there: the steps of a reduction race with the steps around them,
 * where other lanes take part, more than among themselves); its
 * statements are those of every
 * region that has one there, so that a barrier's place is judged against
 * all of them.
 */
static void merge_regions(struct wl_mem *mem, struct wl_node **within,
			  unsigned nr, bool either, struct wl_mem_region *out)
{
	unsigned i, k;

	for (i = 0; i < mem->nr_regions; i++) {
		struct wl_mem_region *r = &mem->regions[i];
		bool inside = false;

		for (k = 0; k < r->nr_races; k++) {
			struct wl_mem_race *race = &r->races[k];
			bool rd = within_any(mem->accesses[race->reader].expr,
					     within, nr);
			bool wr = within_any(mem->accesses[race->writer].expr,
					     within, nr);

			if (either ? !rd && !wr : !rd || !wr)
				continue;
			WL_GROW(out->races, out->nr_races, out->alloc_races);
			out->races[out->nr_races++] = *race;
			inside = true;
		}
		if (!inside)
			continue;
		out->in_loop |= r->in_loop;
		out->unseen |= r->unseen;
		out->rows_rounded |= r->rows_rounded;
		out->cut |= r->cut;
		out->barrier_after |= r->barrier_after;
		for (k = 0; k < r->nr_stmts; k++) {
			WL_GROW(out->stmts, out->nr_stmts, out->alloc_stmts);
			out->stmts[out->nr_stmts++] = r->stmts[k];
		}
	}
}

static void release_group(struct group *g)
{
	unsigned k;

	for (k = 0; g->plans && k < g->nr_kids; k++) {
		free(g->plans[k].read);
		free(g->plans[k].write);
		free(g->plans[k].type);
	}
	for (k = 0; k < g->nr_regs; k++)
		free(g->regs[k]);
	free(g->plans);
	free(g->regs);
	free(g->types);
	free(g->whole.races);
	free(g->whole.stmts);
	memset(g, 0, sizeof(*g));
}

/*
 * Plan every statement of @g against all the races among them: NULL, or
 * why the group cannot be split into a read and a write phase.
 */
static const char *plan_group(struct wl_ctx *ctx, struct wl_mem *mem,
			      struct group *g)
{
	struct wl_node *root = g->kids[0]->func->root;
	unsigned k;

	merge_regions(mem, g->branch ? &g->branch : g->kids,
		      g->branch ? 1 : g->nr_kids,
		      !g->branch || !cond_races(mem, wl_node_kid(g->branch,
							       WL_ROLE_COND)),
		      &g->whole);
	g->plans = wl_xcalloc(g->nr_kids, sizeof(*g->plans));
	g->regs = wl_xcalloc(g->nr_kids, sizeof(*g->regs));
	g->types = wl_xcalloc(g->nr_kids, sizeof(*g->types));
	for (k = 0; k < g->nr_kids; k++) {
		struct wl_stmt_plan *p = &g->plans[k];
		char *base = register_base(mem, g->kids[k]);
		char *reg = wl_memtext_fresh_name_except(ctx, root, base,
							 g->regs, g->nr_regs);

		free(base);
		p->stmt = g->kids[k];
		wl_memfix_plan(ctx, mem, &g->whole, p, reg);
		if (p->uses_reg) {
			g->regs[g->nr_regs] = reg;
			g->types[g->nr_regs++] = p->type;
		} else {
			free(reg);
		}
		if (!p->stmt->in_main || p->stmt->in_macro)
			return wl_memfix_outside_why(p->stmt);
		if (p->shape != SHAPE_SPLIT && p->shape != SHAPE_WRITE)
			return "a statement in the branch on the racing cells "
			       "is not a plain assignment";
		if (reads_earlier_write(mem, g->kids, k))
			return "a statement in the branch reads what an "
			       "earlier one writes, so the reads cannot all "
			       "go first";
	}
	return NULL;
}

/* Whether @s can be part of a run: a plain expression statement. */
static bool run_member(struct wl_mem *mem, struct wl_node *s)
{
	unsigned i, k;

	if (s->kind == CXCursor_IfStmt || s->kind == CXCursor_CompoundStmt ||
	    s->kind == CXCursor_DeclStmt || s->kind == CXCursor_ReturnStmt ||
	    wl_node_is_loop(s))
		return false;
	for (i = 0; i < mem->nr_regions; i++)
		for (k = 0; k < mem->regions[i].nr_stmts; k++)
			if (mem->regions[i].stmts[k] == s)
				return true;
	return false;
}

/* Whether only blanks lie between offsets @from and @to. */
static bool only_blanks(struct wl_ctx *ctx, unsigned from, unsigned to)
{
	const char *t = ctx->src->text;

	for (; from < to && from < ctx->src->len; from++)
		if (!isspace((unsigned char)t[from]))
			return false;
	return true;
}

/*
 * The run that starts at @first (a block's statement): the statements of
 * racing stretches that follow it, adjacent, with nothing but blanks and
 * their own trailing comments between them.
 */
static unsigned run_length(struct wl_ctx *ctx, struct wl_mem *mem,
			   struct wl_node *first)
{
	struct wl_node *block = first->parent;
	unsigned i = 0, n = 1, end;

	while (block->kids[i] != first)
		i++;
	for (; i + n < block->nr_kids && run_member(mem, block->kids[i + n]);
	     n++) {
		end = wl_memtext_stmt_end(ctx, block->kids[i + n - 1]);
		free(wl_memtext_trailing_comment(ctx, &end));
		if (!only_blanks(ctx, end, block->kids[i + n]->begin))
			break;
	}
	return n;
}

/*
 * Whether the branch's block holds nothing but its statements, their
 * trailing comments and blanks: the rewrite writes the block anew, and a
 * comment line of its own would be lost.
 */
static bool branch_block_plain(struct wl_ctx *ctx, struct group *g)
{
	struct wl_node *then = wl_node_kid(g->branch, WL_ROLE_THEN);
	unsigned at, k, close;

	if (then->kind != CXCursor_CompoundStmt)
		return true;
	at = then->begin + 1;
	free(wl_memtext_trailing_comment(ctx, &at));
	for (k = 0; k < g->nr_kids; k++) {
		if (!only_blanks(ctx, at, g->kids[k]->begin))
			return false;
		at = wl_memtext_stmt_end(ctx, g->kids[k]);
		free(wl_memtext_trailing_comment(ctx, &at));
	}
	close = wl_memtext_stmt_end(ctx, then) - 1;	/* its '}' */
	return only_blanks(ctx, at, close);
}

/* The group that @key names (wl_memfix_group_of()). */
static void group_at(struct wl_ctx *ctx, struct wl_mem *mem,
		     struct wl_node *key, struct group *g)
{
	memset(g, 0, sizeof(*g));
	if (key->kind == CXCursor_IfStmt) {
		struct wl_node *then = wl_node_kid(key, WL_ROLE_THEN);
		unsigned i = 0;

		g->branch = key;
		if (then->kind == CXCursor_CompoundStmt) {
			g->kids = then->kids;
			g->nr_kids = then->nr_kids;
			return;
		}
		while (key->kids[i] != then)	/* an unbraced body */
			i++;
		g->kids = &key->kids[i];
		g->nr_kids = 1;
		return;
	}
	g->kids = key->parent->kids;
	while (*g->kids != key)
		g->kids++;
	g->nr_kids = run_length(ctx, mem, key);
}

/*
 * A branch on cells that it updates, as in an arg-max step:
 *
 *	if (s[t + n] > s[t]) {
 *		s[t] = s[t + n];
 *		id[t] = id[t + n];
 *	}
 *
 * The condition reads cells that other lanes write, so it cannot be
 * evaluated twice, nor can a ballot of it be hoisted (maskhoist.c).
 */
static struct wl_node *branch_group(struct wl_mem *mem, struct wl_node *s)
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
 * A run of two or more adjacent statements of one block that each split
 * into a read and a write, none reading what an earlier one writes, with
 * no lane-dependent branch around them that leaves out statements of
 * their stretches.  Only where all of that holds; otherwise each
 * statement is fixed on its own, as before.
 */
static struct wl_node *run_group(struct wl_fixer *fx, struct wl_node *s)
{
	struct wl_node *block = s->parent, *first;
	struct wl_mem_region *saved = fx->r;
	struct group g;
	unsigned i = 0, k;
	bool ok;

	if (!block || block->kind != CXCursor_CompoundStmt ||
	    !run_member(fx->mem, s))
		return NULL;
	while (block->kids[i] != s)
		i++;
	/* the first statement of the run that holds @s */
	while (i > 0 && run_member(fx->mem, block->kids[i - 1]) &&
	       run_length(fx->ctx, fx->mem, block->kids[i - 1]) > 1)
		i--;
	first = block->kids[i];
	group_at(fx->ctx, fx->mem, first, &g);
	ok = g.nr_kids >= 2 && !plan_group(fx->ctx, fx->mem, &g);
	for (k = 0; ok && k < g.nr_kids; k++)
		ok = g.plans[k].shape == SHAPE_SPLIT;
	/* a Listing 7 step's own __syncwarp() after each: kept as it is */
	ok = ok && !g.whole.barrier_after;
	fx->r = &g.whole;
	ok = ok && !wl_memfix_divergent_owner(fx, first);
	fx->r = saved;
	release_group(&g);
	return ok ? first : NULL;
}

/*
 * A lane-dependent branch around two or more statements that each split
 * into a read and a write, none reading what an earlier one writes:
 *
 *	if (t < 16) {
 *		sum[t] += sum[t + 16];
 *		sq[t] += sq[t + 16];
 *	}
 *
 * (or the fields of one element, `acc[t].x`, `acc[t].y`).  The barriers
 * must stand outside the branch, so it is rewritten whole, as a branch
 * on the racing cells is: the reads under it, the writes under it again
 * (its condition, on the lanes and pure, written twice).
 */
static struct wl_node *lane_branch_group(struct wl_fixer *fx,
					 struct wl_node *s)
{
	struct wl_node *b = s->kind == CXCursor_IfStmt ? s : branch_of(s);
	struct wl_node *cond, *then;
	struct wl_cond_class cc;
	struct group g;
	unsigned k;
	bool ok;

	if (!b || wl_node_kid(b, WL_ROLE_ELSE) ||
	    !(cond = wl_node_kid(b, WL_ROLE_COND)) ||
	    !(then = wl_node_kid(b, WL_ROLE_THEN)) ||
	    then->kind != CXCursor_CompoundStmt || then->nr_kids < 2)
		return NULL;
	wl_eval_cond(&fx->ctx->eval, cond, &cc);
	if (cc.kind == WL_COND_UNIFORM &&
	    !wl_mem_cond_splits_warp(fx->mem, cond))
		return NULL;
	for (k = 0; k < then->nr_kids; k++)
		if (!run_member(fx->mem, then->kids[k]))
			return NULL;
	group_at(fx->ctx, fx->mem, b, &g);
	ok = !plan_group(fx->ctx, fx->mem, &g);
	for (k = 0; ok && k < g.nr_kids; k++)
		ok = g.plans[k].shape == SHAPE_SPLIT;
	/* a Listing 7 step's own __syncwarp() after each: kept as it is */
	ok = ok && !g.whole.barrier_after;
	release_group(&g);
	return ok ? b : NULL;
}

struct wl_node *wl_memfix_group_of(struct wl_fixer *fx, struct wl_node *s)
{
	struct wl_node *g = branch_group(fx->mem, s);

	if (!g)
		g = lane_branch_group(fx, s);
	return g ? g : run_group(fx, s);
}

void wl_memfix_group_barrier(struct wl_fixer *fx, struct wl_node *prev,
			     struct wl_node *key)
{
	struct wl_node *at = wl_memfix_sync_point(fx, key);

	if (wl_node_within(prev, at)) {
		wl_memfix_give_up(fx, "two racing statements share a "
				      "lane-dependent branch, where no "
				      "mask for __syncwarp() names the "
				      "lanes that arrive");
		return;
	}
	wl_memfix_insert_barrier(fx, at, true);
}

/*
 * The reads and the writes of @g, a line each at indent @in, the kids'
 * trailing comments kept on the first line each one becomes.
 */
static void phase_lines(struct wl_fixer *fx, struct group *g, const char *in,
			char **reads, char **writes)
{
	struct wl_ctx *ctx = fx->ctx;
	unsigned k, end;

	*reads = wl_xstrdup("");
	*writes = wl_xstrdup("");
	for (k = 0; k < g->nr_kids; k++) {
		struct wl_stmt_plan *p = &g->plans[k];
		char *line, *own = NULL, *cm;

		end = wl_memtext_stmt_end(ctx, g->kids[k]);
		cm = wl_memtext_trailing_comment(ctx, &end);
		if (p->shape == SHAPE_SPLIT) {
			line = wl_xasprintf("%s%s%s;%s%s", *reads, in, p->read,
					    cm, fx->nl);
			free(*reads);
			*reads = line;
			*cm = '\0';
		} else {
			own = wl_memtext_of(ctx, g->kids[k]);
		}
		line = wl_xasprintf("%s%s%s;%s%s", *writes, in,
				    own ? own : p->write, cm, fx->nl);
		free(*writes);
		*writes = line;
		free(own);
		free(cm);
	}
}

struct branch_count {
	struct wl_mem *mem;
	const struct wl_node *before;
	unsigned nr;
};

static bool count_racing_branch(struct wl_node *n, void *data)
{
	struct branch_count *bc = data;
	struct wl_node *cond;

	if (n->index >= bc->before->index)
		return false;	/* preorder: the rest come later */
	if (n->kind == CXCursor_IfStmt &&
	    (cond = wl_node_kid(n, WL_ROLE_COND)) != NULL &&
	    cond_races(bc->mem, cond))
		bc->nr++;
	return true;
}

/*
 * The name of @b's test: `take` for the first branch on racing cells of
 * its function, `take2` for the second, and so on, so that two such
 * rewrites in one block (each fix is made apart, from the same source)
 * never declare one name twice; and no name the function uses already.
 */
static char *take_name(struct wl_fixer *fx, struct group *g)
{
	struct wl_node *b = g->branch;
	struct branch_count bc = { fx->mem, b, 0 };
	char *base, *name;

	if (b->func->body)
		wl_node_walk(b->func->body, count_racing_branch, &bc);
	base = bc.nr ? wl_xasprintf("take%u", bc.nr + 1) : wl_xstrdup("take");
	name = wl_memtext_fresh_name_except(fx->ctx, b->func->root, base,
					    g->regs, g->nr_regs);
	free(base);
	return name;
}

/*
 *	bool take = s[t + n] > s[t];
 *	if (take) {
 *		smax_v = s[t + n];
 *		id_v = id[t + n];
 *	}
 *	__syncwarp(MASK);
 *	if (take) {
 *		s[t] = smax_v;
 *		id[t] = id_v;
 *	}
 *	__syncwarp(MASK);
 *
 * MASK names the lanes that reach the branch, not those that take it;
 * each lane reads exactly what it read before.  A branch on the lanes
 * (`if (t < 16)`) keeps its condition in both places instead of `take`.
 */
static char *branch_text(struct wl_fixer *fx, struct group *g,
			 const char *sync, unsigned *begin, unsigned *end)
{
	struct wl_ctx *ctx = fx->ctx;
	struct wl_node *b = g->branch, *owner = wl_memfix_unbraced_owner(b);
	struct wl_node *then = wl_node_kid(b, WL_ROLE_THEN);
	char *take, *ct, *cm, *ind, *in2, *reads, *writes, *text;
	unsigned at;

	ct = wl_memtext_of(ctx, wl_node_kid(b, WL_ROLE_COND));
	/*
	 * A condition on the lanes (no racing cell in it) is pure and
	 * reads the same twice: it is written twice, as for one statement.
	 */
	if (!cond_races(fx->mem, wl_node_kid(b, WL_ROLE_COND)))
		take = NULL;
	else
		take = take_name(fx, g);
	ind = wl_memtext_indent(ctx, (owner ? owner : b)->begin);
	if (owner) {
		char *deeper = wl_memtext_deeper(ind);

		free(ind);
		ind = deeper;
	}
	in2 = wl_memtext_deeper(ind);
	phase_lines(fx, g, in2, &reads, &writes);
	at = then->kind == CXCursor_CompoundStmt ? then->begin + 1 : 0;
	cm = at ? wl_memtext_trailing_comment(ctx, &at) : wl_xstrdup("");
	if (!take)
		text = wl_xasprintf("if (%s) {%s%s%s%s}%s%s%s%s%sif (%s) {%s%s"
				    "%s}%s%s%s",
				    ct, cm, fx->nl, reads, ind, fx->nl, ind,
				    sync, fx->nl, ind, ct, fx->nl, writes, ind,
				    fx->nl, ind, sync);
	else if (*reads)
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
	*end = wl_memtext_full_end(ctx, b);
	*begin = b->begin;
	if (owner) {
		/* the unbraced body of a loop: braces around the rewrite */
		const char *t = ctx->src->text;
		char *oind = wl_memtext_indent(ctx, owner->begin);
		char *wrapped = wl_xasprintf(" {%s%s%s%s%s}", fx->nl, ind,
					     text, fx->nl, oind);

		while (*begin > owner->begin && isspace((unsigned char)
							t[*begin - 1]))
			(*begin)--;
		free(text);
		text = wrapped;
		free(oind);
	}
	free(take);
	free(ct);
	free(cm);
	free(ind);
	free(in2);
	free(reads);
	free(writes);
	return text;
}

/*
 *	sum_v = sum[t] + sum[t + o];
 *	sq_v = sq[t] + sq[t + o];
 *	__syncwarp(MASK);
 *	sum[t] = sum_v;
 *	sq[t] = sq_v;
 *	__syncwarp(MASK);
 */
static char *run_text(struct wl_fixer *fx, struct group *g, const char *sync,
		      unsigned *begin, unsigned *end)
{
	struct wl_ctx *ctx = fx->ctx;
	char *ind = wl_memtext_indent(ctx, g->kids[0]->begin);
	char *reads, *writes, *text;

	phase_lines(fx, g, ind, &reads, &writes);
	/* the first statement's indent is in place already */
	text = wl_xasprintf("%s%s%s%s%s%s%s", reads + strlen(ind), ind, sync,
			    fx->nl, writes, ind, sync);
	*begin = g->kids[0]->begin;
	*end = wl_memtext_stmt_end(ctx, g->kids[g->nr_kids - 1]);
	free(wl_memtext_trailing_comment(ctx, end));
	free(reads);
	free(writes);
	free(ind);
	return text;
}

void wl_memfix_rewrite_group(struct wl_fixer *fx, struct wl_node *key)
{
	struct wl_ctx *ctx = fx->ctx;
	struct group g;
	const struct wl_mask *m;
	const char *why;
	char *sync, *text;
	unsigned i, begin, end;

	group_at(ctx, fx->mem, key, &g);
	if (!g.nr_kids)
		return;
	if (g.branch && (!g.branch->in_main || g.branch->in_macro)) {
		wl_memfix_give_up(fx, "%s", wl_memfix_outside_why(g.branch));
		return;
	}
	if (g.branch &&
	    !wl_eval_pure(&ctx->eval, wl_node_kid(g.branch, WL_ROLE_COND))) {
		wl_memfix_give_up(fx, "the condition of the branch that holds "
				      "the racing statements has side effects");
		return;
	}
	why = plan_group(ctx, fx->mem, &g);
	if (!why && g.branch && !branch_block_plain(ctx, &g))
		why = "the branch holds a comment line that the rewrite "
		      "would lose";
	if (why)
		wl_memfix_give_up(fx, "%s", why);
	for (i = 0; i < g.whole.nr_races && !fx->why; i++)
		if (g.whole.races[i].collision)
			wl_memfix_give_up(fx, "lanes meet through data-dependent "
					      "indices; use atomics on shared "
					      "memory (atomicAdd) instead");
		else if (g.whole.races[i].cross_warp)
			fx->block = true;
	wl_memfix_mark_guesses(fx, &g.whole);
	m = fx->why ? NULL : wl_memfix_mask_at(fx, key);
	if (m) {
		sync = wl_memfix_sync_text(fx, m);
		text = g.branch ? branch_text(fx, &g, sync, &begin, &end)
				: run_text(fx, &g, sync, &begin, &end);
		wl_fix_replace(fx->fix, begin, end - begin, text);
		if (g.nr_regs)
			wl_memfix_declare_registers(fx, key, g.types, g.regs,
						    g.nr_regs);
		free(text);
		free(sync);
	}
	release_group(&g);
}
