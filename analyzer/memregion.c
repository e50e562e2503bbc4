/* SPDX-License-Identifier: MIT */
/*
 * The stretches of racing statements (struct wl_mem_region): each race
 * the search finds joins the stretch of its statements, stretches that
 * share a statement merge, and each learns whether a barrier already
 * follows it and whether a size bound cut its search short.
 */
#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/memaccess.h"
#include "analyzer/memint.h"
#include "analyzer/memtrace.h"
#include "base/util.h"

static struct wl_mem_region *region_of(struct wl_mem *mem,
				       struct wl_node *s1, struct wl_node *s2)
{
	unsigned i, k;

	for (i = 0; i < mem->nr_regions; i++)
		for (k = 0; k < mem->regions[i].nr_stmts; k++)
			if (mem->regions[i].stmts[k] == s1 ||
			    mem->regions[i].stmts[k] == s2)
				return &mem->regions[i];
	WL_GROW(mem->regions, mem->nr_regions, mem->alloc_regions);
	memset(&mem->regions[mem->nr_regions], 0, sizeof(*mem->regions));
	return &mem->regions[mem->nr_regions++];
}

static void region_add_stmt(struct wl_mem_region *r, struct wl_node *s)
{
	unsigned i;

	for (i = 0; i < r->nr_stmts; i++)
		if (r->stmts[i] == s)
			return;
	WL_GROW(r->stmts, r->nr_stmts, r->alloc_stmts);
	r->stmts[r->nr_stmts++] = s;
	if (!r->first || s->index < r->first->index)
		r->first = s;
}

static void region_add_call(struct wl_mem_region *r, struct wl_node *c)
{
	unsigned i;

	for (i = 0; i < r->nr_calls; i++)
		if (r->calls[i] == c)
			return;
	WL_GROW(r->calls, r->nr_calls, r->alloc_calls);
	r->calls[r->nr_calls++] = c;
}

/* The calls that bring event @e's statement into the kernel. */
static void region_add_calls(struct wl_mem_region *r,
			     const struct ma_event *e)
{
	struct ma_frame *f;

	for (f = e->env.frame; f; f = f->up)
		if (f->call && f->call->in_main)
			region_add_call(r, f->call);
}

/* Merge regions that share a statement (a race chains them). */
static void merge_regions(struct wl_mem *mem)
{
	unsigned i, j, k, m;
	bool merged = true;

	while (merged) {
		merged = false;
		for (i = 0; i < mem->nr_regions && !merged; i++)
			for (j = i + 1; j < mem->nr_regions && !merged; j++) {
				struct wl_mem_region *a = &mem->regions[i];
				struct wl_mem_region *b = &mem->regions[j];
				bool share = false;

				for (k = 0; k < a->nr_stmts && !share; k++)
					for (m = 0; m < b->nr_stmts; m++)
						if (a->stmts[k] == b->stmts[m])
							share = true;
				if (!share)
					continue;
				for (m = 0; m < b->nr_stmts; m++)
					region_add_stmt(a, b->stmts[m]);
				for (m = 0; m < b->nr_calls; m++)
					region_add_call(a, b->calls[m]);
				for (m = 0; m < b->nr_races; m++) {
					WL_GROW(a->races, a->nr_races,
						a->alloc_races);
					a->races[a->nr_races++] = b->races[m];
				}
				a->in_loop |= b->in_loop;
				a->against_file_order |= b->against_file_order;
				a->unseen |= b->unseen;
				a->rows_rounded |= b->rows_rounded;
				a->cut |= b->cut;
				a->walk = a->walk > b->walk ? a->walk : b->walk;
				free(b->stmts);
				free(b->races);
				free(b->calls);
				mem->nr_regions--;
				mem->regions[j] = mem->regions[mem->nr_regions];
				merged = true;
			}
	}
}

struct wl_mem_race *ma_record(struct wl_mem *mem, struct ma_event *p,
			      struct ma_event *q, unsigned ti, unsigned tj,
			      bool p_reads, bool cross_warp)
{
	struct wl_mem_access *ap = &mem->accesses[p->access];
	struct wl_mem_access *aq = &mem->accesses[q->access];
	struct wl_mem_region *r = region_of(mem, ap->stmt, aq->stmt);
	enum wl_mem_kind kind = mem->arrays[p->array].kind;
	struct wl_mem_race *x;
	unsigned i;

	region_add_stmt(r, ap->stmt);
	region_add_stmt(r, aq->stmt);
	region_add_calls(r, p);
	region_add_calls(r, q);
	r->walk = mem->walks;
	if (p->loop_depth || q->loop_depth)
		r->in_loop = true;
	/* @p runs first */
	if (ap->stmt->func != aq->stmt->func &&
	    ap->stmt->index > aq->stmt->index)
		r->against_file_order = true;
	if (kind == WL_MEM_VOLATILE_PTR || kind == WL_MEM_MEMBER ||
	    kind == WL_MEM_THREAD_PTR)
		r->unseen = true;
	if (mem->row_width_rounded)
		r->rows_rounded = true;
	for (i = 0; i < r->nr_races; i++) {
		x = &r->races[i];
		if ((x->reader == (unsigned)p->access &&
		     x->writer == (unsigned)q->access) ||
		    (x->reader == (unsigned)q->access &&
		     x->writer == (unsigned)p->access)) {
			x->cross_warp |= cross_warp;
			return NULL;
		}
	}
	WL_GROW(r->races, r->nr_races, r->alloc_races);
	x = &r->races[r->nr_races++];
	memset(x, 0, sizeof(*x));
	if (p_reads) {
		x->reader = (unsigned)p->access;
		x->writer = (unsigned)q->access;
		x->lane = ti;
		x->other = tj;
	} else {
		x->reader = (unsigned)q->access;
		x->writer = (unsigned)p->access;
		x->lane = tj;
		x->other = ti;
	}
	x->write_write = !((mem->accesses[x->reader].flags) & WL_MEM_READ);
	x->element = p->known ? p->elem[ti] : -1;
	x->array = (unsigned)p->array;
	x->cross_warp = cross_warp;
	return x;
}

/* Whether a barrier call is the statement right after @s in its block. */
static bool barrier_follows(struct wl_mem *mem, struct wl_node *s)
{
	struct wl_model *m = &mem->ctx->model;
	struct wl_node *p = s->parent, *next;
	unsigned i;

	if (!p || p->kind != CXCursor_CompoundStmt)
		return false;
	for (i = 0; i + 1 < p->nr_kids; i++)
		if (p->kids[i] == s)
			break;
	if (i + 1 >= p->nr_kids)
		return false;
	next = wl_node_strip(p->kids[i + 1]);
	if (!next || next->kind != CXCursor_CallExpr)
		return false;
	if (wl_mem_is_barrier(m, next))
		return true;
	return !wl_call_target(m, next) &&
	       ma_raw_barrier(mem, wl_node_referenced(next));
}

void ma_finish_regions(struct wl_mem *mem)
{
	unsigned i, k;

	merge_regions(mem);
	for (i = 0; i < mem->nr_regions; i++) {
		struct wl_mem_region *r = &mem->regions[i];
		bool all_inside = true;

		for (k = 0; k < r->nr_races; k++)
			if (mem->accesses[r->races[k].reader].stmt !=
			    mem->accesses[r->races[k].writer].stmt)
				all_inside = false;
		r->barrier_after = all_inside && r->nr_stmts == 1 &&
				   barrier_follows(mem, r->stmts[0]);
	}
	/* Report order: by position in the file. */
	for (i = 1; i < mem->nr_regions; i++)
		for (k = i; k > 0 && mem->regions[k].first->index <
					     mem->regions[k - 1].first->index;
		     k--) {
			struct wl_mem_region tmp = mem->regions[k];

			mem->regions[k] = mem->regions[k - 1];
			mem->regions[k - 1] = tmp;
		}
}

/*
 * The current walk stopped at a size bound: the stretches it added races
 * to may have more that it did not reach.
 */
void ma_mark_cut(struct wl_mem *mem)
{
	unsigned i;

	for (i = 0; i < mem->nr_regions; i++)
		if (mem->regions[i].walk == mem->walks)
			mem->regions[i].cut = true;
}
