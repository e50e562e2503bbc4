/* SPDX-License-Identifier: MIT */
/*
 * Mask inference on small in-memory kernels: each case pins the mask a
 * fix must use (RULES.md, "Mask inference"): full, exact constant, a
 * hoisted ballot, a helper's callers, or none with a reason.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "base/source.h"
#include "driver/analyze.h"
#include "fixits/edit.h"
#include "tests/unit/index_fixture.h"

/*
 * Analyze @code and return the fixed text of the whole file (caller
 * frees); *nr_fixes counts the findings that got a fix.
 */
static char *fixed_text(void **state, const char *code, unsigned *nr_fixes,
			struct wl_findings *out)
{
	struct fixture *fx = *state;
	struct wl_analyze_opts opts;
	struct wl_source src;
	char *err = NULL, *fixed;
	size_t len;
	unsigned i;

	wl_analyze_opts_default(&opts);
	wl_source_init_mem(&src, "/virtual/test_mask.cu", code, strlen(code));
	assert_int_equal(wl_analyze(fx->index, &src, &opts, out, &err), 0);
	*nr_fixes = 0;
	for (i = 0; i < out->nr; i++)
		*nr_fixes += out->v[i].fix != NULL;
	fixed = wl_apply_fixes(&src, out, &len);
	wl_source_release(&src);
	return fixed;
}

/* The only finding of @rule in @f (other rules may add their own). */
static const struct wl_finding *only(const struct wl_findings *f,
				     enum wl_rule_id rule)
{
	const struct wl_finding *hit = NULL;
	unsigned i;

	for (i = 0; i < f->nr; i++) {
		if (f->v[i].rule != rule)
			continue;
		assert_null(hit);
		hit = &f->v[i];
	}
	assert_non_null(hit);
	return hit;
}

/* Assert that fixing @code yields text containing every @want string. */
static void expect_fix(void **state, const char *code, unsigned want_fixes,
		       const char *const *want, unsigned nr_want)
{
	struct wl_findings findings = { NULL, 0, 0 };
	unsigned nr_fixes, i;
	char *fixed = fixed_text(state, code, &nr_fixes, &findings);

	for (i = 0; i < nr_want; i++) {
		if (!strstr(fixed, want[i]))
			fail_msg("fixed text lacks \"%s\":\n%s", want[i], fixed);
	}
	assert_int_equal(nr_fixes, want_fixes);
	free(fixed);
	wl_findings_release(&findings);
}

#define EXPECT_FIX(state, code, n, ...)                                       \
	do {                                                                  \
		const char *const want_[] = { __VA_ARGS__ };                  \
		expect_fix(state, code, n, want_,                             \
			   sizeof(want_) / sizeof(want_[0]));                 \
	} while (0)

/* No thread-dependent condition: the full mask. */
static void test_uniform_full(void **state)
{
	EXPECT_FIX(state,
		   "__global__ void k(int *p, int n) {\n"
		   "  int v = p[threadIdx.x];\n"
		   "  for (int o = 16; o > 0; o /= 2) v += __shfl_down(v, o);\n"
		   "  if (n > 3 && blockIdx.x == 0) v = __shfl(v, 0);\n"
		   "  p[threadIdx.x] = v;\n}\n",
		   2, "__shfl_down_sync(0xffffffff, v, o)",
		   "__shfl_sync(0xffffffff, v, 0)");
}

/* The file's own name for the full mask is reused. */
static void test_full_mask_macro(void **state)
{
	EXPECT_FIX(state,
		   "#define ALL_LANES 0xFFFFFFFFu\n"
		   "__global__ void k(int *p) {\n"
		   "  p[0] = __ballot(p[threadIdx.x] > 0);\n}\n",
		   1, "__ballot_sync(ALL_LANES, p[threadIdx.x] > 0)");
}

/* A full-mask macro defined after a function is not used in it. */
static void test_full_mask_macro_too_late(void **state)
{
	EXPECT_FIX(state,
		   "__global__ void k(int *p) {\n"
		   "  p[0] = __ballot(p[threadIdx.x] > 0);\n}\n"
		   "#define ALL_LANES 0xffffffff\n",
		   1, "__ballot_sync(0xffffffff, p[threadIdx.x] > 0)");
}

/* Warp-uniform conditions: whole warps take them. */
static void test_warp_uniform(void **state)
{
	EXPECT_FIX(state,
		   "__global__ void k(int *p) {\n"
		   "  int warp = threadIdx.x / 32;\n"
		   "  int v = p[threadIdx.x];\n"
		   "  if (warp == 1) v = __shfl(v, 0);\n"
		   "  if (threadIdx.x < 96) v = __shfl_up(v, 1);\n"
		   "  if ((threadIdx.x >> 5) & 1) v = __shfl_down(v, 1);\n"
		   "  p[threadIdx.x] = v;\n}\n",
		   3, "__shfl_sync(0xffffffff", "__shfl_up_sync(0xffffffff",
		   "__shfl_down_sync(0xffffffff");
}

/* A value broadcast from one lane is the same in the whole warp. */
static void test_broadcast_uniform(void **state)
{
	EXPECT_FIX(state,
		   "__global__ void k(int *p) {\n"
		   "  int v = p[threadIdx.x];\n"
		   "  int leader = __shfl(v, 0);\n"
		   "  if (leader > 0) v = __shfl_xor(v, 1);\n"
		   "  int part = __shfl(v, 0, 16);\n"
		   "  if (part > 0) v = __shfl_up(v, 1);\n"
		   "  p[threadIdx.x] = v;\n}\n",
		   4, "__shfl_xor_sync(0xffffffff, v, 1)",
		   "__ballot_sync(0xffffffff, part > 0)");
}

/* Lane-constant conditions: the exact constant. */
static void test_lane_constants(void **state)
{
	EXPECT_FIX(state,
		   "__global__ void k(int *p) {\n"
		   "  unsigned lane = threadIdx.x % 32;\n"
		   "  int v = p[threadIdx.x];\n"
		   "  if (lane < 16) v = __shfl(v, 0);\n"
		   "  if ((threadIdx.x & 31) >= 8) v = __shfl_up(v, 1);\n"
		   "  if (lane % 2 == 0) v = __shfl_xor(v, 2);\n"
		   "  if (lane < 16) { if (lane >= 4) v = __shfl_down(v, 1); }\n"
		   "  p[threadIdx.x] = v;\n}\n",
		   4, "__shfl_sync(0x0000ffff", "__shfl_up_sync(0xffffff00",
		   "__shfl_xor_sync(0x55555555", "__shfl_down_sync(0x0000fff0");
}

/* A data-dependent branch: a ballot hoisted before it. */
static void test_hoisted_ballot(void **state)
{
	EXPECT_FIX(state,
		   "__global__ void k(const int *in, int *out, int n) {\n"
		   "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
		   "  if (i < n) {\n"
		   "    int v = in[i];\n"
		   "    v += __shfl_down(v, 1);\n"
		   "    out[i] = __shfl(v, 0);\n"
		   "  }\n}\n",
		   2, "  unsigned mask = __ballot_sync(0xffffffff, i < n);\n  if (i < n) {",
		   "__shfl_down_sync(mask, v, 1)", "__shfl_sync(mask, v, 0)");
}

/* The else arm: the ballot of the negated condition. */
static void test_else_arm(void **state)
{
	EXPECT_FIX(state,
		   "__global__ void k(const int *in, int *out, int n) {\n"
		   "  int i = threadIdx.x, v = in[i];\n"
		   "  if (v < n) v = 0;\n"
		   "  else v = __shfl_xor(v, 1);\n"
		   "  out[i] = v;\n}\n",
		   1, "__ballot_sync(0xffffffff, v >= n)");
}

/*
 * An early return from the kernel: those lanes have exited, and a mask
 * may name exited lanes (RULES.md, WL202), so the full mask, no ballot.
 */
static void test_early_return(void **state)
{
	struct wl_findings f = { NULL, 0, 0 };
	unsigned nr;
	char *fixed = fixed_text(state,
				 "__global__ void k(const int *in, int *out, int n) {\n"
				 "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
				 "  if (i >= n) return;\n"
				 "  out[i] = __shfl_down(in[i], 1);\n}\n",
				 &nr, &f);

	assert_int_equal(nr, 1);
	assert_non_null(strstr(fixed, "__shfl_down_sync(0xffffffff, in[i], 1)"));
	assert_null(strstr(fixed, "__ballot_sync"));
	free(fixed);
	wl_findings_release(&f);
}

/* From a __device__ helper the lanes only leave the helper: a ballot. */
static void test_early_return_helper(void **state)
{
	EXPECT_FIX(state,
		   "__device__ int h(const int *in, int i, int n) {\n"
		   "  if (i >= n) return 0;\n"
		   "  return __shfl_down(in[i], 1);\n}\n"
		   "__global__ void k(const int *in, int *out, int n) {\n"
		   "  out[threadIdx.x] = h(in, threadIdx.x, n);\n}\n",
		   1, "unsigned mask = __ballot_sync(0xffffffff, i < n);\n  if (i >= n) return 0;",
		   "__shfl_down_sync(mask, in[i], 1)");
}

/* An early return by fixed lanes: the kernel's full, a helper's exact. */
static void test_early_return_lanes(void **state)
{
	EXPECT_FIX(state,
		   "__global__ void k(int *p) {\n"
		   "  if ((threadIdx.x & 31) >= 24) return;\n"
		   "  p[threadIdx.x] = __shfl(p[threadIdx.x], 3);\n}\n"
		   "__device__ int h(int *p) {\n"
		   "  if ((threadIdx.x & 31) >= 24) return 0;\n"
		   "  return __shfl(p[threadIdx.x], 3);\n}\n"
		   "__global__ void k2(int *p) { p[0] = h(p); }\n",
		   2, "p[threadIdx.x] = __shfl_sync(0xffffffff",
		   "return __shfl_sync(0x00ffffff");
}

/*
 * threadIdx.y is warp-uniform only if blockDim.x is a multiple of 32: a
 * fix takes a ballot unless the configuration states that launch.
 */
static char *fixed_with_launch(void **state, const char *code,
			       enum wl_launch launch)
{
	struct fixture *fx = *state;
	struct wl_analyze_opts opts;
	struct wl_findings out = { NULL, 0, 0 };
	struct wl_source src;
	char *err = NULL, *fixed;
	size_t len;

	wl_analyze_opts_default(&opts);
	opts.launch = launch;
	wl_source_init_mem(&src, "/virtual/test_mask.cu", code, strlen(code));
	assert_int_equal(wl_analyze(fx->index, &src, &opts, &out, &err), 0);
	fixed = wl_apply_fixes(&src, &out, &len);
	wl_findings_release(&out);
	wl_source_release(&src);
	return fixed;
}

static void test_row_condition(void **state)
{
	static const char code[] =
		"__global__ void k(int *p) {\n"
		"  int v = p[threadIdx.x];\n"
		"  if (threadIdx.y == 0) v = __shfl_xor(v, 1);\n"
		"  p[threadIdx.x] = v;\n}\n";
	char *usual = fixed_with_launch(state, code, WL_LAUNCH_USUAL);
	char *x32 = fixed_with_launch(state, code, WL_LAUNCH_X32);
	char *any = fixed_with_launch(state, code, WL_LAUNCH_ANY);

	assert_non_null(strstr(usual, "__ballot_sync(0xffffffff, threadIdx.y == 0)"));
	assert_non_null(strstr(usual, "__shfl_xor_sync(mask, v, 1)"));
	assert_non_null(strstr(x32, "__shfl_xor_sync(0xffffffff, v, 1)"));
	assert_null(strstr(x32, "__ballot_sync"));
	assert_non_null(strstr(any, "__shfl_xor_sync(mask, v, 1)"));
	free(usual);
	free(x32);
	free(any);
}

/* A loop rounded up to a multiple of its stride: the full mask. */
static void test_rounded_loop(void **state)
{
	EXPECT_FIX(state,
		   "__global__ void k(int *p, int n) {\n"
		   "  int lane = threadIdx.x & 31;\n"
		   "  for (int i = lane; i < (n + 31) / 32 * 32; i += 32)\n"
		   "    p[i] = __shfl_xor(p[i], 1);\n}\n",
		   1, "__shfl_xor_sync(0xffffffff, p[i], 1)");
}

/* After `x = uniform;` the old per-lane value no longer matters. */
static void test_flow_reset(void **state)
{
	EXPECT_FIX(state,
		   "__global__ void k(int *p, int n) {\n"
		   "  int x = p[threadIdx.x];\n"
		   "  p[0] = x;\n"
		   "  x = n * 2;\n"
		   "  if (x > 4) p[1] = __shfl(p[1], 0);\n}\n",
		   1, "__shfl_sync(0xffffffff, p[1], 0)");
}

/* A ballot inside a lane-constant branch uses that constant. */
static void test_ballot_under_constant(void **state)
{
	EXPECT_FIX(state,
		   "__global__ void k(int *p) {\n"
		   "  int v = p[threadIdx.x];\n"
		   "  if ((threadIdx.x & 31) < 16) {\n"
		   "    if (v > 0) v = __shfl_xor(v, 1);\n"
		   "  }\n"
		   "  p[threadIdx.x] = v;\n}\n",
		   1, "__ballot_sync(0x0000ffff, v > 0)");
}

/* A helper: its callers decide, and agree here on lanes 0-7. */
static void test_helper_callers(void **state)
{
	EXPECT_FIX(state,
		   "__device__ int h(int v) { return __shfl_down(v, 1, 8); }\n"
		   "__global__ void k(int *p, const int *q) {\n"
		   "  if ((threadIdx.x & 31) < 8) p[threadIdx.x] = h(q[0]);\n"
		   "}\n"
		   "__global__ void k2(int *p, const int *q) {\n"
		   "  if (threadIdx.x % 32 < 8) p[1] = h(q[1]);\n}\n",
		   1, "__shfl_down_sync(0x000000ff, v, 1, 8)");
}

/*
 * A helper with no caller in the file: other files may call it, so the
 * mask comes in through a new parameter, the old signature stays as a
 * deprecated forwarding overload, and the fix is unsafe (not proven).
 */
static void test_helper_guess(void **state)
{
	struct wl_findings f = { NULL, 0, 0 };
	const struct wl_finding *hit;
	unsigned nr;
	char *fixed = fixed_text(state,
				 "__device__ int h(int v) {\n"
				 "  return __shfl_xor(v, 1);\n}\n",
				 &nr, &f);

	assert_int_equal(nr, 1);
	assert_non_null(strstr(fixed, "__device__ int h(unsigned mask, int v)"));
	assert_non_null(strstr(fixed, "__shfl_xor_sync(mask, v, 1)"));
	assert_non_null(strstr(fixed, "[[deprecated(\"pass a lane mask\")]]"));
	assert_non_null(strstr(fixed, "return h(__activemask(), v);"));
	assert_null(strstr(fixed, "0xffffffff"));
	hit = only(&f, WL101);
	assert_int_equal(hit->fix->safety, WL_FIX_UNSAFE);
	assert_non_null(strstr(hit->note, "callers this file does not show"));
	free(fixed);
	wl_findings_release(&f);
}

/* Callers that disagree: the helper gets the caller's mask passed in. */
static void test_helper_mask_parameter(void **state)
{
	EXPECT_FIX(state,
		   "__device__ int h(int v) { return __shfl_xor(v, 1); }\n"
		   "__global__ void k(int *p, int n) {\n"
		   "  int i = threadIdx.x;\n"
		   "  if (i < n) p[i] = h(p[i]);\n"
		   "  p[0] = h(0);\n}\n",
		   1, "__device__ int h(unsigned mask, int v)",
		   "__shfl_xor_sync(mask, v, 1)",
		   "unsigned mask = __ballot_sync(0xffffffff, i < n);",
		   "p[i] = h(mask, p[i])", "p[0] = h(0xffffffff, 0)");
}

/*
 * Some lanes may arrive, and a separate prototype would need the same new
 * parameter: no mask at all (never a full-mask guess), and the note says why.
 */
static void test_helper_prototype_guess(void **state)
{
	struct wl_findings f = { NULL, 0, 0 };
	const struct wl_finding *hit;
	unsigned nr;
	char *fixed = fixed_text(state,
				 "__device__ int h(int v);\n"
				 "__global__ void k(int *p, int n) {\n"
				 "  if (threadIdx.x < n) p[0] = h(p[1]);\n}\n"
				 "__device__ int h(int v) { return __shfl(v, 0); }\n",
				 &nr, &f);

	assert_int_equal(nr, 0);
	assert_non_null(strstr(fixed, "__shfl(v, 0)"));
	hit = only(&f, WL101);
	assert_non_null(strstr(hit->note, "only some lanes may arrive"));
	assert_non_null(strstr(hit->note, "declared before its definition"));
	free(fixed);
	wl_findings_release(&f);
}

/* A lane-dependent trip count: each trip's lanes, a ballot of the test. */
static void test_trip_ballot(void **state)
{
	struct wl_findings f = { NULL, 0, 0 };
	unsigned nr;
	char *fixed = fixed_text(state,
				 "__global__ void k(int *p, int n) {\n"
				 "  for (int i = threadIdx.x; i < n; i += 32)\n"
				 "    p[i] = __shfl(p[i], 0);\n}\n",
				 &nr, &f);

	assert_non_null(only(&f, WL101)->fix);
	assert_non_null(strstr(fixed, "unsigned mask = 0xffffffff;\n  for (int "
				      "i = threadIdx.x; (mask = __ballot_sync("
				      "mask, i < n)), i < n; i += 32)"));
	assert_non_null(strstr(fixed, "__shfl_sync(mask, p[i], 0)"));
	free(fixed);
	wl_findings_release(&f);
}

/* ... unless a lane may leave a trip alone: no fix, and why. */
static void test_no_safe_mask(void **state)
{
	struct wl_findings f = { NULL, 0, 0 };
	unsigned nr;
	char *fixed = fixed_text(state,
				 "__global__ void k(int *p, int n) {\n"
				 "  for (int i = threadIdx.x; i < n; i += 32) {\n"
				 "    if (p[i] < 0) break;\n"
				 "    p[i] = __shfl(p[i], 0);\n  }\n}\n",
				 &nr, &f);

	assert_null(only(&f, WL101)->fix);
	assert_non_null(strstr(only(&f, WL101)->note,
			       "lanes may leave an iteration on their own"));
	free(fixed);
	wl_findings_release(&f);
}

/* Two calls behind one branch share one ballot. */
static void test_shared_ballot(void **state)
{
	struct wl_findings f = { NULL, 0, 0 };
	unsigned nr;
	char *fixed = fixed_text(state,
				 "__global__ void k(int *p, int n) {\n"
				 "  int v = p[threadIdx.x];\n"
				 "  if (v < n) {\n"
				 "    v = __shfl(v, 0);\n"
				 "    v = __shfl(v, 1);\n"
				 "  }\n  p[threadIdx.x] = v;\n}\n",
				 &nr, &f);
	const char *first = strstr(fixed, "__ballot_sync");

	assert_int_equal(nr, 2);
	assert_non_null(first);
	assert_null(strstr(first + 1, "__ballot_sync"));
	free(fixed);
	wl_findings_release(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_uniform_full),
		cmocka_unit_test(test_full_mask_macro),
		cmocka_unit_test(test_full_mask_macro_too_late),
		cmocka_unit_test(test_warp_uniform),
		cmocka_unit_test(test_lane_constants),
		cmocka_unit_test(test_broadcast_uniform),
		cmocka_unit_test(test_hoisted_ballot),
		cmocka_unit_test(test_else_arm),
		cmocka_unit_test(test_early_return),
		cmocka_unit_test(test_early_return_helper),
		cmocka_unit_test(test_early_return_lanes),
		cmocka_unit_test(test_row_condition),
		cmocka_unit_test(test_rounded_loop),
		cmocka_unit_test(test_flow_reset),
		cmocka_unit_test(test_ballot_under_constant),
		cmocka_unit_test(test_helper_callers),
		cmocka_unit_test(test_helper_guess),
		cmocka_unit_test(test_helper_mask_parameter),
		cmocka_unit_test(test_helper_prototype_guess),
		cmocka_unit_test(test_trip_ballot),
		cmocka_unit_test(test_no_safe_mask),
		cmocka_unit_test(test_shared_ballot),
	};

	return cmocka_run_group_tests_name("mask", tests, setup, teardown);
}
