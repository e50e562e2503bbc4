/* SPDX-License-Identifier: MIT */
/*
 * wl_findings_uncover() (analyzer/diag.c): a racing stretch's later
 * statement says the fix of its first covers it; when the merge of a
 * header's passes dropped that fix, the note must say to see the first
 * statement's note instead, and only then.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "analyzer/diag.h"
#include "base/util.h"
#include "fixits/edit.h"

#define COVERS "one stretch with line 3: " WL_NOTE_FIX_COVERS

static struct wl_finding *add(struct wl_findings *list, enum wl_rule_id rule,
			      unsigned offset, const char *note)
{
	struct wl_finding *f;

	WL_GROW(list->v, list->nr, list->alloc);
	f = &list->v[list->nr++];
	memset(f, 0, sizeof(*f));
	f->rule = rule;
	f->offset = offset;
	f->message = wl_xstrdup("lane 1 reads s[0]");
	f->note = note ? wl_xstrdup(note) : NULL;
	return f;
}

static void test_dropped_fix_points_at_the_note(void **state)
{
	struct wl_findings list = { 0 };

	(void)state;
	add(&list, WL301, 10, "no fix: it would differ between the files");
	add(&list, WL301, 40, "volatile taken as shared; " COVERS)
		->covered_by = 11;
	wl_findings_uncover(&list);
	assert_string_equal(list.v[1].note,
			    "volatile taken as shared; one stretch with "
			    "line 3: " WL_NOTE_SEE_FIRST);
	assert_int_equal(list.v[1].covered_by, 0);
	/* a second pass changes nothing */
	wl_findings_uncover(&list);
	assert_string_equal(list.v[1].note,
			    "volatile taken as shared; one stretch with "
			    "line 3: " WL_NOTE_SEE_FIRST);
	wl_findings_release(&list);
}

static void test_kept_fix_keeps_the_note(void **state)
{
	struct wl_findings list = { 0 };

	(void)state;
	add(&list, WL301, 10, NULL)->fix = wl_fix_new("__syncwarp()");
	add(&list, WL301, 40, COVERS)->covered_by = 11;
	wl_findings_uncover(&list);
	assert_string_equal(list.v[1].note, COVERS);
	assert_int_equal(list.v[1].covered_by, 11);
	wl_findings_release(&list);
}

/* The fix must be the first statement's own: same rule, same place. */
static void test_other_rule_fix_does_not_cover(void **state)
{
	struct wl_findings list = { 0 };

	(void)state;
	add(&list, WL302, 10, NULL)->fix = wl_fix_new("split");
	add(&list, WL301, 12, NULL)->fix = wl_fix_new("__syncwarp()");
	add(&list, WL301, 40, COVERS)->covered_by = 11;
	wl_findings_uncover(&list);
	assert_string_equal(list.v[2].note,
			    "one stretch with line 3: " WL_NOTE_SEE_FIRST);
	wl_findings_release(&list);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dropped_fix_points_at_the_note),
		cmocka_unit_test(test_kept_fix_keeps_the_note),
		cmocka_unit_test(test_other_rule_fix_does_not_cover),
	};

	return cmocka_run_group_tests_name("findings", tests, NULL, NULL);
}
