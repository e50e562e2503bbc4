/* SPDX-License-Identifier: MIT */
/*
 * Memory access facts (analyzer/memaccess.c) seen through WL301/WL302 on
 * small in-memory kernels: affine indices (tid + 16, 2 * tid + 2, a
 * rotation, [y][x]), pointers into shared arrays, barriers of every kind
 * (also inside helpers and template guards), and the patterns the
 * analysis gives up on, which must stay silent.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/source.h"
#include "driver/analyze.h"
#include "tests/unit/index_fixture.h"

/*
 * Whether @f opens a racing stretch: the other statements of the stretch
 * and the calls that bring it into a kernel are reported too, with a
 * note or a message that says so.
 */
static bool opens_stretch(const struct wl_finding *f)
{
	return !(f->note && strstr(f->note, "one stretch with line")) &&
	       !strstr(f->message, "lets lanes of a warp race");
}

/*
 * Analyze @code; assert that exactly @nr racing stretches of @rule are
 * reported and, if @sub is given, that one finding's message contains
 * it.  Returns the number of findings that carry a fix.
 */
static unsigned expect(void **state, const char *code, enum wl_rule_id rule,
		       unsigned nr, const char *sub)
{
	struct fixture *fx = *state;
	struct wl_findings out = { NULL, 0, 0 };
	struct wl_analyze_opts opts;
	struct wl_source src;
	char *err = NULL;
	unsigned i, n = 0, fixes = 0;
	const char *first = NULL;
	bool found = !sub;

	wl_analyze_opts_default(&opts);
	wl_source_init_mem(&src, "/virtual/test_memaccess.cu", code,
			   strlen(code));
	assert_int_equal(wl_analyze(fx->index, &src, &opts, &out, &err), 0);
	for (i = 0; i < out.nr; i++) {
		if (out.v[i].rule == WL900)
			fail_msg("parse error: %s", out.v[i].message);
		if (out.v[i].rule != rule)
			continue;
		if (!first)
			first = out.v[i].message;
		if (sub && strstr(out.v[i].message, sub))
			found = true;
		n += opens_stretch(&out.v[i]);
		fixes += out.v[i].fix != NULL;
	}
	if (n != nr)
		fail_msg("%u stretches, %u expected (first: %s)", n, nr,
			 first ? first : "none");
	if (!found)
		fail_msg("no message has \"%s\" (first: %s)", sub,
			 first ? first : "");
	wl_findings_release(&out);
	wl_source_release(&src);
	return fixes;
}

/* tid + 16: the last-warp step, with the writer's lane named. */
static void test_affine_plus(void **state)
{
	static const char code[] =
		"__global__ void k(int *o) {\n"
		"	__shared__ int s[64];\n"
		"	unsigned tid = threadIdx.x;\n"
		"	s[tid] = o[tid];\n"
		"	s[tid + 32] = 0;\n"
		"	__syncwarp();\n"
		"	if (tid < 32) {\n"
		"		s[tid] += s[tid + 16];\n"
		"		s[tid] += s[tid + 8];\n"
		"	}\n"
		"	o[tid] = s[0];\n"
		"}\n";

	assert_int_equal(expect(state, code, WL301, 1,
				"lane tid reads s[tid + 16], written by lane "
				"tid + 16 at line 8"),
			 1);
}

/* 2 * tid + 2 reads the element lane tid + 1 wrote at 2 * (tid + 1). */
static void test_affine_scaled(void **state)
{
	static const char code[] =
		"__global__ void k(float *o) {\n"
		"	__shared__ float s[80];\n"
		"	int t = threadIdx.x % 32;\n"
		"	s[2 * t] = o[t];\n"
		"	o[t] = s[2 * t + 2];\n"
		"}\n";

	expect(state, code, WL301, 1, "written by lane t + 1");
}

/* 2 * tid + 1 only reads odd elements nobody writes: private. */
static void test_affine_disjoint(void **state)
{
	static const char code[] =
		"__global__ void k(float *o) {\n"
		"	__shared__ float s[64];\n"
		"	int t = threadIdx.x % 32;\n"
		"	s[2 * t] = o[t];\n"
		"	o[t] = s[2 * t + 1];\n"
		"}\n";

	expect(state, code, WL301, 0, NULL);
}

/* A rotation (lane + 31) % 32: no single offset, so lanes by number. */
static void test_rotation(void **state)
{
	static const char code[] =
		"__global__ void k(int *o) {\n"
		"	__shared__ int s[32];\n"
		"	int lane = threadIdx.x & 31;\n"
		"	s[lane] = o[lane];\n"
		"	o[lane] = s[(lane + 31) % 32];\n"
		"}\n";

	expect(state, code, WL301, 1, "reads s[(lane + 31) % 32], written by");
}

/* [y][x] of a 4x8 tile, flattened with the array's extents. */
static void test_two_dimensional(void **state)
{
	static const char code[] =
		"__global__ void k(float *o) {\n"
		"	__shared__ float m[4][8];\n"
		"	m[threadIdx.x / 8][threadIdx.x % 8] = o[threadIdx.x];\n"
		"	o[threadIdx.x] = m[threadIdx.x % 4][threadIdx.x / 4];\n"
		"}\n";

	expect(state, code, WL301, 1, "reads m[threadIdx.x % 4]");
}

/* Barriers: __syncwarp, __syncthreads, a helper, cooperative groups. */
static void test_barriers(void **state)
{
	static const char fmt[] =
		"#include <cooperative_groups.h>\n"
		"namespace cg = cooperative_groups;\n"
		"__device__ void wait_warp() { __syncwarp(); }\n"
		"__global__ void k(int *o) {\n"
		"	__shared__ int s[64];\n"
		"	unsigned tid = threadIdx.x;\n"
		"	cg::thread_block b = cg::this_thread_block();\n"
		"	s[tid] = o[tid];\n"
		"	%s\n"
		"	o[tid] = s[tid ^ 1];\n"
		"}\n";
	static const char *const barriers[] = {
		"__syncwarp();", "__syncthreads();", "wait_warp();",
		"b.sync();",
	};
	char code[1024];
	unsigned i;

	snprintf(code, sizeof(code), fmt, "");
	expect(state, code, WL301, 1, NULL);
	for (i = 0; i < 4; i++) {
		snprintf(code, sizeof(code), fmt, barriers[i]);
		expect(state, code, WL301, 0, NULL);
	}
}

/*
 * A template helper on a volatile pointer, guarded by `if (N >= 64)`,
 * reached from a kernel that passes its shared array.
 */
static void test_template_helper(void **state)
{
	static const char code[] =
		"template <int N>\n"
		"__device__ void tail(volatile int *s, int t) {\n"
		"	if (N >= 64) s[t] += s[t + 32];\n"
		"	if (N >= 32) s[t] += s[t + 16];\n"
		"}\n"
		"__global__ void k(int *o) {\n"
		"	__shared__ int sm[64];\n"
		"	sm[threadIdx.x] = o[threadIdx.x];\n"
		"	__syncthreads();\n"
		"	if (threadIdx.x < 32)\n"
		"		tail<64>(sm, threadIdx.x);\n"
		"}\n";

	assert_int_equal(expect(state, code, WL301, 1,
				"lane t reads s[t + 16], written by lane t + "
				"16 at line 4"),
			 1);
}

/* A pointer offset into the array is followed: p[tid] is s[tid + 1]. */
static void test_pointer_offset(void **state)
{
	static const char code[] =
		"__global__ void k(int *o) {\n"
		"	__shared__ int s[64];\n"
		"	volatile int *p = s + 1;\n"
		"	p[threadIdx.x] = 1;\n"
		"	o[threadIdx.x] = s[threadIdx.x];\n"
		"}\n";

	expect(state, code, WL301, 1, "written by lane threadIdx.x - 1");
}

/*
 * Given up, and silent: a data-dependent index, and a pointer moved by a
 * different amount in each lane (its target is unknown).
 */
static void test_given_up(void **state)
{
	static const char code[] =
		"__global__ void k(const int *idx, int *o) {\n"
		"	__shared__ int s[64];\n"
		"	volatile int *p = s;\n"
		"	p += idx[threadIdx.x];\n"
		"	s[idx[threadIdx.x]] = 1;\n"
		"	o[threadIdx.x] = s[threadIdx.x + 1];\n"
		"	p[threadIdx.x] = 2;\n"
		"	o[threadIdx.x] = p[threadIdx.x + 1];\n"
		"}\n";

	expect(state, code, WL301, 0, NULL);
}

/* Listing 7: the barrier after the statement is WL302's, not WL301's. */
/*
 * A pointer moved by the same amount in every lane still names one
 * array, whatever it is: p[t + 1] is what lane t + 1 writes.
 */
static void test_uniform_unknown_pointer(void **state)
{
	static const char code[] =
		"__global__ void k(const int *idx, int *o) {\n"
		"	__shared__ int s[64];\n"
		"	volatile int *p = s;\n"
		"	p += idx[0];\n"
		"	p[threadIdx.x] = 2;\n"
		"	o[threadIdx.x] = p[threadIdx.x + 1];\n"
		"}\n";

	expect(state, code, WL301, 1, "written by lane threadIdx.x + 1");
}

/* A barrier only lane 0 executes orders nothing between other lanes. */
static void test_partial_barrier(void **state)
{
	static const char code[] =
		"__global__ void k(int *o) {\n"
		"	__shared__ int s[32];\n"
		"	int lane = threadIdx.x & 31;\n"
		"	s[lane] = o[lane];\n"
		"	if (lane == 0)\n"
		"		__syncwarp(1);\n"
		"	o[lane] = s[31 - lane];\n"
		"}\n";

	expect(state, code, WL301, 1, "lane 0 reads s[31 - lane], written "
				      "by lane 31");
}

/* Lanes sent away by an early return write nothing another lane reads. */
static void test_early_return(void **state)
{
	static const char code[] =
		"__global__ void k(int *o) {\n"
		"	__shared__ int s[64];\n"
		"	unsigned t = threadIdx.x;\n"
		"	if (t >= 16)\n"
		"		return;\n"
		"	s[t] = o[t];\n"
		"	o[t] = s[t + 16];\n"
		"}\n";

	expect(state, code, WL301, 0, NULL);
}

static void test_same_statement(void **state)
{
	static const char code[] =
		"__global__ void k(int *o) {\n"
		"	__shared__ int s[64];\n"
		"	unsigned tid = threadIdx.x;\n"
		"	s[tid] = o[tid]; s[tid + 32] = 0; __syncwarp();\n"
		"	s[tid] += s[tid + 16]; __syncwarp();\n"
		"	s[tid] += s[tid + 8]; __syncwarp();\n"
		"	o[tid] = s[0];\n"
		"}\n";

	expect(state, code, WL302, 2, "in the same statement");
	expect(state, code, WL301, 0, NULL);
}

/* The classic loop: a barrier in every trip, and lanes in other warps. */
static void test_block_loop(void **state)
{
	static const char code[] =
		"__global__ void k(int *o) {\n"
		"	extern __shared__ int s[];\n"
		"	unsigned tid = threadIdx.x;\n"
		"	s[tid] = o[tid];\n"
		"	__syncthreads();\n"
		"	for (unsigned d = blockDim.x / 2; d > 32; d >>= 1) {\n"
		"		if (tid < d)\n"
		"			s[tid] += s[tid + d];\n"
		"		__syncthreads();\n"
		"	}\n"
		"	o[tid] = s[tid];\n"
		"}\n";

	expect(state, code, WL301, 0, NULL);
	expect(state, code, WL302, 0, NULL);
}

/* Load/store helpers the file only declares are taken by their names. */
static void test_declared_helpers(void **state)
{
	static const char code[] =
		"__device__ void st_shared_f32(float *at, float v);\n"
		"__device__ float ld_shared_f32(const float *at);\n"
		"__device__ void atomic_bump(float *at, float v);\n"
		"__global__ void k(const float *in, float *out) {\n"
		"	__shared__ float cells[288];\n"
		"	unsigned t = threadIdx.x;\n"
		"	st_shared_f32(&cells[t], in[t]);\n"
		"	atomic_bump(&cells[t + 1], 1.0f);\n"
		"	out[t] = ld_shared_f32(&cells[t + 2]);\n"
		"}\n";

	expect(state, code, WL301, 1,
	       "lane t reads cells[t + 2], written by lane t + 2 at line 7");
}

/* Every racing statement is reported; the fix stays on the first. */
static void test_each_statement(void **state)
{
	static const char code[] =
		"__global__ void k(int *o) {\n"
		"	__shared__ volatile int s[64];\n"
		"	unsigned t = threadIdx.x & 31;\n"
		"	s[t] = o[t]; s[t + 32] = 0;\n"
		"	__syncwarp();\n"
		"	s[t] += s[t + 16];\n"
		"	s[t] += s[t + 8];\n"
		"	s[t] += s[t + 4];\n"
		"	o[t] = s[t];\n"
		"}\n";
	struct fixture *fx = *state;
	struct wl_findings out = { NULL, 0, 0 };
	struct wl_analyze_opts opts;
	struct wl_source src;
	char *err = NULL;
	unsigned i, n = 0, fixes = 0;

	wl_analyze_opts_default(&opts);
	wl_source_init_mem(&src, "/virtual/each.cu", code, strlen(code));
	assert_int_equal(wl_analyze(fx->index, &src, &opts, &out, &err), 0);
	for (i = 0; i < out.nr; i++)
		if (out.v[i].rule == WL301) {
			n++;
			fixes += out.v[i].fix != NULL;
		}
	assert_int_equal(n, 3);		/* lines 6, 7, 8; line 9 reads its own */
	assert_int_equal(fixes, 1);
	wl_findings_release(&out);
	wl_source_release(&src);
}

/* Lanes that only store to one element exchange nothing. */
static void test_stores_only(void **state)
{
	static const char code[] =
		"__global__ void k(const int *in, int *out) {\n"
		"	__shared__ int flag[1];\n"
		"	__shared__ int last[8];\n"
		"	if (in[threadIdx.x] < 0)\n"
		"		flag[0] = 1;\n"
		"	last[threadIdx.x / 32] = threadIdx.x;\n"
		"	__syncthreads();\n"
		"	out[threadIdx.x] = flag[0] + last[0];\n"
		"}\n";

	expect(state, code, WL301, 0, NULL);
}

/* A kernel's integer parameter is uniform, never the thread index. */
static void test_kernel_param_uniform(void **state)
{
	static const char code[] =
		"__global__ void k(const float *in, float *out, int n) {\n"
		"	__shared__ float s[64];\n"
		"	unsigned t = threadIdx.x;\n"
		"	int i = blockIdx.x * blockDim.x + t;\n"
		"	if (i >= n)\n"
		"		return;\n"
		"	s[t] = in[i]; s[t + 32] = 0.0f;\n"
		"	__syncwarp();\n"
		"	s[t] += s[t + 16]; __syncwarp();\n"
		"	out[i] = s[t];\n"
		"}\n";

	expect(state, code, WL302, 1, "lane t reads s[t + 16]");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_affine_plus),
		cmocka_unit_test(test_affine_scaled),
		cmocka_unit_test(test_affine_disjoint),
		cmocka_unit_test(test_rotation),
		cmocka_unit_test(test_two_dimensional),
		cmocka_unit_test(test_barriers),
		cmocka_unit_test(test_template_helper),
		cmocka_unit_test(test_pointer_offset),
		cmocka_unit_test(test_given_up),
		cmocka_unit_test(test_uniform_unknown_pointer),
		cmocka_unit_test(test_partial_barrier),
		cmocka_unit_test(test_early_return),
		cmocka_unit_test(test_same_statement),
		cmocka_unit_test(test_block_loop),
		cmocka_unit_test(test_declared_helpers),
		cmocka_unit_test(test_each_statement),
		cmocka_unit_test(test_stores_only),
		cmocka_unit_test(test_kernel_param_uniform),
	};

	return cmocka_run_group_tests_name("memaccess", tests, setup, teardown);
}
