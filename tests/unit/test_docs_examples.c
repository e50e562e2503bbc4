/* SPDX-License-Identifier: MIT */
/*
 * The rule pages rules/WLnnn.md behave as documented (STYLE.md B9): the
 * front matter and title agree with rule_catalog.def, every section is there, the
 * rule fires on the "Problematic code" block and stays silent on the
 * "Correct code" block.  One cmocka test per rule.
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
#include "analyzer/pch.h"
#include "driver/analyze.h"

/*
 * Rules whose examples are not checked yet, because the rule is still
 * being implemented.  A rule listed here whose examples already behave
 * fails the test, so that the list only shrinks: delete its line then.
 */
static const enum wl_rule_id pending[] = {
	WL_NR_RULES,	/* end marker, keeps the array non-empty */
};

static const char *const sections[] = {
	"## Problematic code", "## Correct code", "## Rationale", "## Fix",
	"## Exceptions", "## Options", "## Related",
};

/* Each test's state: its rule, and the index and shim all tests share. */
struct page_case {
	CXIndex index;
	struct wl_pch *pch;
	enum wl_rule_id rule;
	char name[32];
};

static char *read_page(const struct wl_rule *r)
{
	char *path = wl_xasprintf("%s/rules/%s.md", WL_SOURCE_DIR, r->code);
	struct wl_source src;
	char *err = NULL, *text;

	if (wl_source_load(&src, path, &err) < 0) {
		fprintf(stderr, "%s: %s\n", path, err);
		free(err);
		free(path);
		return NULL;
	}
	text = wl_xstrdup(src.text);
	wl_source_release(&src);
	free(path);
	return text;
}

/* The first ```cuda block after @section, or NULL. */
static char *code_block(const char *page, const char *section)
{
	const char *p = strstr(page, section), *end;

	if (!p)
		return NULL;
	p = strstr(p, "```cuda\n");
	if (!p)
		return NULL;
	p += strlen("```cuda\n");
	end = strstr(p, "```");
	return end ? wl_xstrndup(p, (size_t)(end - p)) : NULL;
}

/*
 * How many unsuppressed findings of @r the code gets (-1: no parse);
 * *@parse_errors (if not NULL): how many WL900 from the same parse.
 */
static int count(const struct page_case *pc, const struct wl_rule *r,
		 const char *code, int *parse_errors)
{
	struct wl_analyze_opts opts;
	struct wl_findings out = { NULL, 0, 0 };
	struct wl_source src;
	char *err = NULL;
	unsigned i;
	int n = 0;

	wl_analyze_opts_default(&opts);
	/* Off-by-default rules (WL401) are documented as if enabled. */
	opts.enabled[r->id] = true;
	opts.enabled[WL900] = true;
	opts.pch = pc->pch;
	wl_source_init_mem(&src, "example.cu", code, strlen(code));
	if (wl_analyze(pc->index, &src, &opts, &out, &err) < 0) {
		fprintf(stderr, "%s: %s\n", r->code, err);
		free(err);
		n = -1;
	}
	if (parse_errors)
		*parse_errors = 0;
	for (i = 0; i < out.nr; i++) {
		if (out.v[i].suppressed)
			continue;
		n += out.v[i].rule == r->id;
		if (parse_errors)
			*parse_errors += out.v[i].rule == WL900;
	}
	wl_findings_release(&out);
	wl_source_release(&src);
	return n;
}

static bool is_pending(enum wl_rule_id id)
{
	unsigned i;

	for (i = 0; i < WL_ARRAY_SIZE(pending); i++)
		if (pending[i] == id)
			return true;
	return false;
}

static void check_front_matter(const struct wl_rule *r, const char *page)
{
	char *want;

	want = wl_xasprintf("---\nid: %s\nname: %s\nlevel: %s\n", r->code,
			    r->name, wl_level_name(r->level));
	if (strncmp(page, want, strlen(want)))
		fail_msg("%s.md: front matter must start with\n%s", r->code,
			 want);
	free(want);
	/* The title line is the summary from rule_catalog.def, word for word. */
	want = wl_xasprintf("\n# %s %s: %s\n", r->code, r->name, r->summary);
	if (!strstr(page, want))
		fail_msg("%s.md: no title line '%s'", r->code, want + 1);
	free(want);
}

static void test_page(void **state)
{
	const struct page_case *pc = *state;
	const struct wl_rule *r = &wl_rules[pc->rule];
	char *page, *bad, *good;
	int n_bad, n_good, good_parse_errors;
	unsigned i;

	page = read_page(r);
	if (!page)
		fail_msg("%s: no page rules/%s.md", r->code, r->code);
	check_front_matter(r, page);
	for (i = 0; i < WL_ARRAY_SIZE(sections); i++)
		if (!strstr(page, sections[i]))
			fail_msg("%s.md: no section '%s'", r->code, sections[i]);
	bad = code_block(page, "## Problematic code");
	good = code_block(page, "## Correct code");
	if (!bad || !good)
		fail_msg("%s.md: each example needs a ```cuda block", r->code);
	n_bad = count(pc, r, bad, NULL);
	n_good = count(pc, r, good, &good_parse_errors);
	/* A Correct block that does not parse would prove nothing. */
	if (r->id != WL900 && good_parse_errors != 0)
		fail_msg("%s.md: the Correct code does not parse", r->code);
	free(bad);
	free(good);
	free(page);
	if (is_pending(r->id)) {
		if (n_bad > 0 && n_good == 0)
			fail_msg("%s now behaves as documented: remove it from "
				 "the pending list", r->code);
		skip();
	}
	if (n_bad <= 0)
		fail_msg("%s does not fire on its Problematic code", r->code);
	if (n_good != 0)
		fail_msg("%s fires %d time(s) on its Correct code", r->code,
			 n_good);
}

int main(void)
{
	struct page_case cases[WL_NR_RULES];
	struct CMUnitTest tests[WL_NR_RULES];
	CXIndex index = clang_createIndex(0, 0);
	/* The corpus runner's precompiled shim: a parse in a tenth the time. */
	struct wl_pch *pch = wl_pch_new(WL_BINARY_DIR "/test-cache/pch", NULL);
	unsigned i;
	int ret;

	memset(tests, 0, sizeof(tests));
	for (i = 0; i < WL_NR_RULES; i++) {
		cases[i].index = index;
		cases[i].pch = pch;
		cases[i].rule = (enum wl_rule_id)i;
		snprintf(cases[i].name, sizeof(cases[i].name), "%s.md",
			 wl_rules[i].code);
		tests[i].name = cases[i].name;
		tests[i].test_func = test_page;
		tests[i].initial_state = &cases[i];
	}
	ret = _cmocka_run_group_tests("docs_examples", tests, WL_NR_RULES,
				      NULL, NULL);
	wl_pch_free(pch);
	clang_disposeIndex(index);
	return ret;
}
