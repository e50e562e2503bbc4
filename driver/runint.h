/* SPDX-License-Identifier: MIT */
/*
 * Private to the run: its state and jobs, which run.c sets up, runjob.c
 * analyses and runreport.c reports.
 */
#ifndef WL_DRIVER_RUNINT_H
#define WL_DRIVER_RUNINT_H

#include <regex.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

#include "base/realpaths.h"
#include "base/source.h"
#include "base/util.h"
#include "driver/analyze.h"
#include "driver/config.h"
#include "driver/options.h"
#include "driver/progress.h"
#include "driver/report.h"

struct wl_baseline;
struct wl_cache;
struct wl_compdb;
struct wl_incguess;
struct wl_pch;
struct wl_prefilter;

struct job {
	const char *path;
	struct wl_strvec args;	/* compile database + .warplint + CLI */
	struct wl_source src;
	bool loaded;
	/* One result per configuration of its .warplint, else one. */
	struct wl_tu_result *results;
	unsigned nr_results;
	char *error;
	const struct wl_config *cfg;	/* its .warplint, or NULL */
	char *db;		/* the compile database's folder, or NULL */
	char *db_how;		/* for --verbose: which entry was used */
	char *repo;		/* its repository: headers below are fixable */
};

/* --header-filter, as the analysis asks it from every worker. */
struct header_filter {
	bool all;		/* no regex: every project header */
	regex_t re;
};

struct db_cache {
	char *dir;
	struct wl_compdb *db;	/* NULL: could not be loaded */
};

struct found_above;

struct run_state {
	const struct wl_options *opts;
	struct job *jobs;
	unsigned nr_jobs;
	atomic_uint next;
	bool want_fixed;
	struct wl_prefilter *pf;	/* NULL: parse every file */
	unsigned *order;		/* jobs by size, largest first */
	struct wl_config **configs;	/* every .warplint read, once each */
	unsigned nr_configs, alloc_configs;
	struct wl_baseline *baseline;	/* --baseline, unless rewriting it */
	unsigned nr_left_out;		/* excluded by .warplint or --shard */
	struct wl_progress progress;
	struct header_filter filter;
	bool headers;			/* analyse headers at all */
	struct wl_incguess *guess;	/* NULL: --no-guess-includes */
	struct db_cache *dbs;		/* compile databases found, by folder */
	unsigned nr_dbs, alloc_dbs;
	struct found_above *found;	/* discovery, by the files' folder */
	unsigned nr_found, alloc_found;
	struct wl_realpaths folders;	/* the files' folders, resolved */
	char *found_path;		/* the path asked last, and its entry */
	unsigned found_last;
	struct wl_report report;
	struct wl_cache *cache;		/* NULL: --no-cache, or none usable */
	struct wl_pch *pch;		/* NULL: --no-pch, or no cache folder */
	char *salt;			/* what every file's key shares */
};

/* ---- runfind.c: discovery above a file, once per folder ---- */

/* The nearest .warplint above @path, or NULL (allocated). */
char *run_find_config(struct run_state *rs, const char *path);
/* The folder of the compile database clangd would use, or NULL. */
char *run_find_compdb(struct run_state *rs, const char *path);
/* The root of the repository holding @path (wl_repo_root()), or NULL. */
char *run_find_repo(struct run_state *rs, const char *path);
void run_found_release(struct run_state *rs);

/* ---- runjob.c: configurations and analysis ---- */

/* Analyse every job, on opts->jobs worker threads, largest files first. */
void run_analyze_all(struct run_state *rs);

/*
 * The incremental cache, unless --no-cache, $WARPLINT_NO_CACHE, or a
 * model dump (which wants the parse).  A folder that cannot be used makes
 * a run without one.  Also the precompiled shim, unless --no-pch or
 * $WARPLINT_NO_PCH.
 */
void run_open_cache(struct run_state *rs);

/*
 * Close the cache (trimming it) and the precompiled shim; with --verbose,
 * the cache's hits and misses.
 */
void run_close_cache(struct run_state *rs);

/*
 * The configuration for @path: --config's, or the nearest .warplint, each
 * file read once.  Returns -1 after printing why a file is invalid.
 */
int run_config_for(struct run_state *rs, const char *path,
		   const struct wl_config **out);

/* ---- runreport.c: reports, fixes, baselines ---- */

/* Every input, and after each the headers it reached first, merged. */
void run_build_report(struct run_state *rs);

/*
 * Notes on stderr: folders guessed, a header analysed through its
 * includer, and with --verbose, the flags' origin.
 */
void run_print_notes(const struct run_state *rs);

/* Write each changed file; a failure is reported and counts as bad input. */
bool run_write_fixes(struct run_state *rs);

/* --fix-dry-run: each changed file as a unified diff on @out. */
void run_print_diffs(struct run_state *rs, FILE *out);

/* The summary line on stderr (unless @quiet); returns the exit status. */
int run_summarize(struct run_state *rs, bool quiet);

/* The report in the format asked for, on @out; -1 if it could not be written. */
int run_emit_report(struct run_state *rs, FILE *out);

/* --write-baseline: every finding to the file; -1 (said why) if it fails. */
int run_write_baseline(struct run_state *rs);

#endif
