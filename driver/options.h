/* SPDX-License-Identifier: MIT */
/* Command-line options of warplint, parsed into one struct. */
#ifndef WL_DRIVER_OPTIONS_H
#define WL_DRIVER_OPTIONS_H

#include <stdbool.h>

#include "driver/analyze.h"
#include "driver/compdb.h"
#include "driver/shard.h"

enum wl_format {
	WL_FORMAT_TEXT,
	WL_FORMAT_JSON,
	WL_FORMAT_SARIF,
};

enum wl_action {
	WL_ACTION_ANALYZE,
	WL_ACTION_LIST_RULES,
	WL_ACTION_EXPLAIN,
	WL_ACTION_HELP,
	WL_ACTION_VERSION,
	WL_ACTION_PRINT_PARSE_ARGS,	/* hidden, for bench/run */
	WL_ACTION_DUMP_SHIM,		/* hidden, for bench/run */
};

struct wl_options {
	enum wl_action action;
	const char *explain;		/* rule for --explain */
	struct wl_strvec files;
	/* --extra-arg, -I, -D, ... and the compiler arguments after "--" */
	struct wl_strvec extra_args;
	const char *compdb_dir;		/* -p */
	/*
	 * --header-filter=REGEX: headers whose findings are reported; NULL:
	 * every header that is not a system header; "": none.
	 */
	const char *header_filter;
	bool verbose;			/* --verbose */
	bool no_guess_includes;		/* --no-guess-includes */
	bool fix;
	bool fix_dry_run;
	bool unsafe_fixes;		/* apply unsafe fixes too */
	const char *export_fixes;	/* --export-fixes=FILE */
	enum wl_format format;
	const char *output;		/* -o FILE, default stdout */
	unsigned jobs;			/* 0: one per core */
	struct wl_shard shard;		/* --shard=I/N */
	unsigned timeout;		/* --timeout seconds per file, 0: none */
	bool quiet;
	bool color;
	enum wl_level fail_level;
	struct wl_analyze_opts analyze;
	bool no_prefilter;		/* parse every file */
	bool no_cache;			/* no incremental cache */
	bool no_pch;			/* the shim parsed as text */
	const char *dump_shim;		/* --dump-shim=DIR */
	/* Rules named by --enable/--disable: they win over .warplint. */
	bool rule_from_cli[WL_NR_RULES];
	const char *config;		/* --config FILE: no search */
	bool no_config;			/* --no-config */
	const char *baseline;		/* --baseline FILE */
	const char *write_baseline;	/* --write-baseline FILE */
};

/*
 * Parse @argv into @opts.  Returns 0, or -1 after printing a usage error
 * naming the bad option to stderr.
 */
int wl_options_parse(struct wl_options *opts, int argc, char **argv);
void wl_options_release(struct wl_options *opts);

/* The --help text. */
extern const char wl_usage[];

#endif
