/* SPDX-License-Identifier: MIT */
/*
 * WL301/WL302: report warp-level races, each stretch's fix from memfix.c
 * (or WL401's shuffle rewrite).
 */
#include "rules/memrules.h"

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
#include "rules/memfix.h"
#include "rules/memtext.h"

/* ---- messages --------------------------------------------------------- */

/*
 * "s[tid + 16]"; "s[tid] (line 36 of reduce.h, in a macro)" for an
 * access written in a macro's body, where the user must go to fix it;
 * "s[...] (in a macro)" when not even that body shows it whole.
 */
static char *access_text(struct wl_ctx *ctx, const struct wl_mem_access *a)
{
	struct wl_node *e = a->expr, *up;
	char *base, *s, *place;

	/* `acc[t].x`: the field is the place, not the whole element */
	while (a->field && e->parent &&
	       (e->parent->kind == CXCursor_ParenExpr ||
		e->parent->kind == CXCursor_UnexposedExpr))
		e = e->parent;
	up = e->parent;
	if (a->field && up && up->kind == CXCursor_MemberRefExpr &&
	    up->nr_kids && up->kids[0] == e && up->in_main && !up->in_macro &&
	    clang_getCursorKind(clang_getCursorReferenced(up->cursor)) ==
		    CXCursor_FieldDecl)
		return wl_memtext_of(ctx, up);
	if (!a->expr->in_macro)
		return wl_memtext_of(ctx, a->expr);
	place = wl_node_spelling_place(&ctx->model, a->expr);
	if (place) {
		base = wl_memtext_of(ctx, a->expr);
		s = wl_xasprintf("%s (%s, in a macro)", base, place);
		free(base);
		free(place);
		return s;
	}
	base = wl_memtext_of(ctx, a->base);
	s = wl_xasprintf("%s[...] (in a macro)", base);
	free(base);
	return s;
}

struct wl_node *wl_memrules_lane_var(struct wl_mem *mem, struct wl_node *n);

struct lane_find {
	struct wl_mem *mem;
	struct wl_node *found;
};

/* A name in the index whose value is the thread or lane index. */
static bool find_lane_var(struct wl_node *n, void *data)
{
	struct lane_find *lf = data;
	long long v;
	unsigned t;
	bool tid = true, lane = true;

	if (lf->found)
		return false;
	if (n->kind != CXCursor_DeclRefExpr &&
	    n->kind != CXCursor_MemberRefExpr)
		return true;
	for (t = 0; t < 64 && (tid || lane); t++) {
		if (!wl_mem_eval(lf->mem, n, t, &v))
			return true;
		tid &= v == t;
		lane &= v == (t & 31);
	}
	if (tid || lane)
		lf->found = n;
	return !lf->found;
}

struct wl_node *wl_memrules_lane_var(struct wl_mem *mem, struct wl_node *n)
{
	struct lane_find lf = { mem, NULL };

	wl_node_walk(n, find_lane_var, &lf);
	return lf.found;
}

/*
 * Whether every reading lane of the example's warp meets its writer at
 * the same distance @d (tid + 16), so that the message may say so; false
 * when it cannot tell (indices of loop variables).
 */
static bool same_offset(struct wl_mem *mem, const struct wl_mem_race *r,
			long long d)
{
	unsigned w = r->lane & ~31u, a, b;
	long long er, ew;
	bool act;

	for (a = w; a < w + 32; a++) {
		if (!wl_mem_index(mem, r->reader, a, &er, &act))
			return false;
		if (!act)
			continue;
		for (b = w; b < w + 32; b++) {
			if (b == a)
				continue;
			if (!wl_mem_index(mem, r->writer, b, &ew, &act))
				return false;
			if (act && ew == er && (long long)b - (long long)a != d)
				return false;
		}
	}
	return true;
}

/*
 * "lane tid reads s[tid + 16], written by lane tid + 16 at line 6": the
 * lanes named after the index variable when the offset between them is
 * the same for every lane, else as numbers.
 */
static char *race_message(struct wl_ctx *ctx, struct wl_mem *mem,
			  const struct wl_mem_race *r, const char *tail)
{
	struct wl_mem_access *rd = &mem->accesses[r->reader];
	struct wl_mem_access *wr = &mem->accesses[r->writer];
	long long d = (long long)r->other - (long long)r->lane;
	char *expr = access_text(ctx, rd), *lanes, *msg, *name = NULL;
	char *line = wl_node_place(&ctx->model, wr->stmt);
	struct wl_node *var = NULL;
	unsigned i;

	if (r->collision) {
		char *idx = wl_memtext_of(ctx, rd->idx[rd->nr_idx - 1]);

		msg = wl_xasprintf("lanes with equal '%s' %s %s, written at "
				   "%s %s; the index depends on data",
				   idx, r->write_write ? "write" : "read",
				   expr, line, tail);
		free(idx);
		free(expr);
		free(line);
		return msg;
	}
	for (i = 0; i < rd->nr_idx && !var; i++)
		var = wl_memrules_lane_var(mem, rd->idx[i]);
	if (var && same_offset(mem, r, d))
		name = wl_memtext_of(ctx, var);
	if (name && d) {
		/* "lane tid", but plain "lane" for a variable named lane */
		const char *pre = strcmp(name, "lane") ? "lane " : "";

		lanes = wl_xasprintf("%s%s %s %s, %s by %s%s %c %lld", pre,
				     name, r->write_write ? "writes" : "reads",
				     expr, r->write_write ? "also written"
							  : "written",
				     pre, name, d < 0 ? '-' : '+',
				     d < 0 ? -d : d);
	} else {
		lanes = wl_xasprintf("lane %u %s %s, %s by lane %u",
				     r->lane & 31,
				     r->write_write ? "writes" : "reads", expr,
				     r->write_write ? "also written"
						    : "written",
				     r->other & 31);
	}
	msg = wl_xasprintf("%s at %s %s", lanes, line, tail);
	free(line);
	free(lanes);
	free(name);
	free(expr);
	return msg;
}

/* ---- the rules -------------------------------------------------------- */

/*
 * The race to name at statement @s: one it reads in (the collision seen
 * from the reader), else one it writes in; NULL if none involves it.
 */
static const struct wl_mem_race *race_at(struct wl_mem *mem,
					 const struct wl_mem_region *r,
					 const struct wl_node *s, bool *as_writer)
{
	unsigned k, pass;

	*as_writer = false;
	for (pass = 0; pass < 4; pass++)
		for (k = 0; k < r->nr_races; k++) {
			const struct wl_mem_race *x = &r->races[k];
			bool rd = mem->accesses[x->reader].stmt == s;
			bool wr = mem->accesses[x->writer].stmt == s;

			if ((pass == 0 && rd && wr && !x->write_write) ||
			    (pass == 1 && rd && !x->write_write) ||
			    (pass == 2 && rd))
				return x;
			if (pass == 3 && wr) {
				*as_writer = true;
				return x;
			}
		}
	return NULL;
}

/* The name of the barrier that follows statement @s in its block. */
static const char *barrier_after_name(struct wl_ctx *ctx, struct wl_node *s)
{
	struct wl_node *p = s->parent, *next;
	unsigned i;

	if (!p || p->kind != CXCursor_CompoundStmt)
		return "__syncwarp";
	for (i = 0; i + 1 < p->nr_kids && p->kids[i] != s; i++)
		;
	if (i + 1 >= p->nr_kids)
		return "__syncwarp";
	next = wl_node_strip(p->kids[i + 1]);
	if (!next || next->kind != CXCursor_CallExpr)
		return "__syncwarp";
	return wl_call_name(&ctx->model, next);
}

/* The message of @rule for the race @race, seen from statement @s. */
static char *stmt_message(struct wl_ctx *ctx, struct wl_mem *mem,
			  enum wl_rule_id rule, const struct wl_mem_race *race,
			  struct wl_node *s, bool as_writer)
{
	char *tail, *msg, *line;

	if (rule == WL302) {
		tail = wl_xasprintf("in the same statement; the %s() after it "
				    "comes too late",
				    barrier_after_name(ctx, s));
		msg = race_message(ctx, mem, race, tail);
		free(tail);
		return msg;
	}
	if (!as_writer)
		return race_message(ctx, mem, race, "without __syncwarp()");
	/* a write that a read elsewhere races with: say so from here */
	line = wl_node_place(&ctx->model, mem->accesses[race->reader].stmt);
	tail = access_text(ctx, &mem->accesses[race->writer]);
	msg = wl_xasprintf("lane %u writes %s while lane %u of its warp reads "
			   "it at %s without __syncwarp()",
			   race->other & 31, tail, race->lane & 31, line);
	free(tail);
	free(line);
	return msg;
}

/* Where the memory was taken to be warp-shared by convention: why. */
static void note_unseen(struct wl_ctx *ctx, struct wl_mem *mem,
			const struct wl_mem_region *r, struct wl_finding *f)
{
	unsigned k;

	for (k = 0; k < r->nr_races; k++) {
		const struct wl_mem_array *a = &mem->arrays[r->races[k].array];
		/* the helper whose parameter it is: perhaps not the racer */
		CXString owner = clang_getCursorSpelling(
			clang_getCursorSemanticParent(a->decl));
		const char *fn = clang_getCString(owner);
		bool noted = true;

		if (a->kind == WL_MEM_VOLATILE_PTR)
			wl_finding_note(f, "'%s' is taken to point to memory "
					"the lanes of a warp share (the "
					"pre-Volta convention for a volatile "
					"pointer): the caller of '%s' was not "
					"seen",
					a->name, fn);
		else if (a->kind == WL_MEM_THREAD_PTR)
			wl_finding_note(f, "'%s' is taken to point to memory "
					"the threads share, since it is indexed "
					"by the thread's own index: the caller "
					"of '%s' was not seen",
					a->name, fn);
		else if (a->kind == WL_MEM_MEMBER)
			wl_finding_note(f, "member '%s' is taken to refer to "
					"memory the lanes of a warp share: the "
					"storage handed to its constructor was "
					"not seen",
					a->name);
		else
			noted = false;
		clang_disposeString(owner);
		if (noted)
			return;
	}
	(void)ctx;
}

/*
 * A race inside a helper, reported at the call that brings it into the
 * kernel too: that is where the user reads the kernel.
 */
static bool report_call(struct wl_ctx *ctx, struct wl_mem *mem,
			enum wl_rule_id rule, const struct wl_mem_region *r,
			struct wl_node *call)
{
	const struct wl_mem_race *race = NULL;
	struct wl_node *s;
	struct wl_finding *f;
	struct wl_func *fn;
	unsigned k, line, col;
	bool as_writer;
	char *msg;

	for (k = 0; k < r->nr_stmts; k++)
		if (r->stmts[k]->func == call->func)
			return false;	/* the racing code is right here */
	s = r->first;
	race = race_at(mem, r, s, &as_writer);
	if (!race || !call->in_main || call->in_macro || !s->in_main)
		return false;
	fn = wl_call_target(&ctx->model, call);
	wl_source_line_col(ctx->src, s->begin, &line, &col);
	msg = stmt_message(ctx, mem, rule, race, s, as_writer);
	f = wl_report(ctx, rule, call,
		      "'%s' lets lanes of a warp race on '%s' without "
		      "__syncwarp() (line %u)",
		      fn ? fn->name : wl_call_name(&ctx->model, call),
		      mem->arrays[race->array].name, line);
	wl_finding_note(f, "in '%s' at line %u: %s", s->func->name, line,
			msg);
	note_unseen(ctx, mem, r, f);
	free(msg);
	return true;
}

static int cmp_stmt_index(const void *a, const void *b)
{
	const struct wl_node *x = *(struct wl_node *const *)a;
	const struct wl_node *y = *(struct wl_node *const *)b;

	return x->index < y->index ? -1 : x->index > y->index;
}

/* Whether @call is in @done. */
static bool seen_call(struct wl_node **done, unsigned nr, struct wl_node *call)
{
	unsigned i;

	for (i = 0; i < nr; i++)
		if (done[i] == call)
			return true;
	return false;
}

/*
 * The fix of region @r, on the finding of its first statement
 * (findings.v[@first_at]); the finding of each statement is @at.  False
 * if there is none for the whole region (parts may have theirs).
 */
static bool fix_region(struct wl_ctx *ctx, struct wl_mem *mem,
		       struct wl_mem_region *r, int first_at, const int *at)
{
	struct wl_finding *first = &ctx->findings.v[first_at];
	bool several = false;
	unsigned k;
	char *why;

	for (k = 1; k < r->nr_stmts; k++)
		several |= r->stmts[k]->func != r->stmts[0]->func;
	if (r->cut) {
		/* no part of it is proved either */
		wl_finding_note(first, "no fix: the search for races stopped "
				"at a size bound of the analysis before the end "
				"of the kernel; races it did not reach would "
				"stay");
		return false;
	}
	/* the fix places barriers in the order of the file */
	if (several && r->against_file_order)
		why = wl_xstrdup("a race runs from a later function in the "
				 "file to an earlier one");
	else
		why = wl_memfix_build(ctx, mem, r, first);
	if (!why)
		return true;
	wl_finding_note(first, "no fix%s: %s",
			several ? " for the stretch as a whole" : "", why);
	if (several)
		wl_memfix_each_function(ctx, mem, r, at);
	free(why);
	return false;
}

/*
 * The later statements of a stretch point at its first, where the fix
 * (or the reason there is none) is.
 */
static void note_same_stretch(struct wl_ctx *ctx, const unsigned *later,
			      unsigned nr, const struct wl_finding *first,
			      bool covered)
{
	const char *what = covered ? WL_NOTE_FIX_COVERS : WL_NOTE_SEE_FIRST;
	unsigned k;

	for (k = 0; k < nr; k++) {
		struct wl_finding *f = &ctx->findings.v[later[k]];

		wl_finding_note(f, "one stretch with line %u: %s", first->line,
				what);
		/* the merge of a header's passes may drop that fix */
		if (covered)
			f->covered_by = first->offset + 1;
	}
}

void wl_memrules_check(struct wl_ctx *ctx, enum wl_rule_id rule)
{
	struct wl_node **calls_done = NULL;
	unsigned nr_done = 0, alloc_done = 0;
	unsigned *later = NULL, nr_later, alloc_later = 0;
	int *at = NULL;		/* the finding of each statement, or -1 */
	unsigned alloc_at = 0;
	struct wl_mem *mem = wl_mem_of(ctx);
	unsigned i, k;

	for (i = 0; i < mem->nr_regions; i++) {
		struct wl_mem_region *r = &mem->regions[i];
		struct wl_finding *first;
		int first_at = -1;	/* findings move as more are added */
		const struct wl_node *foreign = NULL;
		bool whole = true;

		if ((rule == WL302) != r->barrier_after || !r->nr_races)
			continue;
		qsort(r->stmts, r->nr_stmts, sizeof(*r->stmts),
		      cmp_stmt_index);
		/* every racing statement, the reads and the writes */
		nr_later = 0;
		if (r->nr_stmts > alloc_at) {
			alloc_at = r->nr_stmts;
			at = wl_xrealloc(at, alloc_at * sizeof(*at));
		}
		for (k = 0; k < r->nr_stmts; k++) {
			at[k] = -1;
			struct wl_node *s = r->stmts[k];
			const struct wl_mem_race *race;
			struct wl_finding *f;
			bool as_writer;
			char *msg;

			/* another file's helper, walked for context */
			if (!s->in_main) {
				if (!foreign)
					foreign = s;
				continue;
			}
			race = race_at(mem, r, s, &as_writer);
			if (!race)
				continue;
			msg = stmt_message(ctx, mem, rule, race, s,
					   as_writer);
			f = wl_report(ctx, rule, s, "%s", msg);
			free(msg);
			at[k] = (int)(f - ctx->findings.v);
			if (first_at < 0) {
				first_at = (int)(f - ctx->findings.v);
				note_unseen(ctx, mem, r, f);
				continue;
			}
			WL_GROW(later, nr_later, alloc_later);
			later[nr_later++] = (unsigned)(f - ctx->findings.v);
		}
		/* a call is reported once, for the first stretch it runs */
		for (k = 0; k < r->nr_calls; k++)
			if (!seen_call(calls_done, nr_done, r->calls[k]) &&
			    report_call(ctx, mem, rule, r, r->calls[k])) {
				WL_GROW(calls_done, nr_done, alloc_done);
				calls_done[nr_done++] = r->calls[k];
			}
		if (first_at < 0)
			continue;
		first = &ctx->findings.v[first_at];
		if (foreign) {
			/*
			 * A fix of the whole would edit the other file too;
			 * this file's functions still get theirs, as when a
			 * stretch runs through a caller that cannot be edited.
			 */
			char *where = wl_node_place(&ctx->model, foreign);

			wl_finding_note(first, "no fix for the stretch as a "
				       "whole: part of it is another file's "
				       "code (%s)", where);
			free(where);
			wl_memfix_each_function(ctx, mem, r, at);
			whole = false;
		} else if (ctx->fix_style == WL_FIX_STYLE_SHUFFLE &&
			   wl_memrules_shuffle_takes(ctx, mem, r)) {
			wl_finding_note(first,
					"fixed by WL401's shuffle rewrite");
		} else {
			whole = fix_region(ctx, mem, r, first_at, at);
		}
		first = &ctx->findings.v[first_at];
		note_same_stretch(ctx, later, nr_later, first,
				  whole && first->fix);
	}
	free(later);
	free(at);
	free(calls_done);
}
