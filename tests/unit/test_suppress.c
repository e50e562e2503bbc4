/* SPDX-License-Identifier: MIT */
/*
 * Inline suppressions (driver/suppress.c) through wl_analyze on small
 * in-memory kernels: the directive grammar, next-line and blocks, NOLINT,
 * justifications, unknown ids, and WL901 with its deletion fix.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "base/source.h"
#include "base/util.h"
#include "driver/analyze.h"
#include "fixits/edit.h"

struct fixture {
	CXIndex index;
	struct wl_source src;
	struct wl_findings out;
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));

	fx->index = clang_createIndex(0, 0);
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	clang_disposeIndex(fx->index);
	free(fx);
	return 0;
}

/* Release what the previous case analyzed. */
static int reset(void **state)
{
	struct fixture *fx = *state;

	wl_findings_release(&fx->out);
	wl_source_release(&fx->src);
	memset(&fx->src, 0, sizeof(fx->src));
	return 0;
}

#define HEAD "__global__ void k(int *p)\n{\n\tint v = p[threadIdx.x];\n"
#define TAIL "\tp[threadIdx.x] = v;\n}\n"

static void analyze(struct fixture *fx, const char *code)
{
	struct wl_analyze_opts opts;
	char *err = NULL;

	wl_analyze_opts_default(&opts);
	wl_source_init_mem(&fx->src, "s.cu", code, strlen(code));
	assert_int_equal(wl_analyze(fx->index, &fx->src, &opts, &fx->out, &err),
			 0);
}

/* How many findings of @rule, and how many of them are suppressed. */
static unsigned count(const struct fixture *fx, enum wl_rule_id rule,
		      unsigned *suppressed)
{
	unsigned i, n = 0;

	*suppressed = 0;
	for (i = 0; i < fx->out.nr; i++) {
		if (fx->out.v[i].rule != rule)
			continue;
		n++;
		*suppressed += fx->out.v[i].suppressed;
	}
	return n;
}

static const struct wl_finding *first(const struct fixture *fx,
				      enum wl_rule_id rule)
{
	unsigned i;

	for (i = 0; i < fx->out.nr; i++)
		if (fx->out.v[i].rule == rule)
			return &fx->out.v[i];
	return NULL;
}

static void test_disable_line(void **state)
{
	struct fixture *fx = *state;
	unsigned s;

	analyze(fx, HEAD "\tv += __shfl_down(v, 1); "
		"// warplint-disable-line WL101 -- built for sm_60\n"
		"\tv += __shfl_down(v, 2);\n" TAIL);
	/* Only the line with the comment is covered. */
	assert_int_equal(count(fx, WL101, &s), 2);
	assert_int_equal(s, 1);
	assert_string_equal(first(fx, WL101)->justification, "built for sm_60");
	assert_int_equal(count(fx, WL901, &s), 0);
}

static void test_next_line_by_name(void **state)
{
	struct fixture *fx = *state;
	unsigned s;

	analyze(fx, HEAD "\t// warplint-disable-next-line legacy-shuffle, "
		"WL102 -- vendored\n"
		"\tv += __shfl_down(v, 1) + __ballot(v);\n"
		"\tv += __shfl_down(v, 2);\n" TAIL);
	assert_int_equal(count(fx, WL101, &s), 2);
	assert_int_equal(s, 1);
	assert_int_equal(count(fx, WL102, &s), 1);
	assert_int_equal(s, 1);
	assert_int_equal(count(fx, WL901, &s), 0);
}

static void test_block(void **state)
{
	struct fixture *fx = *state;
	unsigned s;

	analyze(fx, HEAD "\t/* warplint-disable WL101 -- old code */\n"
		"\tv += __shfl_down(v, 1);\n"
		"\tv += __shfl_xor(v, 2);\n"
		"\t/* warplint-enable WL101 */\n"
		"\tv += __shfl_down(v, 4);\n" TAIL);
	/* The two inside the block, not the one after it. */
	assert_int_equal(count(fx, WL101, &s), 3);
	assert_int_equal(s, 2);
	assert_int_equal(count(fx, WL901, &s), 0);
}

static void test_nolint(void **state)
{
	struct fixture *fx = *state;
	unsigned s;

	analyze(fx, HEAD "\tv += __shfl_down(v, 1); // NOLINT(WL101)\n"
		"\t// NOLINTNEXTLINE(bugprone-foo, WL101)\n"
		"\tv += __shfl_down(v, 2);\n"
		"\tv += __shfl_down(v, 4); // NOLINT(bugprone-foo)\n" TAIL);
	assert_int_equal(count(fx, WL101, &s), 3);
	assert_int_equal(s, 2);
	/* Another tool's names are not ours to judge. */
	assert_int_equal(count(fx, WL901, &s), 0);
}

static void test_unknown_id_is_an_error(void **state)
{
	struct fixture *fx = *state;
	const struct wl_finding *f;
	unsigned s;

	analyze(fx, HEAD "\tv += __shfl_down(v, 1); "
		"// warplint-disable-line WL999\n" TAIL);
	f = first(fx, WL901);
	assert_non_null(f);
	assert_int_equal(f->level, WL_LEVEL_ERROR);
	assert_non_null(strstr(f->message, "WL999"));
	assert_int_equal(count(fx, WL101, &s), 1);
	assert_int_equal(s, 0);
}

static void test_not_in_strings(void **state)
{
	struct fixture *fx = *state;
	unsigned s;

	analyze(fx, HEAD "\tconst char *t = \"// warplint-disable-line WL101\";"
		" v += __shfl_down(v, t[0]);\n" TAIL);
	assert_int_equal(count(fx, WL101, &s), 1);
	assert_int_equal(s, 0);
}

/* An unused comment on its own line is deleted with its line. */
static void test_unused_own_line_fix(void **state)
{
	struct fixture *fx = *state;
	const char *code = HEAD "\t// warplint-disable-next-line WL101 -- x\n"
			   "\tv += 1;\n" TAIL;
	const struct wl_finding *f;
	size_t len;
	char *fixed;

	analyze(fx, code);
	f = first(fx, WL901);
	assert_non_null(f);
	assert_int_equal(f->level, WL_LEVEL_WARNING);
	assert_int_equal(f->line, 4);
	assert_non_null(f->fix);
	fixed = wl_apply_fixes(&fx->src, &fx->out, &len);
	assert_string_equal(fixed, HEAD "\tv += 1;\n" TAIL);
	free(fixed);
}

/* A trailing one goes with the blanks before it; a block with its enable. */
static void test_unused_trailing_and_block_fix(void **state)
{
	struct fixture *fx = *state;
	size_t len;
	char *fixed;

	analyze(fx, HEAD "\tv += 1; // warplint-disable-line WL102\n"
		"\t/* warplint-disable WL201 */\n"
		"\tv += 2;\n"
		"\t/* warplint-enable WL201 */\n" TAIL);
	fixed = wl_apply_fixes(&fx->src, &fx->out, &len);
	assert_string_equal(fixed, HEAD "\tv += 1;\n\tv += 2;\n" TAIL);
	free(fixed);
}

/* Partly used: reported, but only a human can edit the id list. */
static void test_partly_used_has_no_fix(void **state)
{
	struct fixture *fx = *state;
	const struct wl_finding *f;

	analyze(fx, HEAD "\tv += __shfl_down(v, 1); "
		"// warplint-disable-line WL101,WL102\n" TAIL);
	f = first(fx, WL901);
	assert_non_null(f);
	assert_non_null(strstr(f->message, "WL102"));
	assert_null(strstr(f->message, "WL101"));
	assert_null(f->fix);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_disable_line, reset),
		cmocka_unit_test_teardown(test_next_line_by_name, reset),
		cmocka_unit_test_teardown(test_block, reset),
		cmocka_unit_test_teardown(test_nolint, reset),
		cmocka_unit_test_teardown(test_unknown_id_is_an_error, reset),
		cmocka_unit_test_teardown(test_not_in_strings, reset),
		cmocka_unit_test_teardown(test_unused_own_line_fix, reset),
		cmocka_unit_test_teardown(test_unused_trailing_and_block_fix,
					  reset),
		cmocka_unit_test_teardown(test_partly_used_has_no_fix, reset),
	};

	return cmocka_run_group_tests_name("suppress", tests, setup, teardown);
}
