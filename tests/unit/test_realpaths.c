/* SPDX-License-Identifier: MIT */
/*
 * realpath() by folder (base/realpaths.c): every spelling of a path, a
 * symbolic link to a file or to a folder, `.` and `..`, a missing file,
 * answers as realpath() does, also when asked again.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/realpaths.h"
#include "base/util.h"

/* A tree: a/b.cu, a/c/d.cu, file_link -> a/b.cu, dir_link -> a/c. */
static int make_tree(void **state)
{
	char tmpl[] = "/tmp/wl-realpaths-XXXXXX";
	char *root = mkdtemp(tmpl);
	char cwd[PATH_MAX];

	assert_non_null(root);
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	*state = wl_xasprintf("%s\n%s", root, cwd);
	assert_int_equal(chdir(root), 0);
	assert_int_equal(mkdir("a", 0755), 0);
	assert_int_equal(mkdir("a/c", 0755), 0);
	fclose(fopen("a/b.cu", "w"));
	fclose(fopen("a/c/d.cu", "w"));
	assert_int_equal(symlink("a/b.cu", "file_link"), 0);
	assert_int_equal(symlink("a/c", "dir_link"), 0);
	return 0;
}

static int remove_tree(void **state)
{
	char *root = *state, *cwd = strchr(root, '\n');
	char *cmd;

	*cwd++ = '\0';
	assert_int_equal(chdir(cwd), 0);
	cmd = wl_xasprintf("rm -rf '%s'", root);
	assert_int_equal(system(cmd), 0);
	free(cmd);
	free(root);
	return 0;
}

static void same_as_realpath(struct wl_realpaths *rp, const char *path)
{
	char *want = realpath(path, NULL);
	char *got = wl_realpaths_get(rp, path);

	if (!want) {
		assert_null(got);
	} else {
		assert_non_null(got);
		assert_string_equal(got, want);
	}
	free(want);
	free(got);
}

static void test_every_spelling(void **state)
{
	static const char *const paths[] = {
		"a/b.cu", "./a/b.cu", "a//b.cu", "a/c/d.cu", "a/c/../b.cu",
		"file_link", "dir_link/d.cu", "dir_link/../b.cu", "a/c/..",
		"a/.", ".", "a", "a/", "missing.cu", "a/missing.cu",
		"missing/b.cu", "/", "/tmp",
	};
	struct wl_realpaths rp = WL_REALPATHS_INIT;
	char cwd[PATH_MAX], *abs;
	unsigned round, i;

	(void)state;
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	abs = wl_xasprintf("%s/a/c/d.cu", cwd);
	for (round = 0; round < 2; round++) {	/* the second from memory */
		for (i = 0; i < WL_ARRAY_SIZE(paths); i++)
			same_as_realpath(&rp, paths[i]);
		same_as_realpath(&rp, abs);
	}
	free(abs);
	wl_realpaths_release(&rp);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_every_spelling, make_tree,
						remove_tree),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
