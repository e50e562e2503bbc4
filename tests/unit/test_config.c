/* SPDX-License-Identifier: MIT */
/*
 * The .warplint loader (driver/config.c): every key, the errors with
 * their file:line:col, discovery by walking up, and exclude globs.  Files
 * live in a scratch directory made by mkdtemp.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"
#include "driver/config.h"

struct fixture {
	char dir[64];
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));

	strcpy(fx->dir, "/tmp/wl-config-XXXXXX");
	if (!mkdtemp(fx->dir))
		return -1;
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;
	char *cmd = wl_xasprintf("rm -rf '%s'", fx->dir);
	int ret = system(cmd);

	free(cmd);
	free(fx);
	return ret == 0 ? 0 : -1;
}

static char *write_file(const struct fixture *fx, const char *rel,
			const char *text)
{
	char *path = wl_xasprintf("%s/%s", fx->dir, rel);
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	return path;
}

/* Every key, in both the list and the single-string spelling. */
static void test_all_keys(void **state)
{
	struct fixture *fx = *state;
	char *path = write_file(fx, "all.yaml",
				"# comment\n"
				"enable: [WL401, lockstep-assumption]\n"
				"disable: WL102\n"
				"severity:\n  WL201: error\n  legacy-shuffle: note\n"
				"extra-args: [-DBLOCK=256, -Iinc]\n"
				"exclude: \"gen_*.cu\"\n"
				"launch: {block-x-multiple-of-32: true}\n");
	struct wl_config cfg;
	char *err = NULL;

	assert_int_equal(wl_config_load(&cfg, path, &err), 0);
	assert_int_equal(cfg.block_x_multiple_of_32, WL_ON);
	assert_int_equal(cfg.enable[WL401], WL_ON);
	assert_int_equal(cfg.enable[WL303], WL_ON);
	assert_int_equal(cfg.enable[WL102], WL_OFF);
	assert_int_equal(cfg.enable[WL101], WL_UNSET);
	assert_int_equal(cfg.level[WL201], WL_LEVEL_ERROR);
	assert_int_equal(cfg.level[WL101], WL_LEVEL_NOTE);
	assert_int_equal(cfg.level[WL102], -1);
	assert_int_equal(cfg.extra_args.nr, 2);
	assert_string_equal(cfg.extra_args.v[1], "-Iinc");
	assert_int_equal(cfg.exclude.nr, 1);
	wl_config_release(&cfg);
	free(path);
}

/* Each error names the file, the line and the column of the culprit. */
static void test_errors_have_positions(void **state)
{
	static const struct {
		const char *yaml, *want;
	} cases[] = {
		{ "enable: [WL101]\nfoo: 1\n", ":2:1: unknown key 'foo'" },
		{ "severity:\n  WL101: loud\n", ":2:10: bad level 'loud'" },
		{ "severity:\n  WL555: note\n", ":2:3: unknown rule 'WL555'" },
		{ "disable: [WL101, nope]\n", ":1:18: unknown rule 'nope'" },
		{ "exclude: [[a]]\n", ":1:11: 'exclude' must be a list" },
		{ "- just\n- a list\n", ":1:1: expected a mapping" },
		{ "enable: [WL101\n", ":2:1: " },
		{ "launch: {block-x-multiple-of-32: maybe}\n",
		  ":1:34: bad value 'maybe'" },
		{ "launch: {warp-size: 64}\n", ":1:10: unknown launch fact" },
		{ "launch: [x]\n", ":1:9: 'launch' must map" },
	};
	struct fixture *fx = *state;
	unsigned i;

	for (i = 0; i < WL_ARRAY_SIZE(cases); i++) {
		char *path = write_file(fx, "bad.yaml", cases[i].yaml);
		struct wl_config cfg;
		char *err = NULL, *want;

		assert_int_equal(wl_config_load(&cfg, path, &err), -1);
		want = wl_xasprintf("%s%s", path, cases[i].want);
		if (strncmp(err, want, strlen(want)))
			fail_msg("case %u: got '%s', want '%s...'", i, err, want);
		free(want);
		free(err);
		wl_config_release(&cfg);
		free(path);
	}
}

/* The nearest .warplint above a file, none when there is none. */
static void test_find_walks_up(void **state)
{
	struct fixture *fx = *state;
	char *sub = wl_xasprintf("%s/a/b", fx->dir), *mid, *cfg, *src, *found;

	mid = wl_xasprintf("%s/a", fx->dir);
	assert_int_equal(mkdir(mid, 0700), 0);
	assert_int_equal(mkdir(sub, 0700), 0);
	src = write_file(fx, "a/b/k.cu", "\n");
	found = wl_config_find(src);
	/* Nothing up to / in a fresh /tmp directory (unless / has one). */
	if (found)
		assert_null(strstr(found, fx->dir));
	free(found);
	cfg = write_file(fx, ".warplint", "enable: [WL401]\n");
	found = wl_config_find(src);
	assert_non_null(found);
	assert_string_equal(found, cfg);
	free(found);
	free(cfg);
	cfg = write_file(fx, "a/.warplint", "\n");
	found = wl_config_find(src);
	assert_string_equal(found, cfg);
	free(found);
	free(cfg);
	free(src);
	free(mid);
	free(sub);
}

static void test_exclude(void **state)
{
	struct fixture *fx = *state;
	char *path = write_file(fx, "ex.yaml",
				"exclude: [\"vendor/*\", \"*.gen.cu\"]\n");
	char *v, *g, *k;
	struct wl_config cfg;
	char *err = NULL;

	assert_int_equal(wl_config_load(&cfg, path, &err), 0);
	v = wl_xasprintf("%s/vendor", fx->dir);
	mkdir(v, 0700);
	free(v);
	v = write_file(fx, "vendor/x.cu", "\n");
	g = write_file(fx, "k.gen.cu", "\n");
	k = write_file(fx, "k.cu", "\n");
	assert_true(wl_config_excludes(&cfg, v));
	assert_true(wl_config_excludes(&cfg, g));
	assert_false(wl_config_excludes(&cfg, k));
	wl_config_release(&cfg);
	free(v);
	free(g);
	free(k);
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_all_keys),
		cmocka_unit_test(test_errors_have_positions),
		cmocka_unit_test(test_find_walks_up),
		cmocka_unit_test(test_exclude),
	};

	return cmocka_run_group_tests_name("config", tests, setup, teardown);
}
