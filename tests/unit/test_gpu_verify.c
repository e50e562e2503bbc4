/* SPDX-License-Identifier: MIT */
/*
 * gpu_verify without a GPU: argument derivation from signatures, spec
 * parsing, launch shapes, plan text, size expressions, seeded fills, and
 * the byte-exact comparison on recorded buffers.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gpu_verify/blocks.h"
#include "gpu_verify/build.h"
#include "gpu_verify/data.h"
#include "gpu_verify/expr.h"
#include "gpu_verify/plan.h"
#include "gpu_verify/spec.h"

static void parse_spec(struct gv_spec *spec, const char *text)
{
	char *err = NULL;

	assert_int_equal(gv_spec_parse(spec, text, strlen(text), &err), 0);
	assert_null(err);
}

static void derive(struct gv_spec *spec, const char *kernel, gv_node tmpl,
		   const char *name, bool ptr, bool cnst, const char *type,
		   long long size, struct gv_arg *arg)
{
	struct gv_param p = {
	    .name = name, .is_ptr = ptr, .is_const = cnst, .type = type,
	    .size = size};
	char *why = NULL;

	assert_int_equal(gv_derive_arg(spec, kernel, tmpl, &p, arg, &why), 0);
	assert_null(why);
}

static void release_arg(struct gv_arg *a)
{
	free(a->name);
	free(a->expr);
}

static void test_length_names(void **state)
{
	static const char *const yes[] = {
		"n", "N", "size", "len", "count", "total", "n_rows",
		"num_items", "elemCount", "bufsize", "numElements",
	};
	static const char *const no[] = {
	    "alpha", "stride", "rounds", "offset", "lane_mask", "x", ""};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(yes) / sizeof(yes[0]); i++)
		assert_true(gv_is_length_name(yes[i]));
	for (i = 0; i < sizeof(no) / sizeof(no[0]); i++)
		assert_false(gv_is_length_name(no[i]));
}

static void test_type_of(void **state)
{
	(void)state;
	assert_int_equal(gv_type_of("const unsigned int"), GV_U32);
	assert_int_equal(gv_type_of("volatile float"), GV_F32);
	assert_int_equal(gv_type_of("long int"), GV_I64);
	assert_int_equal(gv_type_of("unsigned long long"), GV_U64);
	assert_int_equal(gv_type_of("signed char"), GV_I8);
	assert_int_equal(gv_type_of("double"), GV_F64);
	assert_int_equal(gv_type_of("struct float2"), -1);
	assert_int_equal(gv_type_of("T"), -1);
}

/* Pointers: const is input-only, the count defaults to the shape's. */
static void test_derive_pointers(void **state)
{
	struct gv_spec spec;
	struct gv_arg a;

	(void)state;
	memset(&spec, 0, sizeof(spec));
	derive(&spec, "k", NULL, "in", true, true, "const float", 4, &a);
	assert_true(a.is_ptr);
	assert_false(a.is_out);
	assert_int_equal(a.type, GV_F32);
	assert_int_equal(a.elem, 4);
	assert_string_equal(a.expr, "max(n,threads)");
	assert_string_equal(a.origin, "signature");
	assert_true(a.lo == -1 && a.hi == 1);
	release_arg(&a);
	/* A struct pointee: random bytes of its size. */
	derive(&spec, "k", NULL, "pts", true, false, "float2", 8, &a);
	assert_true(a.is_out);
	assert_int_equal(a.type, GV_BYTES);
	assert_int_equal(a.elem, 8);
	release_arg(&a);
}

static void test_derive_scalars(void **state)
{
	struct gv_spec spec;
	struct gv_arg a;
	struct gv_param p = {
	    .name = "cfg", .type = "struct cfg", .size = 16};
	char *why = NULL;

	(void)state;
	parse_spec(&spec, "scalars: { alpha: 2.5 }\n"
			  "kernels:\n  k:\n    scalars: { stride: 3 }\n");
	derive(&spec, "k", NULL, "n", false, false, "int", 4, &a);
	assert_string_equal(a.expr, "n");
	assert_string_equal(a.origin, "length name");
	release_arg(&a);
	derive(&spec, "k", NULL, "stride", false, false, "int", 4, &a);
	assert_string_equal(a.expr, "3");
	assert_string_equal(a.origin, "spec");
	release_arg(&a);
	/* Top-level scalars apply to every kernel. */
	derive(&spec, "other", NULL, "alpha", false, false, "float", 4, &a);
	assert_string_equal(a.expr, "2.5");
	release_arg(&a);
	/* A guess is labelled as one. */
	derive(&spec, "k", NULL, "rounds", false, false, "unsigned", 4, &a);
	assert_string_equal(a.expr, "1");
	assert_string_equal(a.origin, "default");
	release_arg(&a);
	/* A struct by value cannot be made up. */
	assert_int_equal(gv_derive_arg(&spec, "k", NULL, &p, &a, &why), -1);
	assert_non_null(strstr(why, "cfg"));
	free(why);
	release_arg(&a);
	gv_spec_release(&spec);
}

/* Template arguments substitute into dependent parameter types. */
static void test_derive_template(void **state)
{
	struct gv_spec spec;
	struct gv_arg a;
	gv_node map;
	char *s;

	(void)state;
	parse_spec(&spec, "kernels:\n  k:\n    template_args: "
			  "{ T: double, B: 128 }\n"
			  "    buffers: { out: grid }\n"
			  "    ranges: { in: [0, 9] }\n");
	map = gv_spec_get(&spec, "k", "template_args");
	s = gv_subst(&spec, map, "const T *restrict, T2, B");
	assert_string_equal(s, "const double *restrict, T2, 128");
	free(s);
	derive(&spec, "k<double,128>", map, "in", true, true, "const T", -1,
	       &a);
	assert_int_equal(a.type, GV_F64);
	assert_true(a.lo == 0 && a.hi == 9);
	release_arg(&a);
	derive(&spec, "k<double,128>", map, "out", true, false, "T", -1, &a);
	assert_string_equal(a.expr, "grid");
	release_arg(&a);
	gv_spec_release(&spec);
}

static void test_spec_errors(void **state)
{
	static const char *const bad[] = {
	    "blok: [64]\n", /* a typo is an error */
	    "kernels:\n  k:\n    kernels: {}\n",
	    "kernels:\n  k: 3\n",
	    "- a list\n",
	    "block: [64\n", /* broken YAML */
	};
	struct gv_spec spec;
	char *err;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err = NULL;
		assert_int_equal(
		    gv_spec_parse(&spec, bad[i], strlen(bad[i]), &err), -1);
		assert_non_null(err);
		free(err);
	}
	err = NULL;
	assert_int_equal(gv_spec_parse(&spec, "blok: 1\n", 8, &err), -1);
	assert_non_null(strstr(err, "line 1"));
	free(err);
	/* An empty file is an empty spec. */
	parse_spec(&spec, "");
	assert_null(gv_spec_get(&spec, "k", "block"));
	gv_spec_release(&spec);
}

/* Lookup order: instance label, kernel name, top level. */
static void test_spec_lookup(void **state)
{
	struct gv_spec spec;

	(void)state;
	parse_spec(&spec, "block: [32]\n"
			  "kernels:\n"
			  "  r:\n    block: [64]\n    grid: [2]\n"
			  "  r<256>:\n    block: [256]\n");
	assert_string_equal(
	    gv_spec_scalar(
		&spec,
		gv_spec_item(&spec, gv_spec_get(&spec, "r<256>", "block"), 0)),
	    "256");
	assert_string_equal(
	    gv_spec_scalar(
		&spec,
		gv_spec_item(&spec, gv_spec_get(&spec, "r<256>", "grid"), 0)),
	    "2");
	assert_string_equal(
	    gv_spec_scalar(
		&spec,
		gv_spec_item(&spec, gv_spec_get(&spec, "r", "block"), 0)),
	    "64");
	assert_string_equal(
	    gv_spec_scalar(
		&spec,
		gv_spec_item(&spec, gv_spec_get(&spec, "other", "block"), 0)),
	    "32");
	assert_null(gv_spec_get(&spec, "other", "grid"));
	gv_spec_release(&spec);
}

static void test_shapes_default(void **state)
{
	struct gv_spec spec;
	struct gv_kernel k;
	char *why = NULL;
	unsigned i;

	(void)state;
	memset(&spec, 0, sizeof(spec));
	memset(&k, 0, sizeof(k));
	k.name = strdup("k");
	assert_int_equal(gv_plan_shapes(&spec, &k, false, false, &why), 0);
	assert_true(k.nr_shapes >= 3);
	assert_int_equal(k.nr_seeds, 3);
	/* At least one shape leaves a partial warp. */
	for (i = 0; i < k.nr_shapes; i++)
		if (k.shapes[i].n % 32)
			break;
	assert_true(i < k.nr_shapes);
	assert_int_equal(k.shapes[k.timing_shape].gx, 1024);
	assert_string_equal(k.shapes[0].smem, "0");
	gv_kernel_release(&k);
	/* One block, and dynamic shared memory. */
	k.name = strdup("k");
	assert_int_equal(gv_plan_shapes(&spec, &k, true, true, &why), 0);
	for (i = 0; i < k.nr_shapes; i++)
		assert_int_equal(k.shapes[i].gx, 1);
	assert_string_equal(k.shapes[0].smem, "block*8");
	gv_kernel_release(&k);
}

static void test_shapes_spec(void **state)
{
	struct gv_spec spec;
	struct gv_kernel k;
	char *why = NULL;

	(void)state;
	parse_spec(&spec, "kernels:\n  k:\n    shapes:\n"
			  "      - { grid: [2, 3], block: [16, 8], n: 700 }\n"
			  "      - { block: 64, n: 100 }\n"
			  "    seeds: [7, 8]\n    tolerance: 1e-6\n"
			  "    smem: block * 4\n");
	memset(&k, 0, sizeof(k));
	k.name = strdup("k");
	assert_int_equal(gv_plan_shapes(&spec, &k, false, false, &why), 0);
	assert_int_equal(k.nr_shapes, 2);
	assert_int_equal(k.shapes[0].gy, 3);
	assert_int_equal(k.shapes[0].by, 8);
	assert_int_equal(k.shapes[1].gx, 2); /* ceil(100 / 64) */
	assert_int_equal(k.nr_seeds, 2);
	assert_int_equal(k.seeds[1], 8);
	assert_true(k.tolerance > 0);
	assert_int_equal(k.timing_shape, 0);
	gv_kernel_release(&k);
	gv_spec_release(&spec);
}

/* The text the runner reads: expressions lose their blanks. */
static void test_plan_write(void **state)
{
	struct gv_spec spec;
	struct gv_kernel k;
	char *buf = NULL, *why = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	parse_spec(&spec, "smem: block * 4\nblock: [128]\n");
	memset(&k, 0, sizeof(k));
	k.name = strdup("k");
	k.label = strdup("k");
	k.entry[0] = strdup("_Z1kPfi");
	k.entry[1] = strdup("_Z1kPfi");
	k.image[0] = strdup("clang-legacy before.ptx");
	k.image[1] = strdup("after.cubin");
	k.args = calloc(2, sizeof(*k.args));
	derive(&spec, "k", NULL, "out", true, false, "float", 4, &k.args[0]);
	derive(&spec, "k", NULL, "n", false, false, "int", 4, &k.args[1]);
	k.nr_args = 2;
	assert_int_equal(gv_plan_shapes(&spec, &k, false, false, &why), 0);
	f = open_memstream(&buf, &len);
	gv_plan_write(f, &k);
	fclose(f);
	assert_non_null(strstr(buf, "kernel k\n"));
	assert_non_null(strstr(buf, "image clang-legacy before.ptx "
				    "after.cubin\n"));
	assert_non_null(strstr(buf, "arg ptr f32 4 out max(n,threads) -1 1\n"));
	assert_non_null(strstr(buf, "arg val i32 4 n\n"));
	assert_non_null(strstr(buf, "shape 1 1 128 1 block*4 117\n"));
	assert_non_null(strstr(buf, "seeds 1 2 3\n"));
	assert_non_null(strstr(buf, "end\n"));
	free(buf);
	gv_kernel_release(&k);
	gv_spec_release(&spec);
}

static void test_expr(void **state)
{
	struct gv_vars v = {1000, 4, 256, 1024, 32};
	long long r = 0;

	(void)state;
	assert_int_equal(gv_expr_eval("max(n,threads)", &v, &r), 0);
	assert_int_equal(r, 1024);
	assert_int_equal(gv_expr_eval("min(n, threads) - 1", &v, &r), 0);
	assert_int_equal(r, 999);
	assert_int_equal(gv_expr_eval("2*threads + (block / 32) % 3", &v, &r),
			 0);
	assert_int_equal(r, 2050);
	assert_int_equal(gv_expr_eval("0x10 * -2", &v, &r), 0);
	assert_int_equal(r, -32);
	assert_int_equal(gv_expr_eval("n +", &v, &r), -1);
	assert_int_equal(gv_expr_eval("blocks", &v, &r), -1);
	assert_int_equal(gv_expr_eval("n / 0", &v, &r), -1);
	assert_int_equal(gv_expr_eval("pow(n, 2)", &v, &r), -1);
}

static void test_fill(void **state)
{
	float a[256], b[256];
	int c[256];
	size_t i;

	(void)state;
	gv_fill(GV_F32, 4, a, 256, -1, 1, 7, 0);
	gv_fill(GV_F32, 4, b, 256, -1, 1, 7, 0);
	assert_memory_equal(a, b, sizeof(a));
	for (i = 0; i < 256; i++) {
		assert_true(a[i] >= -1 && a[i] <= 1);
		/* Multiples of 1/256: exact in every float type. */
		assert_true(a[i] * 256 == (float)(int)(a[i] * 256));
	}
	gv_fill(GV_F32, 4, b, 256, -1, 1, 8, 0);
	assert_memory_not_equal(a, b, sizeof(a));
	gv_fill(GV_F32, 4, b, 256, -1, 1, 7, 1); /* another argument */
	assert_memory_not_equal(a, b, sizeof(a));
	gv_fill(GV_I32, 4, c, 256, -3, 3, 1, 0);
	for (i = 0; i < 256; i++)
		assert_true(c[i] >= -3 && c[i] <= 3);
}

/*
 * Recorded before/after buffers of a real mismatch (the half-warp
 * shuffle of corpus/WL101/shfl-divergent-masks.cu run with two blocks
 * on one array): the first difference and its values.
 */
static void test_compare_recorded(void **state)
{
	static const int32_t before[8] = {5, -3, 90, -113, 7, 7, 0, 1};
	static const int32_t after[8] = {5, -3, 90, -226, 7, 14, 0, 1};
	struct gv_diff d;

	(void)state;
	assert_int_equal(gv_compare(GV_I32, 4, before, before, 8, 0, &d),
			 GV_CMP_IDENTICAL);
	assert_int_equal(d.first, -1);
	assert_int_equal(gv_compare(GV_I32, 4, before, after, 8, 0, &d),
			 GV_CMP_DIFFERENT);
	assert_int_equal(d.first, 3);
	assert_int_equal(d.nr_diff, 2);
	assert_string_equal(d.before, "-113");
	assert_string_equal(d.after, "-226");
	/* A tolerance never excuses integers. */
	assert_int_equal(gv_compare(GV_I32, 4, before, after, 8, 0.5, &d),
			 GV_CMP_DIFFERENT);
}

static void test_compare_floats(void **state)
{
	float a[4] = {1.0f, 2.0f, -0.0f, 3.0f};
	float b[4] = {1.0f, 2.0f + 1e-7f * 2, 0.0f, 3.0f};
	float n1[1] = {__builtin_nanf("")}, n2[1] = {__builtin_nanf("")};
	unsigned char s1[6] = {1, 2, 3, 4, 5, 6}, s2[6] = {1, 2, 3, 4, 9, 6};
	struct gv_diff d;

	(void)state;
	/* -0.0 and 0.0 differ in their bytes: not identical. */
	assert_int_equal(gv_compare(GV_F32, 4, a, b, 4, 0, &d),
			 GV_CMP_DIFFERENT);
	assert_int_equal(d.first, 1);
	assert_int_equal(gv_compare(GV_F32, 4, a, b, 4, 1e-6, &d),
			 GV_CMP_WITHIN_TOL);
	assert_true(d.max_rel > 0 && d.max_rel < 1e-6);
	/* The same NaN bits are identical; NaN is never within tolerance. */
	assert_int_equal(gv_compare(GV_F32, 4, n1, n2, 1, 0, &d),
			 GV_CMP_IDENTICAL);
	n2[0] = 1.0f;
	assert_int_equal(gv_compare(GV_F32, 4, n1, n2, 1, 1, &d),
			 GV_CMP_DIFFERENT);
	/* Structs: elements of 3 bytes, shown as hex. */
	assert_int_equal(gv_compare(GV_BYTES, 3, s1, s2, 2, 0, &d),
			 GV_CMP_DIFFERENT);
	assert_int_equal(d.first, 1);
	assert_string_equal(d.before, "040506");
	assert_string_equal(d.after, "040906");
}

/* Template arguments from the file's own explicit instantiations. */
static void test_explicit_instances(void **state)
{
	static const char text[] =
		"template <unsigned B, bool P> __global__ void r(int *);\n"
		"template __global__ void r<256, true>(int *);\n"
		"template void __global__ r< 128u , false >(int *);\n"
		"void host() { r<64, true><<<1, 64>>>(0); }\n"
		"template __global__ void rr<1, true>(int *);\n"
		"template __global__ void s<pair<int, float>, 3>(int *);\n";
	char ***args;
	unsigned n;

	(void)state;
	n = gv_explicit_instances(text, "r", &args);
	assert_int_equal(n, 2);
	assert_string_equal(args[0][0], "256");
	assert_string_equal(args[0][1], "true");
	assert_null(args[0][2]);
	assert_string_equal(args[1][0], "128u");
	assert_string_equal(args[1][1], "false");
	gv_free_instances(args, n);
	n = gv_explicit_instances(text, "s", &args);
	assert_int_equal(n, 1);
	assert_string_equal(args[0][0], "pair<int, float>");
	assert_string_equal(args[0][1], "3");
	gv_free_instances(args, n);
	assert_int_equal(gv_explicit_instances(text, "t", &args), 0);
}

static void test_match_entry(void **state)
{
	char *entries[] = {"_Z3sumPKfPfi",	  "_Z4sum2Pf",
			   "_ZN2ns3dotEPf",	  "plain_c",
			   "_Z1rILj256EEvPKfPfj", "_Z1rILj64EEvPKfPfj"};
	char *dem[] = {"sum(floatconst*,float*,int)",
		       "sum2(float*)",
		       "ns::dot(float*)",
		       "plain_c",
		       "r<256>(floatconst*,float*,unsignedint)",
		       "r<64>(floatconst*,float*,unsignedint)"};

	(void)state;
	assert_string_equal(gv_match_entry(entries, dem, 6, "sum", NULL),
			    entries[0]);
	assert_string_equal(gv_match_entry(entries, dem, 6, "sum2", NULL),
			    entries[1]);
	assert_string_equal(gv_match_entry(entries, dem, 6, "dot", NULL),
			    entries[2]);
	assert_string_equal(gv_match_entry(entries, dem, 6, "plain_c", NULL),
			    entries[3]);
	assert_string_equal(gv_match_entry(entries, dem, 6, "r", "r<64>"),
			    entries[5]);
	assert_null(gv_match_entry(entries, dem, 6, "r", "r<128>"));
	assert_null(gv_match_entry(entries, dem, 6, "missing", NULL));
}

/* Struct fields, vectors, function pointers, globals, ignored outputs. */
static void test_derive_param(void **state)
{
	static const struct gv_field fields[] = {
	    {"rows", 0, false, false, "int", 4, 0, NULL},
	    {"data", 8, true, true, "float", 4, 0, NULL},
	    {"scale", 16, false, false, "float", 4, 0, NULL},
	};
	struct gv_param sp = {.name = "m", .type = "Mat", .size = 24,
			      .fields = fields, .nr_fields = 3,
			      .is_record = true};
	struct gv_param fp = {.name = "cb", .is_ptr = true, .is_fnptr = true};
	struct gv_param vp = {.name = "v", .is_ptr = true, .type = "float4",
			      .size = 16, .lanes = 4, .lane_type = "float"};
	struct gv_param ep = {.name = "op", .type = "Sum", .size = 1,
			      .is_record = true};
	struct gv_spec spec;
	struct gv_kernel k;
	char *why = NULL, *buf = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	parse_spec(&spec, "scalars: { m.scale: 0.5 }\nignore: [v]\n");
	memset(&k, 0, sizeof(k));
	k.name = strdup("k");
	k.label = strdup("k");
	assert_int_equal(gv_derive_param(&spec, "k", NULL, &sp, &k, &why), 0);
	assert_int_equal(gv_derive_param(&spec, "k", NULL, &fp, &k, &why), 0);
	assert_int_equal(gv_derive_param(&spec, "k", NULL, &vp, &k, &why), 0);
	assert_int_equal(gv_derive_param(&spec, "k", NULL, &ep, &k, &why), 0);
	assert_null(why);
	/* Head, three fields, NULL, the vector buffer, the empty functor. */
	assert_int_equal(k.nr_args, 7);
	assert_int_equal(k.args[0].struct_size, 24);
	assert_true(k.args[1].is_field && k.args[1].offset == 0);
	assert_string_equal(k.args[1].name, "m.rows");
	assert_string_equal(k.args[1].expr, "n"); /* rows: a length */
	assert_true(k.args[2].is_ptr && k.args[2].offset == 8);
	assert_string_equal(k.args[3].expr, "0.5");
	assert_true(k.args[4].is_null);
	assert_int_equal(k.args[5].type, GV_F32);
	assert_string_equal(k.args[5].expr, "(max(n,threads))*4");
	assert_true(k.args[5].ignored);
	assert_int_equal(k.args[6].struct_size, 1);
	assert_int_equal(gv_plan_shapes(&spec, &k, false, false, &why), 0);
	f = open_memstream(&buf, &len);
	gv_plan_write(f, &k);
	fclose(f);
	assert_non_null(strstr(buf, "arg struct 24\n  field 0 val i32 4 n\n"
				    "  field 8 ptr f32 4 in "));
	assert_non_null(strstr(buf, "  field 16 val f32 4 0.5\n"));
	assert_non_null(strstr(buf, "arg null\n"));
	assert_non_null(strstr(buf, "arg ptr f32 4 ignore (max(n,threads))*4"));
	assert_non_null(strstr(buf, "arg struct 1\n"));
	free(buf);
	gv_kernel_release(&k);
	gv_spec_release(&spec);
}

static void test_derive_global(void **state)
{
	struct gv_param ptr = {.name = "d_dag", .is_ptr = true,
			       .type = "hash128_t", .size = 128, .lanes = 32,
			       .lane_type = "unsigned int"};
	struct gv_param val = {.name = "d_size", .type = "unsigned int",
			       .size = 4};
	struct gv_param mem = {.name = "d_key", .type = "uint4[2]", .size = 32};
	struct gv_spec spec;
	struct gv_kernel k;
	char *why = NULL, *buf = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	memset(&spec, 0, sizeof(spec));
	memset(&k, 0, sizeof(k));
	k.name = strdup("k");
	k.label = strdup("k");
	assert_int_equal(gv_derive_global(&spec, "k", &ptr, "512", &k, &why),
			 0);
	assert_int_equal(gv_derive_global(&spec, "k", &val, "threads", &k,
					  &why),
			 0);
	assert_int_equal(gv_derive_global(&spec, "k", &mem, "fill", &k, &why),
			 0);
	assert_int_equal(gv_plan_shapes(&spec, &k, false, false, &why), 0);
	f = open_memstream(&buf, &len);
	gv_plan_write(f, &k);
	fclose(f);
	assert_non_null(strstr(buf, "global d_dag ptr u32 4 out (512)*32 0 100\n"));
	assert_non_null(strstr(buf, "global d_size val u32 4 threads\n"));
	assert_non_null(strstr(buf, "global d_key mem bytes 32 out 1 "));
	free(buf);
	gv_kernel_release(&k);
}

/* The block the code allows bounds the default shapes. */
static void test_shapes_block_facts(void **state)
{
	struct gv_spec spec;
	struct gv_kernel k;
	char *why = NULL;
	unsigned i;

	(void)state;
	memset(&spec, 0, sizeof(spec));
	memset(&k, 0, sizeof(k));
	k.name = strdup("k");
	k.block_exact = 64; /* __shared__ int s[64] indexed by the thread */
	assert_int_equal(gv_plan_shapes(&spec, &k, false, false, &why), 0);
	for (i = 0; i < k.nr_shapes; i++)
		assert_int_equal(k.shapes[i].bx, 64);
	gv_kernel_release(&k);
	k.name = strdup("k");
	k.block_max = 100; /* __launch_bounds__(100): whole warps below */
	assert_int_equal(gv_plan_shapes(&spec, &k, false, false, &why), 0);
	assert_int_equal(k.shapes[0].bx, 64);
	assert_int_equal(k.shapes[2].bx, 96);
	gv_kernel_release(&k);
	/* A spec's block is taken as given. */
	parse_spec(&spec, "block: [256]\n");
	k.name = strdup("k");
	k.block_exact = 64;
	assert_int_equal(gv_plan_shapes(&spec, &k, false, false, &why), 0);
	assert_int_equal(k.shapes[0].bx, 256);
	gv_kernel_release(&k);
	gv_spec_release(&spec);
}

/* Constant expressions of a kernel's code: template values, suffixes. */
static void test_eval_tokens(void **state)
{
	const char *names[] = {"BLOCK", "WARPS"};
	const char *vals[] = {"128", "4"};
	long long v = 0;

	(void)state;
	assert_int_equal(gv_eval_tokens("BLOCK * 2", NULL, names, vals, 2, &v),
			 0);
	assert_int_equal(v, 256);
	assert_int_equal(gv_eval_tokens("( WARPS * 32u ) + 1UL", NULL, names,
					vals, 2, &v),
			 0);
	assert_int_equal(v, 129);
	assert_int_equal(gv_eval_tokens("OTHER * 2", NULL, names, vals, 2, &v),
			 -1);
	assert_int_equal(gv_eval_tokens("sizeof ( int )", NULL, NULL, NULL, 0,
					&v),
			 -1);
}

/* Order-insensitive comparison: an atomic append in another order. */
static void test_compare_multiset(void **state)
{
	static const int32_t a[6] = {4, 9, -1, 7, 7, 0};
	static const int32_t b[6] = {7, 0, 4, -1, 9, 7};
	static const int32_t c[6] = {7, 0, 4, -1, 9, 8};
	float x[3] = {0.5f, -0.0f, 2.0f}, y[3] = {2.0f, 0.5f, -0.0f};
	float z[3] = {2.0f, 0.5f, 0.0f};
	unsigned char s1[6] = {1, 2, 3, 4, 5, 6}, s2[6] = {4, 5, 6, 1, 2, 3};
	struct gv_diff d;

	(void)state;
	assert_int_equal(gv_compare(GV_I32, 4, a, b, 6, 0, &d),
			 GV_CMP_DIFFERENT);
	assert_int_equal(gv_compare_multiset(GV_I32, 4, a, b, 6, 0, &d),
			 GV_CMP_IDENTICAL);
	assert_int_equal(gv_compare_multiset(GV_I32, 4, a, c, 6, 0, &d),
			 GV_CMP_DIFFERENT);
	/* -0.0 and 0.0 are different elements. */
	assert_int_equal(gv_compare_multiset(GV_F32, 4, x, y, 3, 0, &d),
			 GV_CMP_IDENTICAL);
	assert_int_equal(gv_compare_multiset(GV_F32, 4, x, z, 3, 0, &d),
			 GV_CMP_DIFFERENT);
	assert_int_equal(gv_compare_multiset(GV_BYTES, 3, s1, s2, 2, 0, &d),
			 GV_CMP_IDENTICAL);
	/* The inputs are left as they were. */
	assert_int_equal(a[0], 4);
	assert_int_equal(b[0], 7);
}

static void test_length_fields(void **state)
{
	(void)state;
	assert_true(gv_is_length_name("d.rows"));
	assert_true(gv_is_length_name("dim_M.cols"));
	assert_false(gv_is_length_name("d.stride"));
	assert_true(gv_is_length_name("dim"));
}

static void test_match_qualified(void **state)
{
	char *entries[] = {"_ZN3ns1kIfEEvPf", "_Z1kIiEvPi"};
	char *dem[] = {"ns::k<float>(float*)", "k<int>(int*)"};

	(void)state;
	assert_string_equal(gv_match_entry(entries, dem, 2, "k", "k<float>"),
			    entries[0]);
	assert_string_equal(gv_match_entry(entries, dem, 2, "k", "k<int>"),
			    entries[1]);
	assert_null(gv_match_entry(entries, dem, 2, "k", "s::k<float>"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_length_names),
	    cmocka_unit_test(test_type_of),
	    cmocka_unit_test(test_derive_pointers),
	    cmocka_unit_test(test_derive_scalars),
	    cmocka_unit_test(test_derive_template),
	    cmocka_unit_test(test_spec_errors),
	    cmocka_unit_test(test_spec_lookup),
	    cmocka_unit_test(test_shapes_default),
	    cmocka_unit_test(test_shapes_spec),
	    cmocka_unit_test(test_plan_write),
	    cmocka_unit_test(test_expr),
	    cmocka_unit_test(test_fill),
	    cmocka_unit_test(test_compare_recorded),
	    cmocka_unit_test(test_compare_floats),
	    cmocka_unit_test(test_explicit_instances),
	    cmocka_unit_test(test_match_entry),
	    cmocka_unit_test(test_derive_param),
	    cmocka_unit_test(test_derive_global),
	    cmocka_unit_test(test_shapes_block_facts),
	    cmocka_unit_test(test_eval_tokens),
	    cmocka_unit_test(test_compare_multiset),
	    cmocka_unit_test(test_length_fields),
	    cmocka_unit_test(test_match_qualified),
	};

	return cmocka_run_group_tests_name("gpu_verify", tests, NULL, NULL);
}
