/* SPDX-License-Identifier: MIT */
/*
 * The report's table of files (driver/report.c, wl_report_add()): one
 * entry per real file whatever path names it, an input that is also a
 * header stays an input, and the lookup by hash finds every one of
 * thousands of entries (a cached run adds one per input).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"
#include "driver/report.h"

struct tree {
	char dir[64];
	unsigned nr;
};

static char *file_in(const struct tree *t, unsigned i)
{
	return wl_xasprintf("%s/f%04u.cu", t->dir, i);
}

static int setup(void **state)
{
	struct tree *t = calloc(1, sizeof(*t));
	unsigned i;

	strcpy(t->dir, "/tmp/wl-report-XXXXXX");
	if (!mkdtemp(t->dir))
		return -1;
	t->nr = 2000;
	for (i = 0; i < t->nr; i++) {
		char *p = file_in(t, i);
		FILE *f = fopen(p, "w");

		free(p);
		if (!f)
			return -1;
		fclose(f);
	}
	*state = t;
	return 0;
}

static int teardown(void **state)
{
	struct tree *t = *state;
	unsigned i;

	for (i = 0; i < t->nr; i++) {
		char *p = file_in(t, i);

		unlink(p);
		free(p);
	}
	rmdir(t->dir);
	free(t);
	return 0;
}

static void test_one_entry_per_real_file(void **state)
{
	struct tree *t = *state;
	struct wl_report report = { 0 };
	struct wl_report_file *rf, *again;
	unsigned i;

	for (i = 0; i < t->nr; i++) {
		char *p = file_in(t, i);

		rf = wl_report_add(&report, p, false, NULL);
		assert_string_equal(rf->path, p);
		free(p);
	}
	assert_int_equal(report.nr, t->nr);
	/* The same files again, by other spellings: no new entry. */
	for (i = 0; i < t->nr; i += 7) {
		char *p = wl_xasprintf("%s/./f%04u.cu", t->dir, i);

		again = wl_report_add(&report, p, true, NULL);
		assert_ptr_equal(again, report.v[i]);
		assert_false(again->header);
		free(p);
	}
	assert_int_equal(report.nr, t->nr);
	wl_report_release(&report);
}

static void test_header_then_input(void **state)
{
	struct tree *t = *state;
	struct wl_report report = { 0 };
	struct wl_report_file *rf;
	char *p = file_in(t, 3);

	rf = wl_report_add(&report, p, true, NULL);
	assert_true(rf->header);
	assert_ptr_equal(wl_report_add(&report, p, false, NULL), rf);
	assert_false(rf->header);
	assert_int_equal(report.nr, 1);
	free(p);
	wl_report_release(&report);
}

/* A path that does not resolve is its own entry each time. */
static void test_unresolved_path(void **state)
{
	struct wl_report report = { 0 };

	wl_report_add(&report, "/nonexistent/k.cu", false, NULL);
	wl_report_add(&report, "/nonexistent/k.cu", false, NULL);
	assert_int_equal(report.nr, 2);
	wl_report_release(&report);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_entry_per_real_file),
		cmocka_unit_test(test_header_then_input),
		cmocka_unit_test(test_unresolved_path),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
