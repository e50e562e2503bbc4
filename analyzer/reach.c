/* SPDX-License-Identifier: MIT */
/* Whether any kernel of the translation unit calls a function, at all. */
#include "analyzer/reach.h"

#include <string.h>

#include "analyzer/context.h"
#include "analyzer/diag.h"
#include "analyzer/model.h"
#include "base/util.h"

/*
 * A call from outside the analysed file (the .cu's code seen by a
 * header's pass) counts as reached: the model climbs that file's callers
 * only a few calls up (analyzer/model.c, MAX_CONTEXT_LEVEL) and does not
 * solve their reach, so a wrapper nobody calls in the .cu cannot be told
 * from one a kernel calls.  Reached is the answer that changes nothing.
 */
static bool call_reached(const struct wl_model *m, const struct wl_node *call)
{
	return !call->func || !wl_model_owns(m, call->func) ||
	       m->reach[call->func->index];
}

static bool any_caller_reached(const struct wl_model *m,
			       const struct wl_func *fn)
{
	unsigned i;

	for (i = 0; i < fn->nr_callers; i++)
		if (call_reached(m, fn->callers[i]))
			return true;
	for (i = 0; i < fn->nr_may_callers; i++)
		if (call_reached(m, fn->may_callers[i]))
			return true;
	return false;
}

/*
 * From the kernels along the callers' edges until nothing changes: a
 * pass per level of the call chain, which is short in device code.
 */
static void compute_reach(struct wl_model *m)
{
	bool changed = true;
	unsigned i;

	m->reach = wl_arena_alloc(&m->arena, m->nr_funcs);
	memset(m->reach, 0, m->nr_funcs);
	while (changed) {
		changed = false;
		for (i = 0; i < m->nr_funcs; i++) {
			struct wl_func *fn = m->funcs[i];

			if (m->reach[i])
				continue;
			if ((fn->flags & WL_FUNC_KERNEL) ||
			    any_caller_reached(m, fn)) {
				m->reach[i] = 1;
				changed = true;
			}
		}
	}
}

bool wl_func_reached(struct wl_model *m, struct wl_func *fn)
{
	if (!wl_model_owns(m, fn))
		return true;
	if (!m->reach)
		compute_reach(m);
	return m->reach[fn->index];
}

/* The innermost function of the analysed file whose text holds @offset. */
static struct wl_func *func_at(const struct wl_model *m, unsigned offset)
{
	struct wl_func *best = NULL;
	unsigned i;

	for (i = 0; i < m->nr_funcs; i++) {
		struct wl_func *fn = m->funcs[i];
		const struct wl_node *root = fn->root;

		if (!fn->body || !root || !root->in_main ||
		    offset < root->begin || offset >= root->end)
			continue;
		if (!best || root->end - root->begin <
				     best->root->end - best->root->begin)
			best = fn;
	}
	return best;
}

void wl_reach_mark_findings(struct wl_ctx *ctx)
{
	unsigned i;

	for (i = 0; i < ctx->findings.nr; i++) {
		struct wl_finding *f = &ctx->findings.v[i];
		struct wl_func *fn = func_at(&ctx->model, f->offset);

		f->unreached = fn && !wl_func_reached(&ctx->model, fn);
	}
}
