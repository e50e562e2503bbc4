/* SPDX-License-Identifier: MIT */
/* warplint's command line: parse options, run, map the result to a status. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/parse.h"
#include "analyzer/rule_catalog.h"
#include "driver/docs.h"
#include "driver/merge.h"
#include "driver/options.h"
#include "driver/run.h"

#ifndef WL_VERSION
#define WL_VERSION "0.0.0"
#endif

static void list_rules(void)
{
	unsigned i;

	printf("%-6s %-27s %-8s %-4s %s\n", "ID", "NAME", "LEVEL", "ON", "SUMMARY");
	for (i = 0; i < WL_NR_RULES; i++) {
		const struct wl_rule *r = &wl_rules[i];

		printf("%-6s %-27s %-8s %-4s %s\n", r->code, r->name,
		       wl_level_name(r->level), r->default_on ? "yes" : "no",
		       r->summary);
	}
}

/* warplint merge [-o FILE] REPORT...: join the reports of --shard runs. */
static int merge_main(int argc, char **argv)
{
	const char *output = NULL;
	FILE *out = stdout;
	char *err = NULL;
	int i = 2, status = WL_EXIT_CLEAN;

	if (i < argc && (!strcmp(argv[i], "-o") || !strcmp(argv[i], "--output"))) {
		if (i + 1 >= argc) {
			fprintf(stderr, "warplint merge: %s needs a file\n",
				argv[i]);
			return WL_EXIT_USAGE;
		}
		output = argv[i + 1];
		i += 2;
	}
	if (i >= argc) {
		fprintf(stderr, "usage: warplint merge [-o FILE] REPORT...\n");
		return WL_EXIT_USAGE;
	}
	if (output && !(out = fopen(output, "w"))) {
		perror(output);
		return WL_EXIT_BAD_INPUT;
	}
	if (wl_merge_reports(out, (const char *const *)argv + i,
			     (unsigned)(argc - i), &err) < 0) {
		fprintf(stderr, "warplint merge: %s\n", err);
		free(err);
		status = WL_EXIT_BAD_INPUT;
	}
	if (out != stdout && fclose(out) != 0) {
		perror(output);
		status = WL_EXIT_BAD_INPUT;
	}
	return status;
}

int main(int argc, char **argv)
{
	struct wl_options opts;
	const struct wl_rule *rule;
	int status = 0;

	/* A subcommand, as `git merge`: before option parsing. */
	if (argc > 1 && !strcmp(argv[1], "merge"))
		return merge_main(argc, argv);
	if (wl_options_parse(&opts, argc, argv) < 0) {
		wl_options_release(&opts);
		return WL_EXIT_USAGE;
	}
	switch (opts.action) {
	case WL_ACTION_HELP:
		fputs(wl_usage, stdout);
		break;
	case WL_ACTION_VERSION:
		printf("warplint %s\n", WL_VERSION);
		break;
	case WL_ACTION_LIST_RULES:
		list_rules();
		break;
	case WL_ACTION_EXPLAIN:
		rule = wl_rule_find(opts.explain);
		if (!rule) {
			fprintf(stderr, "warplint: unknown rule '%s'\n",
				opts.explain);
			status = WL_EXIT_USAGE;
			break;
		}
		fputs(wl_rule_doc(rule->id), stdout);
		break;
	case WL_ACTION_PRINT_PARSE_ARGS: {
		/* One argument per line: what clang-19 needs to parse alike. */
		unsigned i, n;
		const char *const *base = wl_parse_base_args(&n);

		for (i = 0; i < n; i++)
			puts(base[i]);
		for (i = 0; i < opts.extra_args.nr; i++)
			puts(opts.extra_args.v[i]);
		base = wl_parse_toolkit_args(&n);
		for (i = 0; i < n; i++)
			puts(base[i]);
		break;
	}
	case WL_ACTION_DUMP_SHIM:
		if (wl_dump_shim(opts.dump_shim) < 0)
			status = WL_EXIT_BAD_INPUT;
		break;
	case WL_ACTION_ANALYZE:
		status = wl_run(&opts);
		break;
	}
	wl_options_release(&opts);
	return status;
}
