/* SPDX-License-Identifier: MIT */
/*
 * A translation unit's result as bytes and back (driver/tu_blob.c), as
 * the cache and --timeout use it: every field travels, and bytes cut
 * short or garbled are an error that leaves nothing allocated.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "base/util.h"
#include "driver/analyze.h"
#include "driver/tu_blob.h"
#include "fixits/edit.h"

/* One WL301 finding with a fix of two edits, one plain WL102, two deps. */
static void sample(struct wl_tu_result *r)
{
	struct wl_finding *f;

	memset(r, 0, sizeof(*r));
	WL_GROW(r->findings.v, r->findings.nr, r->findings.alloc);
	f = &r->findings.v[r->findings.nr++];
	memset(f, 0, sizeof(*f));
	f->rule = WL301;
	f->level = WL_LEVEL_ERROR;
	f->offset = 10;
	f->length = 4;
	f->line = 2;
	f->col = 3;
	f->end_line = 2;
	f->end_col = 7;
	f->message = wl_xstrdup("lane 1 reads s[t + 1]");
	f->note = wl_xstrdup("one stretch");
	f->configs = wl_xstrdup("a,b");
	f->fix = wl_fix_new("read into a register");
	wl_fix_replace(f->fix, 10, 4, "v = s[t + 1];");
	wl_fix_insert(f->fix, 20, "__syncwarp(0xffffffff);");
	wl_fix_mark_unsafe(f->fix, "the mask is guessed");
	f->fix->whole = true;
	WL_GROW(r->findings.v, r->findings.nr, r->findings.alloc);
	f = &r->findings.v[r->findings.nr++];
	memset(f, 0, sizeof(*f));
	f->rule = WL102;
	f->level = WL_LEVEL_WARNING;
	f->suppressed = true;
	f->message = wl_xstrdup("legacy __any()");
	f->justification = wl_xstrdup("sm_60 only");
	r->deps = wl_xcalloc(2, sizeof(*r->deps));
	r->deps[0] = wl_xstrdup("k.cu");
	r->deps[1] = wl_xstrdup("include/step.cuh");
	r->nr_deps = r->alloc_deps = 2;
}

static void test_round_trip(void **state)
{
	struct wl_tu_result in, out;
	struct wl_buf b = WL_BUF_INIT;
	const struct wl_finding *f;
	char *err = NULL;

	(void)state;
	sample(&in);
	wl_tu_result_pack(&b, 0, NULL, &in);
	memset(&out, 0, sizeof(out));
	assert_int_equal(wl_tu_result_unpack(b.s, b.len, &out, &err), 0);
	assert_null(err);
	assert_int_equal(out.findings.nr, 2);
	f = &out.findings.v[0];
	assert_int_equal(f->rule, WL301);
	assert_int_equal(f->level, WL_LEVEL_ERROR);
	assert_int_equal(f->offset, 10);
	assert_int_equal(f->end_col, 7);
	assert_string_equal(f->message, "lane 1 reads s[t + 1]");
	assert_string_equal(f->note, "one stretch");
	assert_string_equal(f->configs, "a,b");
	assert_non_null(f->fix);
	assert_int_equal(f->fix->nr_edits, 2);
	assert_string_equal(f->fix->edits[1].text, "__syncwarp(0xffffffff);");
	assert_int_equal(f->fix->safety, WL_FIX_UNSAFE);
	assert_string_equal(f->fix->unsafe_why, "the mask is guessed");
	assert_true(f->fix->whole);
	f = &out.findings.v[1];
	assert_true(f->suppressed);
	assert_null(f->fix);
	assert_null(f->note);
	assert_string_equal(f->justification, "sm_60 only");
	assert_int_equal(out.nr_deps, 2);
	assert_string_equal(out.deps[1], "include/step.cuh");
	wl_tu_result_release(&out);
	wl_tu_result_release(&in);
	wl_buf_release(&b);
}

static void test_failure_travels(void **state)
{
	struct wl_tu_result out;
	struct wl_buf b = WL_BUF_INIT;
	char *err = NULL;

	(void)state;
	wl_tu_result_pack(&b, -1, "no translation unit", NULL);
	memset(&out, 0, sizeof(out));
	assert_int_equal(wl_tu_result_unpack(b.s, b.len, &out, &err), -1);
	assert_string_equal(err, "no translation unit");
	free(err);
	wl_buf_release(&b);
}

/* Every prefix of a good message is an error, with nothing left over. */
static void test_cut_short(void **state)
{
	struct wl_tu_result in, out;
	struct wl_buf b = WL_BUF_INIT;
	size_t n;

	(void)state;
	sample(&in);
	wl_tu_result_pack(&b, 0, NULL, &in);
	for (n = 0; n < b.len; n++) {
		char *err = NULL;

		memset(&out, 0, sizeof(out));
		assert_int_equal(wl_tu_result_unpack(b.s, n, &out, &err), -1);
		assert_non_null(err);
		assert_int_equal(out.findings.nr, 0);
		assert_null(out.deps);
		free(err);
	}
	wl_tu_result_release(&in);
	wl_buf_release(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_failure_travels),
		cmocka_unit_test(test_cut_short),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
