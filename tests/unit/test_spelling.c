/* SPDX-License-Identifier: MIT */
/*
 * nvcc spellings respelled for clang (analyzer/spelling.c): launches with
 * spaces inside the chevrons, and PTX registers in asm templates with
 * operands.  Each row is a text and what the parser must get, byte for
 * byte the same length.  Near misses that are valid C++ (operator<< <T>,
 * nested template closers, shifts, comments, strings) or asm that clang
 * accepts (%0, %%laneid, %h1, %[name], basic asm) stay as they are.
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

static const struct row asm_rows[] = {
	{ "asm(\"mov.u32 %0, %laneid;\" : \"=r\"(l));",
	  "asm(\"mov.u32 %0,%%laneid;\" : \"=r\"(l));" },
	/* qualifiers, the other keywords, several registers and literals */
	{ "asm volatile (\"mov.u32 %0, %lanemask_lt;\" : \"=r\"(m));",
	  "asm volatile (\"mov.u32 %0,%%lanemask_lt;\" : \"=r\"(m));" },
	{ "__asm__ __volatile__(\"{ .reg .u32 t; mov.u32 t,\\t%warpid;\"\n"
	  "  \" add.u32 %0, t, %smid; }\" : \"=r\"(w));",
	  "__asm__ __volatile__(\"{ .reg .u32 t; mov.u32 t, %%warpid;\"\n"
	  "  \" add.u32 %0, t,%%smid; }\" : \"=r\"(w));" },
	{ "asm(\"shfl.up.b32 %0, %1, 1, 0; mov.u32 %0, %laneid;\" "
	  ": \"=r\"(r) : \"r\"(v));",
	  "asm(\"shfl.up.b32 %0, %1, 1, 0; mov.u32 %0,%%laneid;\" "
	  ": \"=r\"(r) : \"r\"(v));" },
	/* a comment between the literals and the operands */
	{ "asm(\"mov.u32 %0, %laneid;\" // the lane\n : \"=r\"(l));",
	  "asm(\"mov.u32 %0,%%laneid;\" // the lane\n : \"=r\"(l));" },
	/* what clang accepts already */
	{ "asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(l));", NULL },
	{ "asm(\"cvt.u16.u32 %h0, %1; mov %0, %[in];\" : \"=h\"(a) : "
	  "[in] \"r\"(b));", NULL },
	/* a basic asm reads its text as written */
	{ "asm(\"mov.u32 %r1, %laneid;\");", NULL },
	/*
	 * No blank before the register: its first letter becomes the `%=`
	 * escape (XMP's scoped 16-bit registers, `mov.b32 {%al,%ah}, %1`).
	 */
	{ "asm(\"mov.u32 %0,%laneid;\" : \"=r\"(l));",
	  "asm(\"mov.u32 %0,%=aneid;\" : \"=r\"(l));" },
	{ "asm(\"{ .reg .u16 %al, %ah; mov.b32 {%al,%ah}, %1; }\" "
	  ": \"=r\"(r) : \"r\"(a));",
	  "asm(\"{ .reg .u16%%al,%%ah; mov.b32 {%=l,%=h}, %1; }\" "
	  ": \"=r\"(r) : \"r\"(a));" },
	/* a '%' that ends a literal: nothing to respell in place */
	{ "asm(\"add.u32 %0, %1, 5%\" : \"=r\"(r) : \"r\"(a));", NULL },
	/* not asm: a name that contains it, a comment, a string */
	{ "fasm(\"x %laneid\" : 1);", NULL },
	{ "// asm(\"mov.u32 %0, %laneid;\" : \"=r\"(l));\n", NULL },
	{ "p = \"asm(\\\"mov.u32 %0, %laneid;\\\" : x)\";", NULL },
};

/*
 * An explicit specialization written without a target: @at is where
 * clang placed the error, the name itself or, for one spelled in a macro
 * body, the macro's use.
 */
struct spec_row {
	const char *in;
	const char *at;		/* the text at the error's offset */
	const char *name;
	enum wl_spec_target target;
	const char *out;	/* NULL: left alone */
};

static const struct spec_row spec_rows[] = {
	{ "template <> template <> int Op<1>::f(int v) { return v; }", "f(",
	  "f", WL_SPEC_DEVICE,
	  "template <> __wl_dspec  int Op<1>::f(int v) { return v; }" },
	{ "template<>\nvoid g<int>(int v) {}", "g<", "g",
	  WL_SPEC_HOST_DEVICE, "__wl_hdspc\nvoid g<int>(int v) {}" },
	/* in a macro body: every specialization of the name, once each */
	{ "#define L(t, m) \\\n template<> template<> void S<m>::Ld(t &v) "
	  "{ v = 0; }\nL(int, a)\nL(char, b)\nvoid Ld(int);\n",
	  "L(int", "Ld", WL_SPEC_DEVICE,
	  "#define L(t, m) \\\n template<> __wl_dspec void S<m>::Ld(t &v) "
	  "{ v = 0; }\nL(int, a)\nL(char, b)\nvoid Ld(int);\n" },
	/* no `template <>` in the declaration */
	{ "int x; int Op<1>::f(int v) { return v; }", "f(", "f",
	  WL_SPEC_DEVICE, NULL },
	/* no blank after the head: no room for the marker's */
	{ "template<>int Op<1>::f(int v);", "f(", "f", WL_SPEC_DEVICE, NULL },
	{ "template <int K> int Op<K>::f(int v);", "f(", "f", WL_SPEC_DEVICE,
	  NULL },
};

static void test_specializations(void **state)
{
	unsigned i;

	(void)state;
	for (i = 0; i < sizeof(spec_rows) / sizeof(spec_rows[0]); i++) {
		const struct spec_row *r = &spec_rows[i];
		size_t len = strlen(r->in);
		char *text = strdup(r->in);
		bool changed = wl_spelling_fix_specialization(
			text, len, (size_t)(strstr(r->in, r->at) - r->in),
			r->name, r->target);

		assert_int_equal(changed, r->out != NULL);
		assert_string_equal(text, r->out ? r->out : r->in);
		/* and the parsed text is still the file on disk */
		assert_true(wl_spelling_same_but_specializations(r->in, text,
								 len));
		free(text);
	}
	/* anything else that differs is another file */
	assert_false(wl_spelling_same_but_specializations(
		"template <> int f();", "template <> int g();", 20));
	assert_true(wl_spelling_same_but_specializations(
		"template <> int f();", "__wl_dspec  int f();", 20));
	assert_false(wl_spelling_same_but_specializations(
		"template <> int f();", "__wl_dspec; int f();", 20));
}

static void check_rows(const struct row *rows, unsigned nr,
		       char *(*respell)(const char *, size_t))
{
	unsigned i;

	for (i = 0; i < nr; i++) {
		size_t len = strlen(rows[i].in);
		char *out = respell(rows[i].in, len);

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

static void test_rows(void **state)
{
	(void)state;
	check_rows(rows, sizeof(rows) / sizeof(rows[0]),
		   wl_spelling_fix_launches);
}

static void test_asm_rows(void **state)
{
	(void)state;
	check_rows(asm_rows, sizeof(asm_rows) / sizeof(asm_rows[0]),
		   wl_spelling_fix_asm_escapes);
}

/* For a build the '%' is doubled, whatever stands before it. */
static void test_asm_percents_doubled(void **state)
{
	static const char in[] =
		"asm(\"mov.b32 {%al,%ah},%1; mov.u32 %0, %laneid;\" "
		": \"=r\"(r) : \"r\"(a)); asm(\"mov.u32 %r1, %laneid;\");";
	static const char want[] =
		"asm(\"mov.b32 {%%al,%%ah},%1; mov.u32 %0, %%laneid;\" "
		": \"=r\"(r) : \"r\"(a)); asm(\"mov.u32 %r1, %laneid;\");";
	size_t len = 0;
	char *out;

	(void)state;
	out = wl_spelling_escape_asm_percents(in, strlen(in), &len);
	assert_non_null(out);
	assert_int_equal(len, strlen(want));
	assert_string_equal(out, want);
	free(out);
	assert_null(wl_spelling_escape_asm_percents(want, strlen(want), &len));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rows),
		cmocka_unit_test(test_asm_rows),
		cmocka_unit_test(test_asm_percents_doubled),
		cmocka_unit_test(test_specializations),
	};

	return cmocka_run_group_tests_name("spelling", tests, NULL, NULL);
}
