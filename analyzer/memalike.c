/* SPDX-License-Identifier: MIT */
/*
 * Kernels whose threads all run alike: nothing in the kernel, or in the
 * helpers it calls, tells one thread from another.  Such a kernel is
 * written for blocks of one thread (`<<<n, 1>>>`, as much old scientific
 * code is) or does the same work in every thread: its lanes do not talk
 * to each other through memory, and a shared variable that each updates
 * is no warp-synchronous exchange.  The memory walk leaves it out.
 *
 * What tells threads apart: threadIdx, inline assembly (%laneid, %tid),
 * an atomic's return (a ticket), __activemask(), and any other call
 * whose code is not in sight (it may read threadIdx itself).  Math,
 * CUDA's intrinsics and the warp collectives do not.
 */
#include <string.h>

#include "analyzer/evalcall.h"
#include "analyzer/memint.h"

/* Helpers followed into, at most. */
#define MAX_ALIKE_DEPTH 8

struct alike_scan {
	struct wl_model *model;
	const struct wl_func *stack[MAX_ALIKE_DEPTH];
	unsigned depth;
	bool differ;
};

static bool body_differs(struct alike_scan *as, const struct wl_func *fn);

/*
 * Calls that give every thread the same answer for the same arguments:
 * CUDA's intrinsics (`__fdividef`, `__syncthreads`, the collectives) but
 * __activemask(), which answers by the lanes the scheduler runs together;
 * the C library's math and the like.  Not atomics: each thread gets its
 * own ticket.
 */
static bool alike_call(const char *name)
{
	static const char *const names[] = {
		"printf", "clock", "clock64", "assert", "memcpy", "memset",
		"isnan", "isinf", "isfinite", "signbit",
	};
	unsigned i;

	if (wl_evalcall_is_pure(name) || wl_evalcall_is_warp_uniform(name))
		return true;
	if (!strncmp(name, "__", 2))
		return strcmp(name, "__activemask") && !strstr(name, "atomic");
	for (i = 0; i < WL_ARRAY_SIZE(names); i++)
		if (!strcmp(name, names[i]))
			return true;
	return false;
}

static bool call_differs(struct alike_scan *as, struct wl_node *call)
{
	struct wl_func *fn = wl_call_target(as->model, call);

	if (fn && fn->body)
		return body_differs(as, fn);
	return !alike_call(wl_call_name(as->model, call));
}

static bool find_difference(struct wl_node *n, void *data)
{
	struct alike_scan *as = data;
	const char *b;

	if (n->kind == CXCursor_AsmStmt) {
		as->differ = true;
	} else if (n->kind == CXCursor_CallExpr) {
		as->differ = call_differs(as, n);
	} else if ((b = wl_node_builtin_var(as->model, n)) != NULL) {
		as->differ = !strncmp(b, "threadIdx", 9);
	}
	return !as->differ;
}

static bool body_differs(struct alike_scan *as, const struct wl_func *fn)
{
	unsigned i;

	for (i = 0; i < as->depth; i++)
		if (as->stack[i] == fn)
			return false;	/* recursion: seen already */
	if (as->depth == MAX_ALIKE_DEPTH)
		return true;
	as->stack[as->depth++] = fn;
	/* the whole definition: a constructor's initializers too */
	wl_node_walk(fn->root ? fn->root : fn->body, find_difference, as);
	as->depth--;
	return as->differ;
}

bool ma_threads_alike(struct wl_model *m, const struct wl_func *kernel)
{
	struct alike_scan as = { .model = m };

	return kernel->body && !body_differs(&as, kernel);
}
