/* SPDX-License-Identifier: MIT */
/*
 * The driver: analyze every input file (in parallel, one libclang index
 * per worker, once per configuration its .warplint lists), gather the
 * findings of inputs and of the headers they include into one entry per
 * file, then apply or print fixes and emit the report in input order, so
 * that -j 1 and -j N print the same bytes.
 */
#include "driver/run.h"

#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyzer/incguess.h"
#include "base/source.h"
#include "base/util.h"
#include "driver/analyze.h"
#include "driver/baseline.h"
#include "driver/compdb.h"
#include "driver/config.h"
#include "driver/options.h"
#include "driver/progress.h"
#include "driver/report.h"
#include "driver/runint.h"
#include "driver/shard.h"

/* The compile database in @dir, loaded once per run; NULL if unusable. */
static struct wl_compdb *database_at(struct run_state *rs, const char *dir)
{
	struct db_cache *c;
	char *err = NULL;
	unsigned i;

	for (i = 0; i < rs->nr_dbs; i++)
		if (!strcmp(rs->dbs[i].dir, dir))
			return rs->dbs[i].db;
	WL_GROW(rs->dbs, rs->nr_dbs, rs->alloc_dbs);
	c = &rs->dbs[rs->nr_dbs++];
	c->dir = wl_xstrdup(dir);
	c->db = wl_compdb_load(dir, &err);
	if (!c->db) {
		fprintf(stderr, "warplint: warning: %s; ignored\n", err);
		free(err);
	}
	return c->db;
}

/*
 * The flags of @job's compile database: -p's, else the one clangd would
 * find above the file.
 */
static void database_args(struct run_state *rs, struct wl_compdb *given,
			  struct job *job)
{
	struct wl_compdb *db = given;
	char *dir = NULL;
	bool exact = false;

	if (!db) {
		dir = run_find_compdb(rs, job->path);
		db = dir ? database_at(rs, dir) : NULL;
	}
	if (db && wl_compdb_args_for(db, job->path, &job->args, &exact)) {
		job->db = dir ? dir : wl_xstrdup(rs->opts->compdb_dir);
		job->db_how = wl_xstrdup(exact ? "its own entry"
					       : "the entry of the nearest file");
		return;
	}
	free(dir);
}

static int setup_jobs(struct run_state *rs, const struct wl_options *opts)
{
	struct wl_compdb *db = NULL;
	struct wl_strvec files = { NULL, 0, 0 };
	char *err = NULL;
	unsigned i, k;

	if (opts->compdb_dir) {
		db = wl_compdb_load(opts->compdb_dir, &err);
		if (!db) {
			fprintf(stderr, "warplint: error: %s\n", err);
			free(err);
			return -1;
		}
	}
	for (i = 0; i < opts->files.nr; i++)
		wl_strvec_push(&files, opts->files.v[i]);
	if (!files.nr && db)
		wl_compdb_files(db, &files);
	rs->nr_jobs = 0;
	rs->jobs = wl_xcalloc(files.nr + 1, sizeof(*rs->jobs));
	for (i = 0; i < files.nr; i++) {
		struct job *job = &rs->jobs[rs->nr_jobs];

		if (run_config_for(rs, files.v[i], &job->cfg) < 0) {
			for (; i < files.nr; i++)
				free(files.v[i]);
			free(files.v);
			wl_compdb_free(db);
			return -1;
		}
		if ((job->cfg && wl_config_excludes(job->cfg, files.v[i])) ||
		    !wl_shard_keeps(&opts->shard, files.v[i])) {
			rs->nr_left_out++;
			free(files.v[i]);
			continue;
		}
		rs->nr_jobs++;
		job->path = files.v[i];
		files.v[i] = NULL;
		job->repo = run_find_repo(rs, job->path);
		database_args(rs, db, job);
		/* The file's settings first, so that the command line wins. */
		for (k = 0; job->cfg && k < job->cfg->extra_args.nr; k++)
			wl_strvec_push(&job->args, job->cfg->extra_args.v[k]);
		for (k = 0; k < opts->extra_args.nr; k++)
			wl_strvec_push(&job->args, opts->extra_args.v[k]);
	}
	free(files.v);
	wl_compdb_free(db);
	return 0;
}

static void release_jobs(struct run_state *rs)
{
	unsigned i, k;

	wl_report_release(&rs->report);
	for (i = 0; i < rs->nr_jobs; i++) {
		struct job *job = &rs->jobs[i];

		free((char *)job->path);
		wl_strvec_release(&job->args);
		wl_source_release(&job->src);
		for (k = 0; k < job->nr_results; k++)
			wl_tu_result_release(&job->results[k]);
		free(job->results);
		free(job->error);
		free(job->db);
		free(job->db_how);
		free(job->repo);
	}
	free(rs->jobs);
	for (i = 0; i < rs->nr_configs; i++) {
		wl_config_release(rs->configs[i]);
		free(rs->configs[i]);
	}
	free(rs->configs);
	for (i = 0; i < rs->nr_dbs; i++) {
		free(rs->dbs[i].dir);
		wl_compdb_free(rs->dbs[i].db);
	}
	free(rs->dbs);
	run_found_release(rs);
	wl_baseline_free(rs->baseline);
	wl_incguess_free(rs->guess);
	if (rs->headers && !rs->filter.all)
		regfree(&rs->filter.re);
}

/* --header-filter, compiled once; -1 after a usage error. */
static int setup_filter(struct run_state *rs)
{
	const char *re = rs->opts->header_filter;
	int code;

	rs->headers = !re || *re;
	rs->filter.all = !re;
	if (!re || !*re)
		return 0;
	code = regcomp(&rs->filter.re, re, REG_EXTENDED | REG_NOSUB);
	if (code) {
		char msg[256];

		regerror(code, &rs->filter.re, msg, sizeof(msg));
		fprintf(stderr, "warplint: bad --header-filter '%s': %s\n"
				"Try 'warplint --help'.\n", re, msg);
		rs->headers = false;
		return -1;
	}
	return 0;
}

int wl_run(const struct wl_options *opts)
{
	struct run_state rs;
	FILE *out = stdout;
	int status;

	memset(&rs, 0, sizeof(rs));
	rs.opts = opts;
	rs.want_fixed = opts->fix || opts->fix_dry_run;
	if (setup_filter(&rs) < 0 || setup_jobs(&rs, opts) < 0) {
		release_jobs(&rs);
		return WL_EXIT_USAGE;
	}
	/* A shard (or a config) may leave nothing: an empty report, not misuse. */
	if (!rs.nr_jobs && !(opts->shard.count && rs.nr_left_out)) {
		fprintf(stderr, "warplint: no input files\n"
				"Try 'warplint --help'.\n");
		release_jobs(&rs);
		return WL_EXIT_USAGE;
	}
	if (!opts->no_guess_includes)
		rs.guess = wl_incguess_new();
	/* Rewriting a baseline must see every finding, the old ones too. */
	if (opts->baseline && !opts->write_baseline) {
		char *err = NULL;

		rs.baseline = wl_baseline_load(opts->baseline, &err);
		if (!rs.baseline) {
			fprintf(stderr, "warplint: error: %s\n", err);
			free(err);
			release_jobs(&rs);
			return WL_EXIT_USAGE;
		}
	}
	wl_progress_start(&rs.progress, rs.nr_jobs,
			  !opts->quiet && isatty(STDERR_FILENO));
	run_open_cache(&rs);
	run_analyze_all(&rs);
	run_close_cache(&rs);
	wl_progress_finish(&rs.progress);
	run_build_report(&rs);
	run_print_notes(&rs);
	if (opts->write_baseline && run_write_baseline(&rs) < 0) {
		release_jobs(&rs);
		return WL_EXIT_BAD_INPUT;
	}
	if (opts->output) {
		out = fopen(opts->output, "w");
		if (!out) {
			perror(opts->output);
			release_jobs(&rs);
			return WL_EXIT_BAD_INPUT;
		}
	}
	if (opts->fix_dry_run)
		run_print_diffs(&rs, out);
	else if (run_emit_report(&rs, out) < 0)
		fprintf(stderr, "warplint: error: could not write the report\n");
	status = run_summarize(&rs, opts->quiet || opts->fix_dry_run);
	if (opts->fix && !run_write_fixes(&rs))
		status = WL_EXIT_BAD_INPUT;
	if (out != stdout && fclose(out) != 0) {
		perror(opts->output);
		status = WL_EXIT_BAD_INPUT;
	}
	release_jobs(&rs);
	return status;
}
