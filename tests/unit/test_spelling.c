/* SPDX-License-Identifier: MIT */
/*
 * Launches spelled with spaces inside the chevrons (analyzer/spelling.c):
 * each row is a text and what the parser must get, byte for byte the same
 * length.  Near misses that are valid C++ (operator<< <T>, nested template
 * closers, shifts, comments, strings) must stay as they are.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/spelling.h"

struct row {
	const char *in;
	const char *out;	/* NULL: left alone */
};

static const struct row rows[] = {
	/* The clang-format spelling, after a template kernel. */
	{ "k<T> << <g, b, 0, s >> >(x);", "k<T> <<< g, b, 0, s >>> (x);" },
	{ "k<< <g, b>> >(x);", "k<<< g, b>>> (x);" },
	/* On its own line after the kernel's name; blanks after the last >. */
	{ "k\n  << < g, b >> > (x);", "k\n  <<<  g, b >>>  (x);" },
	/* Only one side spaced. */
	{ "k<<<g, b>> >(x);", "k<<<g, b>>> (x);" },
	{ "k<< <g, b>>>(x);", "k<<< g, b>>>(x);" },
	/* A configuration with calls and a template inside. */
	{ "k<< <dim3(n / 2, 1), f<int>(3)>> >(p);",
	  "k<<< dim3(n / 2, 1), f<int>(3)>>> (p);" },
	/* Already right, or not a launch at all. */
	{ "k<<<g, b>>>(x);", NULL },
	{ "friend ostream &operator<< <T>(ostream &, const X<T> &);", NULL },
	{ "vector<vector<pair<int, int>> > v;", NULL },
	{ "x = a << b; y = c >> d;", NULL },
	{ "// k<< <g, b>> >(x);\n", NULL },
	{ "s = \"k<< <g, b>> >(x)\";", NULL },
	/* No closing chevrons before the statement ends. */
	{ "k<< <g, b; >> >(x);", NULL },
};

static void test_rows(void **state)
{
	unsigned i;

	(void)state;
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		size_t len = strlen(rows[i].in);
		char *out = wl_spelling_fix_launches(rows[i].in, len);

		if (!rows[i].out) {
			if (out)
				fail_msg("row %u: rewrote '%s' to '%s'", i,
					 rows[i].in, out);
			continue;
		}
		if (!out)
			fail_msg("row %u: left '%s' alone", i, rows[i].in);
		assert_int_equal(strlen(rows[i].out), len);
		assert_string_equal(out, rows[i].out);
		free(out);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rows),
	};

	return cmocka_run_group_tests_name("spelling", tests, NULL, NULL);
}
