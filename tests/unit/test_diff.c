/* SPDX-License-Identifier: MIT */
/*
 * Unified diffs (fixits/diff.c, --fix-dry-run): exact output for the
 * shapes users see (one change, merged and separate hunks, CRLF, a last
 * line without newline), and a randomized check that applying the diff to
 * the old text, as patch(1) would, gives exactly the new text.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "fixits/diff.h"

static char *diff(const char *old, const char *new_text)
{
	struct wl_buf buf = WL_BUF_INIT;

	wl_diff_unified(&buf, "k.cu", old, strlen(old), new_text,
			strlen(new_text));
	return wl_buf_detach(&buf);
}

static void expect_diff(const char *old, const char *new_text,
			const char *want)
{
	char *got = diff(old, new_text);

	assert_string_equal(got, want);
	free(got);
}

static void test_equal_is_empty(void **state)
{
	(void)state;
	expect_diff("", "", "");
	expect_diff("a\nb\n", "a\nb\n", "");
}

static void test_one_change(void **state)
{
	(void)state;
	expect_diff("1\n2\n3\n4\n5\n6\n7\n8\n9\n",
		    "1\n2\n3\n4\nFIVE\n6\n7\n8\n9\n",
		    "--- a/k.cu\n+++ b/k.cu\n"
		    "@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+FIVE\n 6\n 7\n 8\n");
	/* Into and out of an empty file. */
	expect_diff("", "x\n", "--- a/k.cu\n+++ b/k.cu\n@@ -0,0 +1,1 @@\n+x\n");
	expect_diff("x\n", "", "--- a/k.cu\n+++ b/k.cu\n@@ -1,1 +0,0 @@\n-x\n");
}

static void test_hunks(void **state)
{
	(void)state;
	/* Six unchanged lines between two changes: one hunk, as diff -u. */
	expect_diff("a\n1\n2\n3\n4\n5\n6\nb\n",
		    "A\n1\n2\n3\n4\n5\n6\nB\n",
		    "--- a/k.cu\n+++ b/k.cu\n@@ -1,8 +1,8 @@\n-a\n+A\n"
		    " 1\n 2\n 3\n 4\n 5\n 6\n-b\n+B\n");
	/* Seven: two hunks. */
	expect_diff("a\n1\n2\n3\n4\n5\n6\n7\nb\n",
		    "A\n1\n2\n3\n4\n5\n6\n7\nB\n",
		    "--- a/k.cu\n+++ b/k.cu\n@@ -1,4 +1,4 @@\n-a\n+A\n"
		    " 1\n 2\n 3\n@@ -6,4 +6,4 @@\n 5\n 6\n 7\n-b\n+B\n");
}

static void test_crlf_and_no_newline(void **state)
{
	(void)state;
	/* CR stays part of each line, so the diff applies to the CRLF file. */
	expect_diff("a\r\nb\r\n", "a\r\nB\r\n",
		    "--- a/k.cu\n+++ b/k.cu\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n"
		    "+B\r\n");
	expect_diff("a\nb", "a\nB",
		    "--- a/k.cu\n+++ b/k.cu\n@@ -1,2 +1,2 @@\n a\n-b\n"
		    "\\ No newline at end of file\n+B\n"
		    "\\ No newline at end of file\n");
	/* Adding the missing newline is a change of its own. */
	expect_diff("a", "a\n",
		    "--- a/k.cu\n+++ b/k.cu\n@@ -1,1 +1,1 @@\n-a\n"
		    "\\ No newline at end of file\n+a\n");
}

/* A line of a parsed diff: its tag and text (newline included or not). */
struct dline {
	char tag;
	const char *s;
	size_t len;
};

/*
 * Apply unified diff @d to @old as patch(1) would, checking every context
 * and removed line against @old.  Returns the new text or NULL if the
 * diff does not apply.
 */
static char *apply(const char *old, const char *d)
{
	struct wl_buf out = WL_BUF_INIT;
	const char *p = d, *o = old;
	unsigned long line = 1;	/* next line of @old, 1-based */

	if (!*d)
		return wl_xstrdup(old);
	p = strstr(p, "@@");
	while (p && *p) {
		unsigned long a, b, c, e;
		struct dline dl[512];
		unsigned n = 0, k;

		if (sscanf(p, "@@ -%lu,%lu +%lu,%lu @@", &a, &b, &c, &e) != 4)
			goto bad;
		p = strchr(p, '\n') + 1;
		while (*p && strncmp(p, "@@", 2)) {
			const char *nl = strchr(p, '\n');

			if (*p == '\\') {
				/* The line before had no newline. */
				if (!n)
					goto bad;
				dl[n - 1].len--;
			} else {
				if (n == 512)
					goto bad;
				dl[n].tag = *p;
				dl[n].s = p + 1;
				dl[n].len = (size_t)(nl - p);
				n++;
			}
			p = nl + 1;
		}
		/* Copy the old lines before the hunk. */
		for (; line < (b ? a : a + 1); line++) {
			const char *nl = strchr(o, '\n');

			if (!nl)
				goto bad;
			wl_buf_add(&out, o, (size_t)(nl + 1 - o));
			o = nl + 1;
		}
		for (k = 0; k < n; k++) {
			if (dl[k].tag == ' ' || dl[k].tag == '-') {
				if (strncmp(o, dl[k].s, dl[k].len))
					goto bad;
				o += dl[k].len;
				line++;
			}
			if (dl[k].tag == ' ' || dl[k].tag == '+')
				wl_buf_add(&out, dl[k].s, dl[k].len);
		}
	}
	wl_buf_adds(&out, o);
	return wl_buf_detach(&out);
bad:
	wl_buf_release(&out);
	return NULL;
}

static unsigned seed = 12345;

static unsigned rnd(unsigned n)
{
	seed = seed * 1103515245u + 12345u;
	return (seed >> 16) % n;
}

static void random_text(struct wl_buf *b, unsigned lines)
{
	static const char *const pool[] = { "a\n", "b\n", "c\n", "d\r\n",
					    "\n", "{\n", "}\n" };
	unsigned i;

	for (i = 0; i < lines; i++)
		wl_buf_adds(b, pool[rnd(7)]);
	if (b->len && rnd(4) == 0)
		b->s[--b->len] = '\0';	/* no newline at the end */
}

static const char *str(const struct wl_buf *b)
{
	return b->s ? b->s : "";
}

static void test_random_round_trip(void **state)
{
	unsigned iter;

	(void)state;
	for (iter = 0; iter < 3000; iter++) {
		struct wl_buf a = WL_BUF_INIT, b = WL_BUF_INIT;
		char *d, *got;

		random_text(&a, rnd(40));
		/* Mostly similar texts: the shape fixes produce. */
		if (rnd(3)) {
			size_t cut = a.len ? rnd((unsigned)a.len) : 0;
			size_t skip = rnd(3) % (a.len - cut + 1);

			wl_buf_add(&b, str(&a), cut);
			random_text(&b, rnd(4));
			wl_buf_adds(&b, str(&a) + cut + skip);
		} else {
			random_text(&b, rnd(40));
		}
		d = diff(str(&a), str(&b));
		got = apply(str(&a), d);
		if (!got || strcmp(got, str(&b)))
			fail_msg("iteration %u: diff does not apply or gives "
				 "other text\n--- old\n%s\n--- new\n%s\n"
				 "--- diff\n%s", iter, str(&a), str(&b), d);
		free(got);
		free(d);
		wl_buf_release(&a);
		wl_buf_release(&b);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_equal_is_empty),
		cmocka_unit_test(test_one_change),
		cmocka_unit_test(test_hunks),
		cmocka_unit_test(test_crlf_and_no_newline),
		cmocka_unit_test(test_random_round_trip),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
