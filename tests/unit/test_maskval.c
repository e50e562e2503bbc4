/* SPDX-License-Identifier: MIT */
/*
 * Masks as values (analyzer/maskval.c) on small in-memory kernels: what
 * lanes the mask argument of the file's last collective call names,
 * through macros, const locals, variables, & and |, ballots, matches,
 * __activemask() and per-lane expressions.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/mask.h"
#include "analyzer/maskval.h"
#include "analyzer/parse.h"
#include "base/source.h"
#include "tests/unit/index_fixture.h"

/* One parsed kernel and the analyses maskval needs. */
struct parsed {
	struct wl_source src;
	struct wl_ctx ctx;
};

static void parse(void **state, const char *code, struct parsed *p)
{
	struct fixture *fx = *state;
	char *err = NULL;

	memset(p, 0, sizeof(*p));
	wl_source_init_mem(&p->src, "/virtual/test_maskval.cu", code,
			   strlen(code));
	p->ctx.src = &p->src;
	p->ctx.tu = wl_parse(fx->index, &p->src, NULL, 0, NULL, &err);
	if (!p->ctx.tu)
		fail_msg("parse failed: %s", err ? err : "?");
	wl_model_build(&p->ctx.model, p->ctx.tu, &p->src);
	wl_eval_init(&p->ctx.eval, &p->ctx.model);
	wl_mask_cache_init(&p->ctx);
}

static void release(struct parsed *p)
{
	wl_mask_cache_release(&p->ctx);
	wl_eval_release(&p->ctx.eval);
	wl_model_release(&p->ctx.model);
	clang_disposeTranslationUnit(p->ctx.tu);
	wl_source_release(&p->src);
}

/* The mask value of the first argument of the last call named @name. */
static void last_mask(struct parsed *p, const char *name,
		      struct wl_maskval *mv)
{
	struct wl_model *m = &p->ctx.model;
	struct wl_node *call = NULL, *args[1];
	unsigned i;

	for (i = 0; i < m->nr_calls; i++)
		if (!strcmp(wl_call_name(m, m->calls[i]), name))
			call = m->calls[i];
	assert_non_null(call);
	assert_true(wl_call_args(call, args, 1) >= 1);
	wl_maskval_eval(&p->ctx, args[0], mv);
}

static void expect(void **state, const char *code, const char *name,
		   enum wl_maskval_kind kind, uint32_t bits, bool active)
{
	struct parsed p;
	struct wl_maskval mv;

	parse(state, code, &p);
	last_mask(&p, name, &mv);
	if (mv.kind != kind || mv.bits != bits ||
	    mv.from_activemask != active)
		fail_msg("got %s 0x%08x%s, want %s 0x%08x%s",
			 wl_maskval_kind_name(mv.kind), mv.bits,
			 mv.from_activemask ? " (activemask)" : "",
			 wl_maskval_kind_name(kind), bits,
			 active ? " (activemask)" : "");
	release(&p);
}

/* A literal, a macro and a const local are constants. */
static void test_constants(void **state)
{
	expect(state,
	       "__global__ void k(int *p) {\n"
	       "  p[0] = __shfl_sync(0xffffffff, p[0], 0);\n}\n",
	       "__shfl_sync", WL_MASKVAL_CONST, 0xffffffffu, false);
	expect(state,
	       "#define FULL_MASK 0xffffffff\n"
	       "__global__ void k(int *p) {\n"
	       "  p[0] = __any_sync(FULL_MASK, p[0]);\n}\n",
	       "__any_sync", WL_MASKVAL_CONST, 0xffffffffu, false);
	expect(state,
	       "__global__ void k(int *p) {\n"
	       "  const unsigned half = 0x0000ffffu;\n"
	       "  p[0] = __shfl_sync(half & 0xff, p[0], 0);\n}\n",
	       "__shfl_sync", WL_MASKVAL_CONST, 0xffu, false);
}

/* A plain local with one constant value, and one with two. */
static void test_variables(void **state)
{
	expect(state,
	       "__global__ void k(int *p) {\n"
	       "  unsigned m = 0xffffffffu;\n"
	       "  unsigned lo = m & 0xffff;\n"
	       "  __syncwarp(lo);\n}\n",
	       "__syncwarp", WL_MASKVAL_CONST, 0xffffu, false);
	expect(state,
	       "__global__ void k(int *p) {\n"
	       "  unsigned m = 0xffffffffu;\n"
	       "  if (p[0]) m = 0xffu;\n"
	       "  __syncwarp(m);\n}\n",
	       "__syncwarp", WL_MASKVAL_UNKNOWN, 0xffffffffu, false);
}

/* A ballot narrowed by a constant: within those lanes. */
static void test_ballot(void **state)
{
	expect(state,
	       "__global__ void k(int *p, int n) {\n"
	       "  unsigned m = __ballot_sync(0xffffffff, threadIdx.x < n);\n"
	       "  p[0] = __shfl_down_sync(m & 0x0000ffff, p[0], 1);\n}\n",
	       "__shfl_down_sync", WL_MASKVAL_BALLOT, 0x0000ffffu, false);
}

/* __activemask() through a variable narrowed in place stays one. */
static void test_activemask(void **state)
{
	expect(state,
	       "__global__ void k(int *p) {\n"
	       "  unsigned a = __activemask();\n"
	       "  a &= ~1u;\n"
	       "  p[0] = __shfl_sync(a, p[0], 0);\n}\n",
	       "__shfl_sync", WL_MASKVAL_ACTIVE, 0xffffffffu, true);
	expect(state,
	       "__global__ void k(int *p) {\n"
	       "  unsigned g = __match_any_sync(__activemask(), p[0]);\n"
	       "  p[0] = __shfl_sync(g, p[0], __ffs(g) - 1);\n}\n",
	       "__shfl_sync", WL_MASKVAL_MATCH, 0xffffffffu, true);
}

/* Masks computed from the lane index, evaluated lane by lane. */
static void test_per_lane(void **state)
{
	struct parsed p;
	struct wl_maskval mv;
	uint32_t bits;

	parse(state,
	      "__global__ void k(int *p) {\n"
	      "  int lane = threadIdx.x & 31;\n"
	      "  unsigned seg = 0xffu << (lane & ~7);\n"
	      "  p[0] = __reduce_add_sync(seg, p[0]);\n"
	      "  p[1] = __shfl_sync(lane < 16 ? 0xffffu : 0xffff0000u, 1, 0);\n"
	      "}\n",
	      &p);
	last_mask(&p, "__reduce_add_sync", &mv);
	assert_int_equal(mv.kind, WL_MASKVAL_LANE);
	assert_true(wl_maskval_at(&p.ctx, &mv, 9, &bits));
	assert_int_equal(bits, 0x0000ff00u);
	assert_true(wl_maskval_at(&p.ctx, &mv, 31, &bits));
	assert_int_equal(bits, 0xff000000u);
	last_mask(&p, "__shfl_sync", &mv);
	assert_int_equal(mv.kind, WL_MASKVAL_LANE);
	assert_true(wl_maskval_at(&p.ctx, &mv, 20, &bits));
	assert_int_equal(bits, 0xffff0000u);
	release(&p);
}

/* A helper's parameter: the callers' constant when they all agree. */
static void test_parameter(void **state)
{
	expect(state,
	       "__device__ int f(unsigned mask, int v) {\n"
	       "  return __shfl_sync(mask, v, 0);\n}\n"
	       "__global__ void k(int *p) {\n"
	       "  p[0] = f(0x0000ffff, p[1]);\n"
	       "  p[2] = f(0xffffu & 0xffff, p[3]);\n}\n",
	       "__shfl_sync", WL_MASKVAL_CONST, 0x0000ffffu, false);
	expect(state,
	       "__device__ int f(unsigned mask, int v) {\n"
	       "  return __shfl_sync(mask, v, 0);\n}\n"
	       "__global__ void k(int *p) {\n"
	       "  p[0] = f(0x0000ffff, p[1]);\n"
	       "  p[2] = f(0xffff0000, p[3]);\n}\n",
	       "__shfl_sync", WL_MASKVAL_UNKNOWN, 0xffffffffu, false);
}

/* Parameters without callers are unknown; a float argument is marked. */
static void test_unknown_and_float(void **state)
{
	struct parsed p;
	struct wl_maskval mv;

	expect(state,
	       "__device__ int f(unsigned mask, int v) {\n"
	       "  return __shfl_sync(mask, v, 0);\n}\n",
	       "__shfl_sync", WL_MASKVAL_UNKNOWN, 0xffffffffu, false);
	parse(state,
	      "__global__ void k(float *p) {\n"
	      "  float v = p[threadIdx.x];\n"
	      "  p[0] = __shfl_down_sync(v, 1.0f, 32);\n}\n",
	      &p);
	last_mask(&p, "__shfl_down_sync", &mv);
	assert_true(mv.is_float);
	release(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_constants),
		cmocka_unit_test(test_variables),
		cmocka_unit_test(test_ballot),
		cmocka_unit_test(test_activemask),
		cmocka_unit_test(test_per_lane),
		cmocka_unit_test(test_parameter),
		cmocka_unit_test(test_unknown_and_float),
	};

	return cmocka_run_group_tests_name("maskval", tests, setup, teardown);
}
