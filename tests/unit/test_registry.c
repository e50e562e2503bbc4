/* SPDX-License-Identifier: MIT */
/*
 * The rule registry (rule_catalog.def) and what is generated or written from it:
 * ids unique and sorted, names kebab-case, one doc page per rule embedded
 * in the binary, no page without a rule, and rules/README.md's index table
 * row for row in sync with the registry.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/source.h"
#include "base/util.h"
#include "driver/docs.h"
#include "rules/rules.h"

static char *slurp(const char *rel)
{
	char *path = wl_xasprintf("%s/%s", WL_SOURCE_DIR, rel), *err = NULL;
	struct wl_source src;
	char *text = NULL;

	if (wl_source_load(&src, path, &err) == 0) {
		text = wl_xstrdup(src.text);
		wl_source_release(&src);
	}
	free(err);
	free(path);
	return text;
}

/* Ids strictly increasing, codes spelled from the numbers, names unique. */
static void test_ids_and_names(void **state)
{
	unsigned i, k;

	(void)state;
	for (i = 0; i < WL_NR_RULES; i++) {
		const struct wl_rule *r = &wl_rules[i];
		char code[16];
		const char *p;

		assert_int_equal(r->id, i);
		snprintf(code, sizeof(code), "WL%u", r->number);
		assert_string_equal(r->code, code);
		if (i)
			assert_true(wl_rules[i - 1].number < r->number);
		assert_true(r->name[0] >= 'a' && r->name[0] <= 'z');
		for (p = r->name; *p; p++)
			assert_true((*p >= 'a' && *p <= 'z') ||
				    (*p >= '0' && *p <= '9') || *p == '-');
		assert_true(r->summary[0] != '\0');
		/* A summary is a title, not a sentence: no final period. */
		assert_true(r->summary[strlen(r->summary) - 1] != '.');
		for (k = 0; k < i; k++)
			assert_string_not_equal(wl_rules[k].name, r->name);
		assert_ptr_equal(wl_rule_find(r->code), r);
		assert_ptr_equal(wl_rule_find(r->name), r);
	}
}

/* Every rule has rules/WLnnn.md, and the binary embeds it (--explain). */
static void test_every_rule_has_a_page(void **state)
{
	unsigned i;

	(void)state;
	for (i = 0; i < WL_NR_RULES; i++) {
		char *rel = wl_xasprintf("rules/%s.md", wl_rules[i].code);
		char *page = slurp(rel);

		if (!page)
			fail_msg("%s is missing", rel);
		assert_string_equal(wl_rule_doc((enum wl_rule_id)i), page);
		free(page);
		free(rel);
	}
}

/* No page for a rule that does not exist (a typo or a removed id). */
static void test_no_orphan_pages(void **state)
{
	char *dir = wl_xasprintf("%s/rules", WL_SOURCE_DIR);
	DIR *d = opendir(dir);
	struct dirent *e;

	(void)state;
	assert_non_null(d);
	while ((e = readdir(d))) {
		char code[16];

		if (strncmp(e->d_name, "WL", 2) || !wl_ends_with(e->d_name, ".md"))
			continue;
		snprintf(code, sizeof(code), "%.*s",
			 (int)(strlen(e->d_name) - 3), e->d_name);
		if (!wl_rule_find(code) || strcmp(wl_rule_find(code)->code, code))
			fail_msg("rules/%s has no row in rule_catalog.def", e->d_name);
	}
	closedir(d);
	free(dir);
}

/* Undo the Markdown escapes the index uses in its cells. */
static char *unescape(const char *s, size_t n)
{
	char *out = wl_xmalloc(n + 1), *o = out;
	size_t i;

	for (i = 0; i < n; i++) {
		if (s[i] == '\\' && i + 1 < n)
			i++;
		*o++ = s[i];
	}
	*o = '\0';
	return out;
}

/* Split a "| a | b | c |" row into cells; returns how many. */
static unsigned split_row(const char *line, size_t len, char **cells,
			  unsigned max)
{
	const char *p = line + 2, *end = line + len;
	unsigned n = 0;

	while (p < end && n < max) {
		const char *q = p;

		while (q < end && !(q[0] == ' ' && q + 1 < end && q[1] == '|' &&
				    q[-1] != '\\'))
			q++;
		cells[n++] = unescape(p, (size_t)(q - p));
		p = q + 3;
	}
	return n;
}

static char *front_matter_value(const char *page, const char *key)
{
	char *needle = wl_xasprintf("\n%s: ", key);
	const char *p = strstr(page, needle), *eol;
	char *v = NULL;

	if (p) {
		p += strlen(needle);
		eol = strchr(p, '\n');
		v = wl_xstrndup(p, eol ? (size_t)(eol - p) : strlen(p));
	}
	free(needle);
	return v;
}

static void test_readme_index_in_sync(void **state)
{
	char *readme = slurp("rules/README.md");
	const char *line;
	unsigned row = 0;

	(void)state;
	assert_non_null(readme);
	for (line = readme; line && *line;) {
		const char *eol = strchr(line, '\n');
		size_t len = eol ? (size_t)(eol - line) : strlen(line);

		if (!strncmp(line, "| [WL", 5)) {
			const struct wl_rule *r;
			char *cells[6] = { NULL }, *want, *rel, *page, *fix;
			unsigned n = split_row(line, len, cells, 6), k;

			if (row >= WL_NR_RULES)
				fail_msg("README.md has more rows than rule_catalog.def");
			r = &wl_rules[row++];
			assert_int_equal(n, 6);
			want = wl_xasprintf("[%s](%s.md)", r->code, r->code);
			assert_string_equal(cells[0], want);
			free(want);
			assert_string_equal(cells[1], r->name);
			assert_string_equal(cells[2], wl_level_name(r->level));
			assert_string_equal(cells[3], r->default_on ? "on" : "off");
			rel = wl_xasprintf("rules/%s.md", r->code);
			page = slurp(rel);
			assert_non_null(page);
			fix = front_matter_value(page, "fix");
			assert_non_null(fix);
			assert_string_equal(cells[4], fix);
			assert_string_equal(cells[5], r->summary);
			free(fix);
			free(page);
			free(rel);
			for (k = 0; k < n; k++)
				free(cells[k]);
		}
		line = eol ? eol + 1 : NULL;
	}
	assert_int_equal(row, WL_NR_RULES);
	free(readme);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ids_and_names),
		cmocka_unit_test(test_every_rule_has_a_page),
		cmocka_unit_test(test_no_orphan_pages),
		cmocka_unit_test(test_readme_index_in_sync),
	};

	return cmocka_run_group_tests_name("registry", tests, NULL, NULL);
}
