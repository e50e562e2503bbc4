/* SPDX-License-Identifier: MIT */
/*
 * nvcc -> clang argument translation (driver/compdb.c), as a table: each
 * row is a command line from a compile database and the exact arguments
 * clang must get.  Only -I/-isystem/-iquote/-idirafter/-D/-U/-std/-include
 * pass; everything else is dropped, with its value when it takes one, so
 * that no stray word (a file name, an architecture) reaches the parser and
 * nothing that loads code (-Xclang -load, -fplugin, -B) ever does.
 * Relative paths are resolved against the entry's directory.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "driver/compdb.h"

#define MAX_ARGS 24

struct row {
	const char *in[MAX_ARGS];	/* argv, argv[0] the compiler */
	const char *out[MAX_ARGS];	/* expected clang arguments */
};

static const struct row rows[] = {
	/* Include paths, joined and separate, relative and absolute. */
	{ { "nvcc", "-Iinc", "-I", "sub/inc", "-I/abs", "-c", "k.cu" },
	  { "-I/proj/inc", "-I/proj/sub/inc", "-I/abs" } },
	{ { "nvcc", "--include-path", "a", "--include-path=b" },
	  { "-I/proj/a", "-I/proj/b" } },
	{ { "nvcc", "-isystem", "sys", "-iquote", "q", "-idirafter", "/d" },
	  { "-isystem", "/proj/sys", "-iquote", "/proj/q", "-idirafter", "/d" } },
	/* Glued as compilers take them, and a C standard (a .c entry) dropped. */
	{ { "gcc", "-isystemsys", "-includepre.h", "-std=gnu11", "-std=c++11" },
	  { "-isystem", "/proj/sys", "-include", "/proj/pre.h", "-std=c++11" } },
	{ { "nvcc", "-include", "pre.h", "--pre-include", "/abs/p.h" },
	  { "-include", "/proj/pre.h", "-include", "/abs/p.h" } },
	/* Macros, with values that only look dangerous. */
	{ { "nvcc", "-DN=256", "-D", "M", "--define-macro", "X=1", "-UNDEBUG",
	    "--undefine-macro=Y", "-DCMD=$(touch /tmp/x)" },
	  { "-DN=256", "-DM", "-DX=1", "-UNDEBUG", "-UY",
	    "-DCMD=$(touch /tmp/x)" } },
	/* -std in its spellings. */
	{ { "nvcc", "-std=c++17", "--std", "c++14", "-std", "c++11" },
	  { "-std=c++17", "-std=c++14", "-std=c++11" } },
	/* nvcc-only options and their values: all dropped. */
	{ { "nvcc", "-gencode", "arch=compute_60,code=sm_60",
	    "-gencode=arch=compute_70,code=sm_70", "-arch", "sm_60",
	    "-arch=sm_70", "--gpu-architecture", "compute_60", "-code", "sm_60",
	    "--expt-relaxed-constexpr", "--expt-extended-lambda", "-lineinfo",
	    "-rdc=true", "--relocatable-device-code", "true", "-maxrregcount",
	    "32", "-DKEEP" },
	  { "-DKEEP" } },
	{ { "nvcc", "-Xcompiler", "-fPIC,-Wall", "--compiler-options", "-O3",
	    "-Xptxas", "-v", "-Xlinker", "-rpath", "-Xnvlink", "x",
	    "-Xcudafe", "--diag_suppress=1", "-ccbin", "/usr/bin/g++",
	    "--compiler-bindir=/usr/bin/g++", "-DKEEP" },
	  { "-DKEEP" } },
	{ { "nvcc", "-o", "k.o", "--output-file", "k2.o", "-x", "cu", "-MF",
	    "k.d", "-MT", "k.o", "-c", "k.cu", "-O2", "-g", "-G", "-DKEEP" },
	  { "-DKEEP" } },
	/* Anything that could load or run code never passes. */
	{ { "clang++", "-Xclang", "-load", "-Xclang", "/tmp/evil.so",
	    "-fplugin=/tmp/evil.so", "-B/tmp/evilbin", "--driver-mode=cl",
	    "-###", "-fpass-plugin=/tmp/p.so", "--cuda-path=/tmp/c",
	    "&&", "touch", "/tmp/pwned", ";", "`id`", "-DKEEP" },
	  { "-DKEEP" } },
	/* Unknown flags and stray words are dropped, not passed on. */
	{ { "nvcc", "--bogus-flag", "-Xfoo", "--weird=1", "k.cu", "-DKEEP" },
	  { "-DKEEP" } },
	/* A flag whose value is missing at the end is dropped, no crash. */
	{ { "nvcc", "-DKEEP", "-I" }, { "-DKEEP" } },
	{ { "nvcc", "-include" }, { NULL } },
	{ { "nvcc", "-gencode" }, { NULL } },
	/*
	 * Prefix look-alikes are not their shorter cousins (but "-Ifoo" is
	 * "-I foo", for "-Include" too, and "-isystemfoo" is "-isystem foo",
	 * exactly as clang and gcc read them).
	 */
	{ { "nvcc", "-Dfoo", "-stdlib=libc++", "-isystemfoo", "-std" },
	  { "-Dfoo", "-isystem", "/proj/foo" } },
	{ { "nvcc", "-Include" }, { "-I/proj/nclude" } },
};

static unsigned count(const char *const *v)
{
	unsigned n = 0;

	while (n < MAX_ARGS && v[n])
		n++;
	return n;
}

static void test_table(void **state)
{
	unsigned r, i;

	(void)state;
	for (r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
		struct wl_strvec out = { NULL, 0, 0 };
		unsigned want = count(rows[r].out);

		wl_compdb_translate(rows[r].in, count(rows[r].in), "/proj", &out,
				    NULL);
		for (i = 0; i < out.nr || i < want; i++) {
			const char *got = i < out.nr ? out.v[i] : "(none)";
			const char *exp = i < want ? rows[r].out[i] : "(none)";

			if (strcmp(got, exp))
				fail_msg("row %u (%s %s ...), argument %u: got "
					 "'%s', expected '%s'", r, rows[r].in[0],
					 rows[r].in[1] ? rows[r].in[1] : "",
					 i, got, exp);
		}
		wl_strvec_release(&out);
	}
}

static void test_no_directory(void **state)
{
	const char *in[] = { "nvcc", "-Iinc", "-isystem", "sys" };
	struct wl_strvec out = { NULL, 0, 0 };

	(void)state;
	/* Without a directory, relative paths stay as written. */
	wl_compdb_translate(in, 4, NULL, &out, NULL);
	assert_int_equal(out.nr, 3);
	assert_string_equal(out.v[0], "-Iinc");
	assert_string_equal(out.v[1], "-isystem");
	assert_string_equal(out.v[2], "sys");
	wl_strvec_release(&out);
}

static void write_text(const char *dir, const char *name, const char *text)
{
	char *path = wl_xasprintf("%s/%s", dir, name);
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	free(path);
}

static void write_db(const char *dir, const char *json)
{
	write_text(dir, "compile_commands.json", json);
}

static void write_file(const char *dir, const char *name)
{
	write_text(dir, name, "");
}

static void remove_file(const char *dir, const char *name)
{
	char *path = wl_xasprintf("%s/%s", dir, name);

	unlink(path);
	free(path);
}

/*
 * "command" words as clang's JSON database splits them: double quotes
 * and backslashes group and escape, single quotes take all literally;
 * "arguments" as given; an entry without a file refuses the database.
 */
static void test_load_splits_commands(void **state)
{
	char dir[] = "/tmp/wl-compdb-XXXXXX";
	struct wl_compdb *db;
	struct wl_strvec out = { NULL, 0, 0 };
	char *err = NULL, *file;
	bool exact = false;

	(void)state;
	assert_non_null(mkdtemp(dir));
	write_db(dir,
		 "[{\"directory\": \".\", \"file\": \"k.cu\", \"command\":"
		 " \"nvcc  -DA=\\\"x y\\\" -D'B=1 \\\\2' -DC=a\\\\ b"
		 " \\\"-DD=q\\\\\\\"r\\\" -I'my inc' -c k.cu\"},"
		 " {\"directory\": \".\", \"file\": \"j.cu\", \"arguments\":"
		 " [\"nvcc\", \"-DE=one two\", \"-c\", \"j.cu\"]}]");
	write_file(dir, "k.cu");
	write_file(dir, "j.cu");
	db = wl_compdb_load(dir, &err);
	assert_non_null(db);
	file = wl_xasprintf("%s/k.cu", dir);
	assert_true(wl_compdb_args_for(db, file, &out, &exact));
	assert_true(exact);
	assert_int_equal(out.nr, 5);
	assert_string_equal(out.v[0], "-DA=x y");
	assert_string_equal(out.v[1], "-DB=1 \\2");
	assert_string_equal(out.v[2], "-DC=a b");
	assert_string_equal(out.v[3], "-DD=q\"r");
	assert_true(wl_starts_with(out.v[4], "-I/") &&
		    wl_ends_with(out.v[4], "/my inc"));
	wl_strvec_release(&out);
	free(file);
	file = wl_xasprintf("%s/j.cu", dir);
	assert_true(wl_compdb_args_for(db, file, &out, &exact));
	assert_int_equal(out.nr, 1);
	assert_string_equal(out.v[0], "-DE=one two");
	wl_strvec_release(&out);
	free(file);
	wl_compdb_free(db);

	write_db(dir, "[{\"directory\": \".\", \"command\": \"nvcc -c k.cu\"}]");
	assert_null(wl_compdb_load(dir, &err));
	assert_non_null(strstr(err, "cannot load the compilation database"));
	free(err);
	remove_file(dir, "compile_commands.json");
	remove_file(dir, "k.cu");
	remove_file(dir, "j.cu");
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_no_directory),
		cmocka_unit_test(test_load_splits_commands),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
