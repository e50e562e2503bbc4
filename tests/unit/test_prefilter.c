/* SPDX-License-Identifier: MIT */
/*
 * The prefilter (analyzer/prefilter.c) skips a file only when no rule can
 * fire on it: every trigger is seen, line splices and pasting are not
 * fooled, includes resolve as clang resolves them (quotes vs angle
 * brackets, -I, cycles), and anything it does not understand means parse.
 * The fixtures under tests/fixtures/prefilter/ say in their first line
 * whether they may be skipped ("// skip:") or must be parsed ("// parse:").
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/prefilter.h"
#include "base/embedded.h"
#include "base/source.h"
#include "base/util.h"

#define FIXTURES WL_SOURCE_DIR "/tests/fixtures/prefilter"

static bool dirty(const char *text)
{
	return wl_prefilter_text_is_dirty(text, strlen(text));
}

/* Each trigger alone makes text dirty; the code around it does not. */
static void test_triggers(void **state)
{
	static const char *const hits[] = {
		"v = __shfl(v, 0);", "__shfl_up", "__shfl_down", "__shfl_xor",
		"__shfl_sync", "__ballot(p)", "__any(p)", "__all(p)",
		"__ballot_sync", "__match_any_sync", "__reduce_add_sync",
		"__activemask()", "__syncwarp();", "__syncthreads();",
		"__syncthreads_count(p)", "__shared__ float s[32];",
		"volatile int *p;", "asm(\"mov.u32 %0, 0;\" : \"=r\"(x));",
		"__asm__ volatile(\"\")", "\"vote.ballot.b32 %0, %1;\"",
		"// warplint-disable-line WL101 -- why", "// NOLINT(WL101)",
		"/* NOLINTNEXTLINE(WL102) */",
		"namespace cg = cooperative_groups;", "__nvvm_bar_warp_sync(m)",
		"#define CAT(a, b) a##b", "%:define X", "?\?=define X",
		"g.shfl_down(v, 1)", "a[threadIdx.x ^ 1]",
		"r = any(p);", "all (p)", "syncthreads();",
	};
	unsigned i;

	(void)state;
	for (i = 0; i < WL_ARRAY_SIZE(hits); i++) {
		if (!dirty(hits[i]))
			fail_msg("'%s' should be dirty", hits[i]);
	}
	/* Ordinary CUDA that no rule looks at: no lane tells itself apart. */
	assert_false(dirty("__global__ void k(float *a, int n)\n{\n"
			   "\tint i = blockIdx.x * blockDim.x;\n"
			   "\tif (i < n)\n\t\ta[i] = sqrtf(a[i]) * 2.0f;\n"
			   "\tatomicAdd(&a[0], 1.0f);\n"
			   "\tcudaDeviceSynchronize();\n}\n"));
	assert_false(dirty("printf(\"%d: %s\\n\", i, s); // a#b _ s v a w c"));
	/* the bare votes only as whole words */
	assert_false(dirty("call(x); install (y); company = many;"));
	assert_false(dirty(""));
	/* A trigger cut short by the end of the buffer. */
	assert_false(dirty("__shf"));
	assert_false(dirty("_syn"));
}

/* A line splice inside a name is undone before the scan. */
static void test_splices(void **state)
{
	(void)state;
	assert_true(dirty("v = __sh\\\nfl_down(v, 1);"));
	assert_true(dirty("v = __sh\\  \r\nfl_down(v, 1);"));
	assert_true(dirty("vol\\\natile int x;"));
	assert_true(dirty("#define A 1 \\\n + __syncwarp()"));
	assert_false(dirty("#define A(x) \\\n\t((x) + 1)\n"));
	/* A backslash that is not a splice changes nothing. */
	assert_false(dirty("char c = '\\\\'; int d = 1; \\"));
}

/* A word found as the preprocessor reads it: splices undone. */
static bool spells(const char *text, const char *word)
{
	return wl_prefilter_text_spells(text, strlen(text), &word, 1);
}

static void test_spells(void **state)
{
	(void)state;
	assert_true(spells("return __ballot(p);", "__ballot"));
	assert_true(spells("return __bal\\\nlot(p);", "__ballot"));
	assert_true(spells("return __bal\\  \r\nlot(p);", "__ballot"));
	assert_true(spells("x = y ?" "?/\nz;", "__ballot"));
	assert_false(spells("return __bal lot(p);", "__ballot"));
	assert_false(spells("return __ball\\ x\nlot(p);", "__ballot"));
	assert_false(spells("", "asm"));
}

static bool skip_file(struct wl_prefilter *pf, const char *rel,
		      const char *const *args, unsigned nr)
{
	char *path = wl_xasprintf("%s/%s", FIXTURES, rel);
	struct wl_source src;
	char *err = NULL;
	bool skip;

	if (wl_source_load(&src, path, &err) < 0)
		fail_msg("%s: %s", path, err);
	skip = wl_prefilter_can_skip(pf, &src, args, nr);
	wl_source_release(&src);
	free(path);
	return skip;
}

static const char *const fixture_files[] = {
	"clean.cu", "computed_include.cu", "coop_groups.cu", "cycle.cu",
	"global_exchange.cu",
	"macro_indirect.cu", "macro_only.cu", "missing_include.cu",
	"pasted.cu", "splice.cu", "suppression.cu", "local/angle.cu",
	"local/quoted.cu",
};

/* What the fixture's first line promises: "// skip:" or "// parse:". */
static bool fixture_says_skip(const char *rel)
{
	char *path = wl_xasprintf("%s/%s", FIXTURES, rel);
	struct wl_source src;
	char *err = NULL;
	bool skip;

	if (wl_source_load(&src, path, &err) < 0)
		fail_msg("%s: %s", path, err);
	skip = wl_starts_with(src.text, "// skip:");
	if (!skip && !wl_starts_with(src.text, "// parse:"))
		fail_msg("%s: first line must say skip: or parse:", path);
	wl_source_release(&src);
	free(path);
	return skip;
}

/* Every fixture, in two orders, so that what is cached is not trusted
 * blindly: the verdict must not depend on which file came first. */
static void test_fixtures(void **state)
{
	const char *args[] = { "-I" FIXTURES "/include" };
	unsigned n = WL_ARRAY_SIZE(fixture_files), pass, k;

	(void)state;
	for (pass = 0; pass < 2; pass++) {
		struct wl_prefilter *pf = wl_prefilter_new();
		unsigned skipped = 0, parsed = 0, want_skipped = 0;

		for (k = 0; k < n; k++) {
			const char *rel = fixture_files[pass ? n - 1 - k : k];
			bool want = fixture_says_skip(rel);

			want_skipped += want;
			if (skip_file(pf, rel, args, 1) != want)
				fail_msg("%s: expected %s (pass %u)", rel,
					 want ? "skip" : "parse", pass);
		}
		wl_prefilter_stats(pf, &skipped, &parsed);
		assert_int_equal(skipped, want_skipped);
		assert_int_equal(parsed, n - want_skipped);
		wl_prefilter_free(pf);
	}
}

/* Entering an include cycle from either end: the dirty leaf is seen. */
static void test_cycles(void **state)
{
	const char *args[] = { "-I" FIXTURES "/include" };
	struct wl_prefilter *pf = wl_prefilter_new();
	struct wl_source src;
	static const char *const texts[] = {
		"#include \"proj/cycle_b.cuh\"\n",
		"#include \"proj/cycle_a.cuh\"\n",
		"#include <proj/cycle_leaf.cuh>\n",
	};
	unsigned i;

	(void)state;
	for (i = 0; i < WL_ARRAY_SIZE(texts); i++) {
		wl_source_init_mem(&src, FIXTURES "/mem.cu", texts[i],
				   strlen(texts[i]));
		assert_false(wl_prefilter_can_skip(pf, &src, args, 1));
		wl_source_release(&src);
	}
	/* And a clean cycle is clean from both ends. */
	for (i = 0; i < 2; i++) {
		const char *t = i ? "#include <proj/clean_cycle_b.cuh>\n"
				  : "#include <proj/clean_cycle_a.cuh>\n";

		wl_source_init_mem(&src, FIXTURES "/mem.cu", t, strlen(t));
		assert_true(wl_prefilter_can_skip(pf, &src, args, 1));
		wl_source_release(&src);
	}
	wl_prefilter_free(pf);
}

/* Arguments: -D text is scanned, unknown flags mean parse. */
static void test_arguments(void **state)
{
	struct wl_prefilter *pf = wl_prefilter_new();
	const char *clean = "__global__ void k(int *a) { a[0] = 1; }\n";
	static const char *const bad[][2] = {
		{ "-DREDUCE(v)=__shfl_down(v,1)", NULL },
		{ "-D", "SYNC=__syncwarp()" },
		{ "-DCAT(a,b)=a##b", NULL },
		{ "-idirafter", "/tmp" },
		{ "-imacros", "x.h" },
		{ "-fms-extensions", NULL },
		{ "--sysroot=/opt", NULL },
		{ "-nostdinc", NULL },
		{ "-include", FIXTURES "/include/proj/legacy_macro.cuh" },
		{ "-include", "proj/not_there.cuh" },
		{ "-I", NULL },
		{ "-isystem-after", "/tmp" },
		{ "-Wp,-I/tmp", NULL },
		/* Breaks the shim: every file would get WL900. */
		{ "-Dunsigned=)", NULL },
	};
	static const char *const good[][2] = {
		{ "-DBLOCK=256", NULL },
		{ "-D", "N=4" },
		{ "-UNDEBUG", NULL },
		{ "-std=c++17", NULL },
		{ "-I", FIXTURES "/include" },
		{ "-isystem", FIXTURES "/include" },
		{ "-iquote", FIXTURES "/local" },
		{ "-include", FIXTURES "/include/proj/clean.cuh" },
		{ "-Wall", NULL },
	};
	struct wl_source src;
	unsigned i;

	(void)state;
	wl_source_init_mem(&src, FIXTURES "/mem.cu", clean, strlen(clean));
	for (i = 0; i < WL_ARRAY_SIZE(bad); i++) {
		unsigned n = bad[i][1] ? 2 : 1;

		if (wl_prefilter_can_skip(pf, &src, bad[i], n))
			fail_msg("skipped with '%s %s'", bad[i][0],
				 bad[i][1] ? bad[i][1] : "");
	}
	for (i = 0; i < WL_ARRAY_SIZE(good); i++) {
		unsigned n = good[i][1] ? 2 : 1;

		if (!wl_prefilter_can_skip(pf, &src, good[i], n))
			fail_msg("parsed with '%s %s'", good[i][0],
				 good[i][1] ? good[i][1] : "");
	}
	wl_source_release(&src);
	wl_prefilter_free(pf);
}

/*
 * The prefilter trusts the shim: user code must name a primitive to use
 * it.  That holds only while no public shim macro hides a trigger behind
 * a clean name (internal __WL_* helpers are never used by user code).
 */
static void test_shim_macros_keep_their_names(void **state)
{
	unsigned i;

	(void)state;
	for (i = 0; i < wl_shim_files_count; i++) {
		const char *p = wl_shim_files[i].data;

		while ((p = strstr(p, "#define "))) {
			const char *name = p + 8, *eol = strchr(name, '\n');
			size_t len = eol ? (size_t)(eol - p) : strlen(p);
			size_t nlen = strcspn(name, " (\t\n");

			/* Follow line splices to the end of the body. */
			while (eol && eol[-1] == '\\') {
				eol = strchr(eol + 1, '\n');
				len = eol ? (size_t)(eol - p) : strlen(p);
			}
			if (strncmp(name, "__WL", 4) &&
			    wl_prefilter_text_is_dirty(name + nlen,
						       len - 8 - nlen) &&
			    !wl_prefilter_text_is_dirty(name, nlen))
				fail_msg("%s: #define %.*s hides a trigger",
					 wl_shim_files[i].name, (int)nlen, name);
			p += len;
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_triggers),
		cmocka_unit_test(test_splices),
		cmocka_unit_test(test_spells),
		cmocka_unit_test(test_fixtures),
		cmocka_unit_test(test_cycles),
		cmocka_unit_test(test_arguments),
		cmocka_unit_test(test_shim_macros_keep_their_names),
	};

	return cmocka_run_group_tests_name("prefilter", tests, NULL, NULL);
}
