/* SPDX-License-Identifier: MIT */
/*
 * Source buffers (base/source.c): what wl_source_load refuses and why,
 * and byte offset <-> line:column as clang counts them (bytes, a tab is
 * one column, CR belongs to the line ending, a BOM to the first line).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/source.h"

static char dir[] = "/tmp/wl-test-source-XXXXXX";

static char *path_in_dir(const char *name)
{
	static char buf[256];

	snprintf(buf, sizeof(buf), "%s/%s", dir, name);
	return buf;
}

static void write_file(const char *name, const char *data, size_t len)
{
	FILE *f = fopen(path_in_dir(name), "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

/* Load @name and expect failure with a message containing @want. */
static void expect_refused(const char *name, const char *want)
{
	struct wl_source src;
	char *err = NULL;

	assert_int_equal(wl_source_load(&src, path_in_dir(name), &err), -1);
	assert_non_null(err);
	if (!strstr(err, want))
		fail_msg("'%s': message '%s' lacks '%s'", name, err, want);
	free(err);
	wl_source_release(&src);
}

static void test_refusals(void **state)
{
	char big[] = "big.cu";
	int fd;

	(void)state;
	expect_refused("missing.cu", "cannot open");
	assert_int_equal(mkdir(path_in_dir("dir.cu"), 0755), 0);
	expect_refused("dir.cu", "is a directory");
	write_file("nul.cu", "int x;\0int y;\n", 14);
	expect_refused("nul.cu", "binary file");
	/* A FIFO must be refused at once, not wait for a writer. */
	assert_int_equal(mkfifo(path_in_dir("fifo.cu"), 0644), 0);
	expect_refused("fifo.cu", "not a regular file");
	/* Sparse, one byte over the limit: refused from its size. */
	fd = open(path_in_dir(big), O_CREAT | O_WRONLY, 0644);
	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, (off_t)WL_SOURCE_MAX_BYTES + 1), 0);
	close(fd);
	expect_refused(big, "file too large");
}

static void test_empty_and_identity(void **state)
{
	struct wl_source src;
	char *err = NULL;
	unsigned line, col;
	size_t len;

	(void)state;
	write_file("empty.cu", "", 0);
	assert_int_equal(wl_source_load(&src, path_in_dir("empty.cu"), &err), 0);
	assert_int_equal(src.len, 0);
	assert_string_equal(src.text, "");
	assert_int_equal(wl_source_nr_lines(&src), 1);
	wl_source_line_col(&src, 0, &line, &col);
	assert_int_equal(line, 1);
	assert_int_equal(col, 1);
	assert_int_equal(wl_source_line(&src, 1, &len)[0], '\0');
	assert_int_equal(len, 0);
	assert_string_equal(wl_source_newline(&src), "\n");
	assert_true(wl_source_unchanged_on_disk(&src));
	/* Any change of size, inode or time counts as a change. */
	write_file("empty.cu", "x", 1);
	assert_false(wl_source_unchanged_on_disk(&src));
	wl_source_release(&src);
}

/* Every offset of @text maps to a line:col that maps back to it. */
static void check_round_trip(const char *text)
{
	struct wl_source src;
	unsigned off, line, col;

	wl_source_init_mem(&src, "t.cu", text, strlen(text));
	for (off = 0; off <= src.len; off++) {
		wl_source_line_col(&src, off, &line, &col);
		assert_int_equal(wl_source_offset(&src, line, col), off);
	}
	wl_source_release(&src);
}

/*
 * A dropped text keeps its length and compares by hash: a header whose
 * first copy had nothing to report still matches the copy that does.
 */
static void test_drop_text(void **state)
{
	const char *text = "__global__ void k() {}\n";
	struct wl_source a, b, c;

	(void)state;
	wl_source_init_mem(&a, "a.cuh", text, strlen(text));
	wl_source_init_mem(&b, "b.cuh", text, strlen(text));
	wl_source_init_mem(&c, "c.cuh", "__global__ void q() {}\n",
			   strlen(text));
	assert_int_equal(wl_source_nr_lines(&a), 2);
	wl_source_drop_text(&a);
	assert_null(a.text);
	assert_null(a.line_starts);
	assert_int_equal(a.len, strlen(text));
	assert_true(wl_source_same_text(&a, &b));
	assert_true(wl_source_same_text(&b, &a));
	assert_false(wl_source_same_text(&a, &c));
	wl_source_drop_text(&a);	/* twice: nothing more to do */
	wl_source_drop_text(&b);
	assert_true(wl_source_same_text(&a, &b));
	wl_source_drop_text(&c);
	assert_false(wl_source_same_text(&b, &c));
	wl_source_release(&a);
	wl_source_release(&b);
	wl_source_release(&c);
}

static void test_line_col(void **state)
{
	/* "\tx" on line 2: x is column 2, as clang says (a tab is a byte). */
	const char *text = "ab\n\tx = 1;\r\n\r\nlast";
	struct wl_source src;
	unsigned line, col;
	size_t len;
	const char *l;

	(void)state;
	wl_source_init_mem(&src, "t.cu", text, strlen(text));
	assert_int_equal(wl_source_nr_lines(&src), 4);
	wl_source_line_col(&src, 4, &line, &col);
	assert_int_equal(line, 2);
	assert_int_equal(col, 2);
	/* The CR of a CRLF is the last column of its line, not a new line. */
	wl_source_line_col(&src, 10, &line, &col);
	assert_int_equal(line, 2);
	assert_int_equal(col, 8);
	l = wl_source_line(&src, 2, &len);
	assert_int_equal(len, 7);	/* without "\r\n" */
	assert_memory_equal(l, "\tx = 1;", 7);
	l = wl_source_line(&src, 3, &len);
	assert_int_equal(len, 0);	/* "\r\n" alone is an empty line */
	l = wl_source_line(&src, 4, &len);
	assert_int_equal(len, 4);
	assert_memory_equal(l, "last", 4);
	/* Out of range: clamped, never outside the buffer. */
	assert_int_equal(wl_source_offset(&src, 99, 1), src.len);
	assert_int_equal(wl_source_offset(&src, 1, 999), src.len);
	assert_int_equal(wl_source_offset(&src, 0, 5), 0);
	l = wl_source_line(&src, 99, &len);
	assert_int_equal(len, 0);
	wl_source_release(&src);

	check_round_trip(text);
	check_round_trip("\n\n\n");
	check_round_trip("no newline at the end");
	check_round_trip("\xef\xbb\xbf" "bom\r\nline\r\n");
}

static void test_bom_and_utf8(void **state)
{
	/* clang counts the three BOM bytes in the first line's columns. */
	const char *text = "\xef\xbb\xbfint x;\n// caf\xc3\xa9 \xff\nint y;\n";
	struct wl_source src;
	unsigned line, col;

	(void)state;
	wl_source_init_mem(&src, "t.cu", text, strlen(text));
	wl_source_line_col(&src, 7, &line, &col);	/* 'x' */
	assert_int_equal(line, 1);
	assert_int_equal(col, 8);
	/* Columns are bytes: 'y' after a two-byte é and a stray 0xff. */
	wl_source_line_col(&src, (unsigned)(strchr(text, 'y') - text), &line,
			   &col);
	assert_int_equal(line, 3);
	assert_int_equal(col, 5);
	wl_source_release(&src);
}

static void test_newline_style(void **state)
{
	struct wl_source src;

	(void)state;
	wl_source_init_mem(&src, "t.cu", "a\r\nb\r\n", 6);
	assert_string_equal(wl_source_newline(&src), "\r\n");
	wl_source_release(&src);
	wl_source_init_mem(&src, "t.cu", "a\nb\r\n", 5);
	assert_string_equal(wl_source_newline(&src), "\n");
	wl_source_release(&src);
	/* A lone CR at the very start must not be read before the buffer. */
	wl_source_init_mem(&src, "t.cu", "\nx", 2);
	assert_string_equal(wl_source_newline(&src), "\n");
	wl_source_release(&src);
}

static void test_load_keeps_bytes(void **state)
{
	static const char text[] = "\xef\xbb\xbf\tk\r\n\xe9\xff\r\n";
	struct wl_source src;
	char *err = NULL;

	(void)state;
	write_file("bytes.cu", text, sizeof(text) - 1);
	assert_int_equal(wl_source_load(&src, path_in_dir("bytes.cu"), &err), 0);
	assert_int_equal(src.len, sizeof(text) - 1);
	assert_memory_equal(src.text, text, sizeof(text) - 1);
	assert_int_equal(src.text[src.len], '\0');
	assert_int_equal(wl_source_nr_lines(&src), 3);
	assert_int_equal(src.mode & 0777, 0644);	/* umask 022 */
	wl_source_release(&src);
}

/* Comments blanked, literals and offsets kept. */
static void test_code_only(void **state)
{
	static const char text[] =
		"a = 1; // __shfl_sync(m, v, 0)\n"
		"/* x\n y */ b = \"// ptx\"; c = '/';\n"
		"d /* unterminated";
	static const char want[] =
		"a = 1;                        \n"
		"    \n      b = \"// ptx\"; c = '/';\n"
		"d                ";
	char *out;

	(void)state;
	out = wl_source_code_only(text, sizeof(text) - 1);
	assert_string_equal(out, want);
	free(out);
	out = wl_source_code_only("", 0);
	assert_string_equal(out, "");
	free(out);
}

static int setup(void **state)
{
	(void)state;
	umask(022);
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[300];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_empty_and_identity),
		cmocka_unit_test(test_line_col),
		cmocka_unit_test(test_drop_text),
		cmocka_unit_test(test_bom_and_utf8),
		cmocka_unit_test(test_newline_style),
		cmocka_unit_test(test_load_keeps_bytes),
		cmocka_unit_test(test_code_only),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
