/* SPDX-License-Identifier: MIT */
/*
 * Listing 8's fix of a racing stretch (see memfix.h): each racing
 * statement read into a register, __syncwarp(MASK) between the reads and
 * the writes, the masks from mask inference.
 */

#include "rules/memfix.h"

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
#include "rules/memfixint.h"

/* The innermost loop that holds both @a and @b, or NULL. */
static struct wl_node *joining_loop(struct wl_node *a, struct wl_node *b)
{
	struct wl_node *n;

	if (a->func != b->func)
		return NULL;
	for (n = wl_node_common(a, b); n; n = n->parent)
		if (wl_node_is_loop(n))
			return n;
	return NULL;
}

/*
 * Whether a loop holds both @a and @b, so that it brings the later one
 * back to meet the earlier: in a kernel, a read in a loop after a write
 * before it never meets that write again.  In a helper, the caller's
 * loop may hold the whole body, and statements in different functions
 * are taken to meet too.
 */
static bool loop_joins(struct wl_node *a, struct wl_node *b)
{
	if (a->func != b->func || !(a->func->flags & WL_FUNC_KERNEL))
		return true;
	return joining_loop(a, b) != NULL;
}

static void declare_register(struct wl_fixer *fx, struct wl_node *stmt,
			     char *type, char *reg)
{
	wl_memfix_declare_registers(fx, stmt, &type, &reg, 1);
}

/* Rewrite one SPLIT statement in place. */
static void rewrite_split(struct wl_fixer *fx, struct wl_stmt_plan *p)
{
	struct wl_ctx *ctx = fx->ctx;
	struct wl_node *owner = wl_memfix_unbraced_owner(p->stmt);
	struct wl_node *div = wl_memfix_divergent_owner(fx, p->stmt), *outer;
	const struct wl_mask *m;
	char *ind, *in2, *sync, *text, *cm;
	struct wl_cond_class cc;
	unsigned end;

	/*
	 * An unbraced `if (lane >= o)` around the step: split it even when
	 * the race stays inside it, so that the barriers need no ballot.
	 */
	if (!div && owner && owner->kind == CXCursor_IfStmt &&
	    wl_node_kid(owner, WL_ROLE_COND)) {
		wl_eval_cond(&ctx->eval, wl_node_kid(owner, WL_ROLE_COND), &cc);
		if (cc.kind != WL_COND_UNIFORM ||
		    wl_mem_cond_splits_warp(fx->mem,
					    wl_node_kid(owner, WL_ROLE_COND)))
			div = owner;
	}

	if (div) {
		/* if (lane >= 1) s[i] += s[i - 1]; -- the barriers must be
		 * outside the lane-dependent branch: the branch is written
		 * twice, once around the read and once around the write */
		struct wl_node *cond = wl_node_kid(div, WL_ROLE_COND);
		struct wl_node *then = wl_node_kid(div, WL_ROLE_THEN);
		char *ct;

		owner = div;
		if (div->kind != CXCursor_IfStmt ||
		    wl_node_kid(div, WL_ROLE_ELSE) || !then ||
		    (then != p->stmt &&
		     !(then->kind == CXCursor_CompoundStmt &&
		       then->nr_kids == 1 && then->kids[0] == p->stmt))) {
			wl_memfix_give_up(fx, "a racing statement is "
					      "inside a lane-dependent "
					      "branch with more in it");
			return;
		}
		outer = wl_memfix_unbraced_owner(owner);
		if ((outer && wl_memfix_unbraced_owner(outer)) ||
		    !wl_eval_pure(&ctx->eval, cond)) {
			wl_memfix_give_up(fx, "the condition around the "
					      "statement cannot be "
					      "evaluated twice");
			return;
		}
		m = wl_memfix_mask_at(fx, owner);
		if (!m)
			return;
		ct = wl_memtext_of(ctx, cond);
		sync = wl_memfix_sync_text(fx, m);
		end = wl_memtext_full_end(ctx, owner);
		cm = wl_memtext_trailing_comment(ctx, &end);
		if (outer) {
			/* `for (...) if (c) s[i] += s[i + o];`: the loop's
			 * body gets braces around the written-twice branch */
			const char *t = ctx->src->text;
			unsigned begin = owner->begin;
			char *oind = wl_memtext_indent(ctx, outer->begin);

			ind = wl_memtext_deeper(oind);
			while (begin > outer->begin &&
			       (t[begin - 1] == ' ' || t[begin - 1] == '\t' ||
				t[begin - 1] == '\n' || t[begin - 1] == '\r'))
				begin--;
			text = wl_xasprintf(" {%s%sif (%s) %s;%s%s%s%s%s%sif "
					    "(%s) %s;%s%s%s%s%s}",
					    fx->nl, ind, ct, p->read, cm, fx->nl,
					    ind, sync, fx->nl, ind, ct, p->write,
					    fx->nl, ind, sync, fx->nl, oind);
			wl_fix_replace(fx->fix, begin, end - begin, text);
			free(oind);
		} else {
			ind = wl_memtext_indent(ctx, owner->begin);
			text = wl_xasprintf("if (%s) %s;%s%s%s%s%s%sif (%s) "
					    "%s;%s%s%s",
					    ct, p->read, cm, fx->nl, ind, sync,
					    fx->nl, ind, ct, p->write, fx->nl,
					    ind, sync);
			wl_fix_replace(fx->fix, owner->begin,
				       end - owner->begin, text);
		}
		free(cm);
		free(text);
		free(sync);
		free(ind);
		free(ct);
		return;
	}
	m = wl_memfix_mask_at(fx, p->stmt);
	if (!m)
		return;
	sync = wl_memfix_sync_text(fx, m);
	end = wl_memtext_stmt_end(ctx, p->stmt);
	cm = wl_memtext_trailing_comment(ctx, &end);
	if (owner) {
		/* braces right after the if's or loop's header */
		const char *t = ctx->src->text;
		unsigned begin = p->stmt->begin;

		while (begin > owner->begin &&
		       (t[begin - 1] == ' ' || t[begin - 1] == '\t' ||
			t[begin - 1] == '\n' || t[begin - 1] == '\r'))
			begin--;
		ind = wl_memtext_indent(ctx, owner->begin);
		in2 = wl_memtext_deeper(ind);
		text = wl_xasprintf(" {%s%s%s%s;%s%s%s%s%s%s;%s%s%s%s%s}", cm,
				    fx->nl, in2, p->read, fx->nl, in2, sync,
				    fx->nl, in2, p->write, fx->nl, in2, sync,
				    fx->nl, ind);
		wl_fix_replace(fx->fix, begin, end - begin, text);
		free(in2);
		free(cm);
		free(text);
		free(ind);
		free(sync);
		return;
	} else {
		/*
		 * Each part on a line of its own at the statement's indent,
		 * unless the statement shares its line with code before it
		 * (`if (n >= 64) { s[t] += s[t + 32]; }`): a block written on
		 * one line stays on one line.
		 */
		const char *nl = fx->nl;
		unsigned at = wl_memtext_line_start(ctx, p->stmt->begin);

		ind = wl_memtext_indent(ctx, p->stmt->begin);
		if (at + strlen(ind) != p->stmt->begin && !*cm) {
			nl = " ";
			ind[0] = '\0';
		}
		if (fx->reuse_barrier)
			text = wl_xasprintf("%s;%s%s%s%s%s%s%s;", p->read, cm,
					    nl, ind, sync, nl, ind, p->write);
		else
			text = wl_xasprintf("%s;%s%s%s%s%s%s%s;%s%s%s", p->read,
					    cm, nl, ind, sync, nl, ind,
					    p->write, nl, ind, sync);
	}
	wl_fix_replace(fx->fix, p->stmt->begin, end - p->stmt->begin, text);
	free(cm);
	free(text);
	free(ind);
	free(sync);
}

static void sync_after(struct wl_fixer *fx, struct wl_node *s)
{
	wl_memfix_insert_barrier(fx, wl_memfix_sync_point(fx, s), false);
}

/*
 * A barrier between racing statements @prev and @next: after @prev, or
 * before @next where nothing runs after @prev (a helper's `return` that
 * reads the storage, then the call of another helper that writes it).
 */
static void sync_between(struct wl_fixer *fx, struct wl_node *prev,
			 struct wl_node *next)
{
	if (prev->kind == CXCursor_ReturnStmt)
		wl_memfix_insert_barrier(fx, wl_memfix_sync_point(fx, next),
					 true);
	else
		sync_after(fx, prev);
}

/*
 * A barrier between racing statements @prev and @next, @next later in
 * the same trip.  Where @prev's sync point holds @next too (both in one
 * lane-dependent branch or loop that does not hold the whole region),
 * the barrier goes inside it, between them.
 */
static void sync_pair(struct wl_fixer *fx, struct wl_node *prev,
		      struct wl_node *next)
{
	struct wl_node *common, *at;

	if (!wl_node_within(next, wl_memfix_sync_point(fx, prev))) {
		sync_between(fx, prev, next);
		return;
	}
	common = wl_node_common(prev, next);
	at = prev->kind != CXCursor_ReturnStmt && common &&
			     common->kind == CXCursor_CompoundStmt
		     ? wl_memfix_sync_point_within(fx, prev, common)
		     : NULL;
	if (!at) {
		wl_memfix_give_up(fx, "two racing statements share a "
				      "lane-dependent branch, where no "
				      "mask for __syncwarp() names the "
				      "lanes that arrive");
		return;
	}
	wl_memfix_insert_barrier(fx, at, false);
}

/*
 * The barrier after the last of @pending, which a loop brings back to
 * meet the region's earlier statements.  It must be inside every loop
 * that does so, or the next trip would meet the last one unordered: after
 * the sync point of the last statement when that is in the innermost
 * such loop, else after the lane-dependent branch around it there.
 */
static void sync_loop_tail(struct wl_fixer *fx, struct wl_mem_region *r,
			   struct wl_node **pending, unsigned nr_pending)
{
	struct wl_node *last = pending[nr_pending - 1], *inner = NULL;
	struct wl_node *body, *at;
	unsigned i, k;

	for (k = 0; k < nr_pending; k++)
		for (i = 0; i < r->nr_stmts; i++) {
			struct wl_node *j;

			if (!wl_memfix_stmts_race(fx->mem, r, pending[k],
						  r->stmts[i]) ||
			    !(j = joining_loop(pending[k], r->stmts[i])))
				continue;
			if (!inner || wl_node_within(j, inner))
				inner = j;
		}
	body = inner ? wl_node_kid(inner, WL_ROLE_BODY) : NULL;
	if (!body || body->kind != CXCursor_CompoundStmt ||
	    !wl_node_within(last, body)) {
		sync_after(fx, last);
		return;
	}
	at = wl_memfix_sync_point_within(fx, last, body);
	if (!at) {
		wl_memfix_give_up(fx, "a loop brings the racing statements "
				      "together again inside a lane-dependent "
				      "branch, where no mask for __syncwarp() "
				      "names the lanes that arrive");
		return;
	}
	wl_memfix_insert_barrier(fx, at, false);
}

/*
 * The volatile-ness of what an argument points to or is an array of
 * (clang keeps `volatile int[32]`'s qualifier on the array type).
 */
static bool points_to_volatile(CXType t)
{
	CXType c = clang_getCanonicalType(t);
	CXType elem = clang_getArrayElementType(c);

	if (elem.kind != CXType_Invalid)
		return clang_isVolatileQualifiedType(c) ||
		       clang_isVolatileQualifiedType(t) ||
		       clang_isVolatileQualifiedType(elem);
	return clang_isVolatileQualifiedType(clang_getPointeeType(t)) ||
	       clang_isVolatileQualifiedType(clang_getPointeeType(c));
}

/*
 * Whether every caller passes a pointer to non-volatile memory for
 * parameter @decl.  A helper with no caller in sight keeps its
 * signature: the callers elsewhere may pass volatile pointers.
 */
static bool param_callers_nonvolatile(struct wl_node *decl)
{
	struct wl_func *fn = decl->func;
	int k = wl_func_param_index(fn, decl);
	unsigned i;

	if (!fn->nr_callers || k < 0 || k >= 16)
		return false;
	for (i = 0; i < fn->nr_callers; i++) {
		struct wl_node *args[16];
		unsigned n = wl_call_args(fn->callers[i], args, 16);
		CXType t;

		if ((unsigned)k >= n)
			return false;
		t = clang_getCursorType(wl_node_strip(args[k])->cursor);
		if (t.kind == CXType_Invalid || points_to_volatile(t))
			return false;
	}
	return true;
}

struct use_scan {
	CXCursor decl;
	struct wl_mem *mem;
	bool outside;
};

/* Every use of the pointer lies in a statement some region rewrites. */
static bool use_in_regions(struct wl_node *n, void *data)
{
	struct use_scan *us = data;
	unsigned i, k;
	bool in = false;

	if (n->kind != CXCursor_DeclRefExpr ||
	    !wl_cursor_equal(wl_node_referenced(n), us->decl))
		return true;
	for (i = 0; i < us->mem->nr_regions && !in; i++)
		for (k = 0; k < us->mem->regions[i].nr_stmts; k++)
			if (wl_node_within(n, us->mem->regions[i].stmts[k]))
				in = true;
	if (!in)
		us->outside = true;
	return !us->outside;
}

/* Whether an edit of @fix already lands in [@off, @off + @len]. */
static bool touches(const struct wl_fix *fix, unsigned off, unsigned len)
{
	unsigned i;

	for (i = 0; i < fix->nr_edits; i++)
		if (fix->edits[i].offset <= off + len &&
		    fix->edits[i].offset + fix->edits[i].length >= off)
			return true;
	return false;
}

/*
 * Drop `volatile` from the pointer the region goes through when the
 * rewrite leaves no access through it that relied on it.
 */
static void drop_volatile(struct wl_fixer *fx)
{
	struct wl_mem *mem = fx->mem;
	struct wl_node *done[8];
	unsigned nr_done = 0, k, i;

	for (k = 0; k < fx->r->nr_races; k++) {
		unsigned ai = fx->r->races[k].reader;
		struct wl_node *d = mem->accesses[ai].ptr_decl;
		struct use_scan us;
		const char *t = fx->ctx->src->text;
		bool seen = false;

		if (!d || !d->in_main || d->in_macro || nr_done == 8)
			continue;
		for (i = 0; i < nr_done; i++)
			seen |= done[i] == d;
		if (seen)
			continue;
		done[nr_done++] = d;
		if (!clang_isVolatileQualifiedType(clang_getPointeeType(
			    clang_getCursorType(d->cursor))))
			continue;
		if (d->kind == CXCursor_ParmDecl &&
		    !param_callers_nonvolatile(d))
			continue;
		us.decl = d->cursor;
		us.mem = mem;
		us.outside = false;
		if (d->func && d->func->body)
			wl_node_walk(d->func->body, use_in_regions, &us);
		if (us.outside)
			continue;
		for (i = d->begin; i + 9 <= d->end; i++)
			if (!memcmp(t + i, "volatile", 8) &&
			    (i == d->begin || !wl_ident_char(t[i - 1])) &&
			    (t[i + 8] == ' ' || t[i + 8] == '\t')) {
				if (!touches(fx->fix, i, 9))
					wl_fix_replace(fx->fix, i, 9, "");
				break;
			}
	}
}

/*
 * A fix that split no statement only places barriers between statements
 * (a lane's write, then the other lanes' reads of it): its note says
 * that, not "read into a register".
 */
static void describe_barriers(struct wl_fixer *fx)
{
	free(fx->fix->description);
	fx->fix->description = wl_xstrdup(
		fx->block ? "__syncthreads() between the statements that "
			    "meet: lanes of other warps meet at these "
			    "elements too, and a __syncwarp() orders only "
			    "its own warp"
			  : "__syncwarp() between the statements that meet");
}

static int cmp_stmt(const void *a, const void *b)
{
	const struct wl_node *x = *(struct wl_node *const *)a;
	const struct wl_node *y = *(struct wl_node *const *)b;

	return x->index < y->index ? -1 : x->index > y->index;
}

/* Whether @line (up to @end) is a barrier statement the fix wrote. */
static bool barrier_line(const char *line, const char *end)
{
	while (line < end && (*line == ' ' || *line == '\t'))
		line++;
	while (end > line && (end[-1] == '\r' || end[-1] == ' '))
		end--;
	return end > line && end[-1] == ';' &&
	       (!strncmp(line, "__syncwarp(", 11) ||
		!strncmp(line, "__syncthreads()", 15));
}

/*
 * @text with each barrier line inside `#ifdef __CUDA_ARCH__`: the
 * function is __host__ __device__ (CuSha's user reductions), and the
 * host pass of nvcc rejects a __syncwarp() there.  The directives take
 * the line's indent, which the preprocessor allows.
 */
static char *guard_barriers(const char *text, const char *nl)
{
	struct wl_buf b = WL_BUF_INIT;
	const char *line = text;

	while (*line) {
		const char *eol = strchr(line, '\n');
		const char *end = eol ? eol : line + strlen(line);
		size_t ws = strspn(line, " \t");

		if (barrier_line(line, end))
			wl_buf_addf(&b, "%.*s#ifdef __CUDA_ARCH__%s%.*s%s%.*s#endif",
				    (int)ws, line, nl, (int)(end - line), line,
				    nl, (int)ws, line);
		else
			wl_buf_addf(&b, "%.*s", (int)(end - line), line);
		if (!eol)
			break;
		wl_buf_addf(&b, "\n");
		line = eol + 1;
	}
	return wl_buf_detach(&b);
}

/* The edits of @fx that fall in a __host__ __device__ function of @r. */
static void guard_host_barriers(struct wl_fixer *fx)
{
	unsigned i, k;

	for (i = 0; i < fx->fix->nr_edits; i++) {
		struct wl_edit *e = &fx->fix->edits[i];

		for (k = 0; k < fx->r->nr_stmts; k++) {
			struct wl_func *fn = fx->r->stmts[k]->func;
			const struct wl_node *root = fn->root;
			char *text;

			if (!(fn->flags & WL_FUNC_HOST) ||
			    !(fn->flags & WL_FUNC_DEVICE) || !root->in_main ||
			    e->offset < root->begin || e->offset > root->end)
				continue;
			text = guard_barriers(e->text, fx->nl);
			free(e->text);
			e->text = text;
			break;
		}
	}
}

char *wl_memfix_build(struct wl_ctx *ctx, struct wl_mem *mem,
		      struct wl_mem_region *r, struct wl_finding *f)
{
	struct wl_fixer fx = { .ctx = ctx, .mem = mem, .r = r,
			    .nl = wl_source_newline(ctx->src) };
	struct wl_stmt_plan *plans = wl_xcalloc(r->nr_stmts, sizeof(*plans));
	struct wl_node **pending = wl_xcalloc(r->nr_stmts, sizeof(*pending));
	unsigned i, k, m, last, nr_pending = 0, reg_array = 0;
	bool any_reg = false, need_tail = false, split = false;
	char *reg;

	for (i = 0; i < r->nr_races && !fx.why; i++)
		if (r->races[i].collision)
			wl_memfix_give_up(&fx, "lanes meet through data-dependent "
					       "indices; use atomics on shared "
					       "memory (atomicAdd) instead");
		else if (r->races[i].cross_warp)
			fx.block = true;
	/* the __syncwarp() after a Listing 7 step orders no other warp */
	fx.reuse_barrier = r->barrier_after && !fx.block;
	fx.fix = wl_fix_new(fx.block
			    ? "read into a register, then __syncthreads() "
			      "between the reads and the writes: lanes of "
			      "other warps meet at these elements too, and a "
			      "__syncwarp() orders only its own warp"
			    : "read into a register, then __syncwarp() "
			      "between the reads and the writes (Listing 8)");
	/* the note of a split; describe_barriers() replaces it if none is */
	wl_memfix_mark_guesses(&fx, r);
	qsort(r->stmts, r->nr_stmts, sizeof(*r->stmts), cmp_stmt);
	reg = wl_memtext_fresh_name(ctx, r->stmts[0]->func->root, "v");
	for (i = 0; i < r->nr_stmts && !fx.why; i++) {
		plans[i].stmt = r->stmts[i];
		if (!r->stmts[i]->in_main) {
			wl_memfix_give_up(&fx, "%s",
					  wl_memfix_outside_why(r->stmts[i]));
			break;
		}
		plans[i].group = wl_memfix_group_of(&fx, r->stmts[i]);
		if (!plans[i].group)
			wl_memfix_plan(ctx, mem, r, &plans[i], reg);
		/*
		 * A statement of a macro's body is kept as it is: only a
		 * barrier between it and the next, outside the macro's use
		 * (after the branch the use makes up), can order it.
		 */
		if (r->stmts[i]->in_macro &&
		    (plans[i].group || plans[i].shape == SHAPE_SPLIT ||
		     plans[i].uses_reg))
			wl_memfix_give_up(&fx, "the statement is written in a "
					       "macro");
		if (plans[i].group)
			continue;	/* planned by its group's rewrite */
		if (plans[i].shape == SHAPE_NONE)
			wl_memfix_give_up(&fx, "a racing access is not a plain "
					       "read or assignment");
		if (plans[i].uses_reg) {
			if (any_reg && plans[i].array != reg_array)
				wl_memfix_give_up(&fx, "two arrays would need "
						       "registers");
			any_reg = true;
			reg_array = plans[i].array;
		}
	}
	for (i = 0; i < r->nr_stmts && !fx.why; i++) {
		struct wl_stmt_plan *p = &plans[i];
		bool clash = false;

		if (p->group) {
			/* its statements are r->stmts[i..last], in order */
			for (last = i; last + 1 < r->nr_stmts &&
				       plans[last + 1].group == p->group;
			     last++)
				;
			for (k = 0; k < nr_pending; k++)
				for (m = i; m <= last; m++)
					clash |= wl_memfix_stmts_race(
						mem, r, pending[k],
						r->stmts[m]);
			if (clash)
				wl_memfix_group_barrier(
					&fx, pending[nr_pending - 1], p->group);
			wl_memfix_rewrite_group(&fx, p->group);
			split = true;
			i = last;
			nr_pending = 0;
			need_tail = false;
			continue;
		}
		for (k = 0; k < nr_pending; k++)
			clash |= wl_memfix_stmts_race(mem, r, pending[k],
						      p->stmt);
		if (clash) {
			sync_pair(&fx, pending[nr_pending - 1], p->stmt);
			nr_pending = 0;
		}
		if (p->shape == SHAPE_SPLIT) {
			rewrite_split(&fx, p);
			split = true;
			nr_pending = 0;
			need_tail = false;
		} else {
			pending[nr_pending++] = p->stmt;
			need_tail = true;
		}
	}
	/* A loop brings the last statement back to meet the first. */
	if (!fx.why && r->in_loop && need_tail && nr_pending) {
		bool clash = false;

		for (k = 0; k < nr_pending; k++)
			for (i = 0; i < r->nr_stmts; i++)
				clash |= wl_memfix_stmts_race(mem, r,
							      pending[k],
							      r->stmts[i]) &&
					 loop_joins(pending[k], r->stmts[i]);
		/* a `return` leaves the loop: it never comes back */
		if (clash && pending[nr_pending - 1]->kind !=
				     CXCursor_ReturnStmt)
			sync_loop_tail(&fx, r, pending, nr_pending);
	}
	for (i = 0; i < r->nr_stmts && !fx.why && any_reg; i++)
		if (plans[i].uses_reg) {
			declare_register(&fx, plans[i].stmt, plans[i].type,
					 reg);
			break;
		}
	if (!fx.why)
		drop_volatile(&fx);
	/*
	 * Nothing to write here: the racing accesses are all inside a
	 * helper this statement calls (its fix is the helper's).  A fix
	 * without edits would be counted as applied.
	 */
	if (!fx.why && !fx.fix->nr_edits)
		wl_memfix_give_up(&fx, "the racing accesses are inside the "
				       "function this statement calls; the fix "
				       "goes there");
	if (!fx.why && !split)
		describe_barriers(&fx);
	if (!fx.why)
		guard_host_barriers(&fx);
	if (fx.why)
		wl_fix_free(fx.fix);
	else
		f->fix = fx.fix;
	for (i = 0; i < r->nr_stmts; i++) {
		free(plans[i].read);
		free(plans[i].write);
		free(plans[i].type);
	}
	free(plans);
	free(pending);
	free(reg);
	return fx.why;
}

void wl_memfix_each_function(struct wl_ctx *ctx, struct wl_mem *mem,
			     struct wl_mem_region *r, const int *at)
{
	struct wl_node **stmts = wl_xcalloc(r->nr_stmts, sizeof(*stmts));
	struct wl_mem_race *races = wl_xcalloc(r->nr_races, sizeof(*races));
	unsigned i, k;

	for (i = 0; i < r->nr_stmts; i++) {
		struct wl_func *fn = r->stmts[i]->func;
		struct wl_mem_region part = *r;
		int owner = -1;
		bool seen = false;
		char *why;

		for (k = 0; k < i && !seen; k++)
			seen = r->stmts[k]->func == fn;
		if (seen)
			continue;
		part.stmts = stmts;
		part.races = races;
		part.nr_stmts = part.nr_races = 0;
		for (k = 0; k < r->nr_stmts; k++)
			if (r->stmts[k]->func == fn) {
				part.stmts[part.nr_stmts++] = r->stmts[k];
				if (owner < 0)
					owner = at[k];
			}
		part.first = part.stmts[0];
		for (k = 0; k < r->nr_races; k++)
			if (mem->accesses[r->races[k].reader].stmt->func == fn &&
			    mem->accesses[r->races[k].writer].stmt->func == fn)
				part.races[part.nr_races++] = r->races[k];
		if (!part.nr_races || owner < 0)
			continue;
		why = wl_memfix_build(ctx, mem, &part, &ctx->findings.v[owner]);
		if (!why)
			wl_finding_note(&ctx->findings.v[owner],
					"the fix covers the races within "
					"'%s' only",
					fn->name);
		else
			wl_finding_note(&ctx->findings.v[owner],
					"none within '%s' either: %s",
					fn->name, why);
		free(why);
	}
	free(stmts);
	free(races);
}

