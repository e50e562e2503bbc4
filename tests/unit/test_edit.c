/* SPDX-License-Identifier: MIT */
/*
 * The edit model (fixits/edit.c): which fixes may be combined, in what
 * order edits at one offset land, and that applying is exact, all-or-
 * nothing per fix, and never reads or writes outside the buffer.
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
#include "base/util.h"
#include "driver/analyze.h"
#include "driver/emit.h"
#include "fixits/edit.h"

static const char text[] = "0123456789";

/* Apply @set to text[] and compare with @want. */
static void expect_applied(const struct wl_edit_set *set, const char *want)
{
	size_t len = 0;
	char *out = wl_edit_set_apply(set, text, sizeof(text) - 1, &len);

	assert_int_equal(len, strlen(want));
	assert_string_equal(out, want);
	free(out);
}

static struct wl_fix *replace(unsigned off, unsigned len, const char *t)
{
	struct wl_fix *fix = wl_fix_new("test");

	wl_fix_replace(fix, off, len, t);
	return fix;
}

static void test_overlap_rejected(void **state)
{
	struct wl_edit_set set = { NULL, 0, 0 };
	struct wl_fix *a = replace(2, 4, "A"), *b = replace(5, 2, "B"),
		      *c = replace(6, 1, "C"), *inside = replace(3, 1, "I");

	(void)state;
	assert_int_equal(wl_edit_set_add_fix(&set, a), 0);
	/* Overlapping ranges: the second fix is refused whole. */
	assert_int_equal(wl_edit_set_add_fix(&set, b), -1);
	assert_int_equal(wl_edit_set_add_fix(&set, inside), -1);
	/* Touching is not overlapping: [2,6) and [6,7). */
	assert_int_equal(wl_edit_set_add_fix(&set, c), 0);
	expect_applied(&set, "01AC789");
	wl_edit_set_release(&set);
	wl_fix_free(a);
	wl_fix_free(b);
	wl_fix_free(c);
	wl_fix_free(inside);
}

static void test_all_or_nothing(void **state)
{
	struct wl_edit_set set = { NULL, 0, 0 };
	struct wl_fix *first = replace(1, 1, "x");
	struct wl_fix *two = wl_fix_new("two edits, the second conflicting");

	(void)state;
	wl_fix_replace(two, 8, 1, "y");
	wl_fix_replace(two, 1, 1, "z");
	assert_int_equal(wl_edit_set_add_fix(&set, first), 0);
	assert_int_equal(wl_edit_set_add_fix(&set, two), -1);
	/* Nothing of the refused fix may have been applied: no 'y'. */
	expect_applied(&set, "0x23456789");
	wl_edit_set_release(&set);
	wl_fix_free(first);
	wl_fix_free(two);
}

/*
 * Two fixes in one function insert one register declaration at one
 * offset; the first also hoists its ballot there.  The second's copy of
 * the declaration adds nothing, so it conflicts with nothing: both fixes
 * apply in one run (the second was held back until a second --fix).
 * Its own new insertion at that offset still has no defined order.
 */
static void test_shared_declaration(void)
{
	struct wl_edit_set set = { NULL, 0, 0 };
	struct wl_fix *first = wl_fix_new("first"), *second = wl_fix_new("2");
	struct wl_fix *third = wl_fix_new("third");

	wl_fix_insert(first, 2, "<mask>");
	wl_fix_insert(first, 2, "<reg>");
	wl_fix_replace(first, 3, 1, "A");
	wl_fix_insert(second, 6, "<mask2>");
	wl_fix_replace(second, 7, 1, "B");
	wl_fix_insert(second, 2, "<reg>");
	wl_fix_insert(third, 2, "<reg>");
	wl_fix_insert(third, 2, "<other>");
	assert_int_equal(wl_edit_set_add_fix(&set, first), 0);
	assert_int_equal(wl_edit_set_add_fix(&set, second), 0);
	assert_int_equal(wl_edit_set_add_fix(&set, third), -1);
	expect_applied(&set, "01<mask><reg>2A45<mask2>6B89");
	wl_edit_set_release(&set);
	wl_fix_free(first);
	wl_fix_free(second);
	wl_fix_free(third);
}

static void test_insertions_at_one_offset(void **state)
{
	struct wl_edit_set set = { NULL, 0, 0 };
	struct wl_fix *ins = wl_fix_new("insert"), *other = wl_fix_new("other");
	struct wl_fix *same = wl_fix_new("same"), *rep = replace(4, 2, "R");
	struct wl_fix *own = wl_fix_new("one fix, two insertions");

	(void)state;
	wl_fix_insert(ins, 4, "<a>");
	wl_fix_insert(other, 4, "<b>");
	wl_fix_insert(same, 4, "<a>");
	assert_int_equal(wl_edit_set_add_fix(&set, ins), 0);
	/* Two different insertions at one offset have no defined order. */
	assert_int_equal(wl_edit_set_add_fix(&set, other), -1);
	/* An identical one (a shared hoisted mask) merges: inserted once. */
	assert_int_equal(wl_edit_set_add_fix(&set, same), 0);
	/* A replacement starting there goes after the insertion. */
	assert_int_equal(wl_edit_set_add_fix(&set, rep), 0);
	expect_applied(&set, "0123<a>R6789");
	wl_edit_set_release(&set);

	/* Within one fix, insertions at one offset keep the fix's order. */
	wl_fix_insert(own, 9, "[1]");
	wl_fix_insert(own, 9, "[2]");
	assert_int_equal(wl_edit_set_add_fix(&set, own), 0);
	expect_applied(&set, "012345678[1][2]9");
	wl_edit_set_release(&set);
	test_shared_declaration();
	wl_fix_free(ins);
	wl_fix_free(other);
	wl_fix_free(same);
	wl_fix_free(rep);
	wl_fix_free(own);
}

static void test_insertion_at_range_ends(void **state)
{
	struct wl_edit_set set = { NULL, 0, 0 };
	struct wl_fix *rep = replace(3, 3, "R"), *before = wl_fix_new("b");
	struct wl_fix *after = wl_fix_new("a"), *mid = wl_fix_new("m");

	(void)state;
	wl_fix_insert(before, 3, "<");
	wl_fix_insert(after, 6, ">");
	wl_fix_insert(mid, 4, "!");
	assert_int_equal(wl_edit_set_add_fix(&set, rep), 0);
	assert_int_equal(wl_edit_set_add_fix(&set, before), 0);
	assert_int_equal(wl_edit_set_add_fix(&set, after), 0);
	/* Strictly inside a replaced range: refused. */
	assert_int_equal(wl_edit_set_add_fix(&set, mid), -1);
	expect_applied(&set, "012<R>6789");
	wl_edit_set_release(&set);
	wl_fix_free(rep);
	wl_fix_free(before);
	wl_fix_free(after);
	wl_fix_free(mid);
}

static void test_order_independent(void **state)
{
	struct wl_edit_set one = { NULL, 0, 0 }, two = { NULL, 0, 0 };
	struct wl_fix *f[3] = { replace(8, 2, "E"), replace(0, 1, "S"),
				replace(4, 0, "M") };
	size_t l1, l2;
	char *o1, *o2;
	int i;

	(void)state;
	for (i = 0; i < 3; i++)
		assert_int_equal(wl_edit_set_add_fix(&one, f[i]), 0);
	for (i = 2; i >= 0; i--)
		assert_int_equal(wl_edit_set_add_fix(&two, f[i]), 0);
	o1 = wl_edit_set_apply(&one, text, 10, &l1);
	o2 = wl_edit_set_apply(&two, text, 10, &l2);
	assert_string_equal(o1, "S123M4567E");
	assert_string_equal(o1, o2);
	free(o1);
	free(o2);
	wl_edit_set_release(&one);
	wl_edit_set_release(&two);
	for (i = 0; i < 3; i++)
		wl_fix_free(f[i]);
}

static void test_idempotent_merge(void **state)
{
	struct wl_edit_set set = { NULL, 0, 0 };
	struct wl_fix *f = replace(2, 3, "abc");

	(void)state;
	/* The same fix offered twice (two findings sharing it) applies once. */
	assert_int_equal(wl_edit_set_add_fix(&set, f), 0);
	assert_int_equal(wl_edit_set_add_fix(&set, f), 0);
	assert_int_equal(set.nr, 1);
	expect_applied(&set, "01abc56789");
	wl_edit_set_release(&set);
	/* An empty set is the identity, byte for byte. */
	expect_applied(&set, text);
	wl_fix_free(f);
}

static void test_absorb(void **state)
{
	struct wl_edit_set set = { NULL, 0, 0 };
	struct wl_fix *a = replace(1, 1, "x"), *b = replace(1, 1, "x");
	struct wl_fix *c = replace(5, 2, "yz");

	(void)state;
	/* One finding for several calls: their edits, each once. */
	wl_fix_replace(b, 8, 0, "!");
	wl_fix_mark_unsafe(c, "guessed");
	wl_fix_absorb(a, b);
	assert_int_equal(a->nr_edits, 2);
	assert_int_equal(a->safety, WL_FIX_SAFE);
	wl_fix_absorb(a, c);
	assert_int_equal(a->nr_edits, 3);
	assert_int_equal(a->safety, WL_FIX_UNSAFE);
	assert_string_equal(a->unsafe_why, "guessed");
	assert_int_equal(wl_edit_set_add_fix(&set, a), 0);
	expect_applied(&set, "0x234yz7!89");
	wl_edit_set_release(&set);
	wl_fix_free(a);
	wl_fix_free(b);
	wl_fix_free(c);
}

static void test_outside_buffer(void **state)
{
	struct wl_edit_set set = { NULL, 0, 0 };
	struct wl_fix *past = replace(10, 5, "X"), *end = wl_fix_new("end");
	struct wl_fix *huge = replace(0xfffffff0u, 0x20, "W");
	struct wl_fix *wrap = replace(4, 0xfffffffeu, "V");

	(void)state;
	wl_fix_insert(end, 10, "!");
	assert_int_equal(wl_edit_set_add_fix(&set, end), 0);
	assert_int_equal(wl_edit_set_add_fix(&set, past), 0);
	assert_int_equal(wl_edit_set_add_fix(&set, huge), 0);
	/* [4, 4 + 0xfffffffe) overlaps 'past' once computed without wrapping. */
	assert_int_equal(wl_edit_set_add_fix(&set, wrap), -1);
	/*
	 * Edits reaching past the end are never applied (a stale fix); one
	 * at the very end is.  offset + length must not wrap around.
	 */
	expect_applied(&set, "0123456789!");
	wl_edit_set_release(&set);
	wl_fix_free(past);
	wl_fix_free(end);
	wl_fix_free(huge);
	wl_edit_set_release(&set);
	/* Alone, a wrapping edit is still never applied. */
	assert_int_equal(wl_edit_set_add_fix(&set, wrap), 0);
	expect_applied(&set, text);
	wl_edit_set_release(&set);
	wl_fix_free(wrap);
}

/*
 * Two rules fixing one call differently (a legacy call and its bad width):
 * the first fix in report order is applied, the other is kept, marked as
 * not applied, and the text report says so.
 */
static void test_two_rules_overlap(void **state)
{
	const char *code = "v = __shfl(v, 3, 24);\n";
	struct wl_findings list = { NULL, 0, 0 };
	struct wl_source src;
	struct wl_finding *f;
	struct wl_file_report report;
	struct wl_emit_opts eopts = { false, NULL };
	char *fixed, *text = NULL;
	size_t len, text_len = 0;
	FILE *out;

	(void)state;
	wl_source_init_mem(&src, "k.cu", code, strlen(code));
	list.alloc = 2;
	list.v = wl_xcalloc(2, sizeof(*list.v));
	list.nr = 2;
	f = &list.v[0];
	f->rule = WL101;
	f->level = WL_LEVEL_ERROR;
	f->offset = 4;
	f->length = 16;
	f->line = 1;
	f->col = 5;
	f->message = wl_xstrdup("legacy");
	f->fix = wl_fix_new("use '__shfl_sync'");
	wl_fix_replace(f->fix, 4, 6, "__shfl_sync");
	wl_fix_insert(f->fix, 11, "0xffffffff, ");
	f = &list.v[1];
	f->rule = WL204;
	f->level = WL_LEVEL_WARNING;
	f->offset = 17;
	f->length = 2;
	f->line = 1;
	f->col = 18;
	f->message = wl_xstrdup("width 24");
	f->fix = wl_fix_new("rewrite the call with width 32");
	wl_fix_replace(f->fix, 4, 16, "__shfl(v, 3, 32)");

	fixed = wl_apply_fixes(&src, &list, &len);
	assert_string_equal(fixed, "v = __shfl_sync(0xffffffff, v, 3, 24);\n");
	assert_null(list.v[0].fix_rejected);
	assert_non_null(list.v[1].fix_rejected);

	report.path = "k.cu";
	report.src = &src;
	report.findings = &list;
	report.error = NULL;
	out = open_memstream(&text, &text_len);
	assert_non_null(out);
	wl_emit_text(out, &report, 1, &eopts);
	fclose(out);
	if (!strstr(text, "fix: rewrite the call with width 32 (not applied: "))
		fail_msg("the rejected fix is not reported:\n%s", text);
	free(text);
	free(fixed);
	wl_findings_release(&list);
	wl_source_release(&src);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_overlap_rejected),
		cmocka_unit_test(test_all_or_nothing),
		cmocka_unit_test(test_insertions_at_one_offset),
		cmocka_unit_test(test_insertion_at_range_ends),
		cmocka_unit_test(test_order_independent),
		cmocka_unit_test(test_idempotent_merge),
		cmocka_unit_test(test_absorb),
		cmocka_unit_test(test_outside_buffer),
		cmocka_unit_test(test_two_rules_overlap),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
