/* SPDX-License-Identifier: MIT */
/*
 * The driver: analyze every input file (in parallel, one libclang index
 * per worker), then apply or print fixes and emit the report in input
 * order, so that -j 1 and -j N print the same bytes.
 */
#include "analyzer/run.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyzer/analyze.h"
#include "analyzer/baseline.h"
#include "analyzer/compdb.h"
#include "analyzer/config.h"
#include "analyzer/emit.h"
#include "analyzer/options.h"
#include "analyzer/progress.h"
#include "analyzer/prefilter.h"
#include "analyzer/session.h"
#include "analyzer/source.h"
#include "analyzer/util.h"
#include "fixits/diff.h"
#include "fixits/export.h"
#include "fixits/write.h"

struct job {
	const char *path;
	struct wl_strvec args;	/* compile database + --extra-arg */
	struct wl_source src;
	bool loaded;
	struct wl_findings findings;
	char *error;
	char *fixed;		/* text after fixes, when fixes are wanted */
	size_t fixed_len;
	const struct wl_config *cfg;	/* its .warplint, or NULL */
};

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
	struct wl_progress progress;
};

/*
 * The rules .warplint turns on or off, unless the command line named them,
 * and the launch shape it states.
 */
static void apply_config(const struct run_state *rs, const struct job *job,
			 struct wl_analyze_opts *aopts)
{
	unsigned r;

	for (r = 0; job->cfg && r < WL_NR_RULES; r++)
		if (!rs->opts->rule_from_cli[r] && job->cfg->enable[r] != WL_UNSET)
			aopts->enabled[r] = job->cfg->enable[r] == WL_ON;
	if (job->cfg && job->cfg->block_x_multiple_of_32 != WL_UNSET)
		aopts->launch = job->cfg->block_x_multiple_of_32 == WL_ON
					? WL_LAUNCH_X32
					: WL_LAUNCH_ANY;
}

/* .warplint severities, then the baseline, before any fix is computed. */
static void adjust_findings(const struct run_state *rs, struct job *job)
{
	unsigned k;

	for (k = 0; job->cfg && k < job->findings.nr; k++) {
		struct wl_finding *f = &job->findings.v[k];

		if (job->cfg->level[f->rule] >= 0)
			f->level = (enum wl_level)job->cfg->level[f->rule];
	}
	if (rs->baseline)
		wl_baseline_filter(rs->baseline, job->path, &job->src,
				   &job->findings);
}

static void run_job(CXIndex index, struct run_state *rs, struct job *job)
{
	struct wl_analyze_opts aopts = rs->opts->analyze;

	apply_config(rs, job, &aopts);

	if (wl_source_load(&job->src, job->path, &job->error) < 0)
		return;
	job->loaded = true;
	aopts.args = (const char *const *)job->args.v;
	aopts.nr_args = job->args.nr;
	/* No rule can fire: no findings, no fixes, nothing to parse. */
	if (rs->pf && wl_prefilter_can_skip(rs->pf, &job->src, aopts.args,
					    aopts.nr_args))
		return;
	if (rs->opts->timeout ?
		    wl_analyze_isolated(&job->src, &aopts, rs->opts->timeout,
					&job->findings, &job->error) < 0 :
		    wl_analyze(index, &job->src, &aopts, &job->findings,
			       &job->error) < 0) {
		/*
		 * Report it like an unreadable file: the emitters print
		 * the error only for a file without a source.
		 */
		job->loaded = false;
		return;
	}
	adjust_findings(rs, job);
	if (!rs->opts->unsafe_fixes)
		wl_findings_hold_unsafe(&job->findings);
	if (rs->want_fixed)
		job->fixed = wl_apply_fixes(&job->src, &job->findings,
					    &job->fixed_len);
}

static void *worker(void *arg)
{
	struct run_state *rs = arg;
	/*
	 * With --timeout each file is analyzed in a child process, and this
	 * thread must hold no libclang state while it forks.
	 */
	CXIndex index = rs->opts->timeout ? NULL : clang_createIndex(0, 0);
	unsigned i;

	while ((i = atomic_fetch_add(&rs->next, 1)) < rs->nr_jobs) {
		if (rs->order)
			i = rs->order[i];
		run_job(index, rs, &rs->jobs[i]);
		wl_progress_step(&rs->progress, rs->jobs[i].path);
	}
	if (index)
		clang_disposeIndex(index);
	return NULL;
}

static unsigned job_count(const struct wl_options *opts, unsigned nr_files)
{
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned n = opts->jobs ? opts->jobs : (cores > 0 ? (unsigned)cores : 1);

	return n > nr_files ? (nr_files ? nr_files : 1) : n;
}

struct sized {
	off_t size;
	unsigned job;
};

static int by_size_desc(const void *a, const void *b)
{
	const struct sized *x = a, *y = b;

	if (x->size != y->size)
		return x->size > y->size ? -1 : 1;
	return x->job < y->job ? -1 : x->job > y->job;
}

/*
 * Hand out the largest files first, so that with several workers no
 * single big file is left running alone at the end (analysis time grows
 * faster than size).  Reports stay in input order regardless.
 */
static unsigned *largest_first(const struct run_state *rs)
{
	struct sized *v = wl_xcalloc(rs->nr_jobs + 1, sizeof(*v));
	unsigned *order = wl_xcalloc(rs->nr_jobs + 1, sizeof(*order)), i;
	struct stat st;

	for (i = 0; i < rs->nr_jobs; i++) {
		v[i].size = stat(rs->jobs[i].path, &st) ? 0 : st.st_size;
		v[i].job = i;
	}
	qsort(v, rs->nr_jobs, sizeof(*v), by_size_desc);
	for (i = 0; i < rs->nr_jobs; i++)
		order[i] = v[i].job;
	free(v);
	return order;
}

static void analyze_all(struct run_state *rs)
{
	unsigned n = job_count(rs->opts, rs->nr_jobs), i;
	pthread_t *threads;

	atomic_init(&rs->next, 0);
	/* A model dump is wanted for every file, so nothing is skipped. */
	if (!rs->opts->no_prefilter && !rs->opts->analyze.dump_model)
		rs->pf = wl_prefilter_new();
	if (n <= 1) {
		worker(rs);
		wl_prefilter_free(rs->pf);
		return;
	}
	rs->order = largest_first(rs);
	threads = wl_xcalloc(n, sizeof(*threads));
	for (i = 0; i < n; i++)
		if (pthread_create(&threads[i], NULL, worker, rs)) {
			/* Could not start it: the others take its share. */
			threads[i] = 0;
		}
	for (i = 0; i < n; i++)
		if (threads[i])
			pthread_join(threads[i], NULL);
	free(threads);
	/* If no thread started at all, do the work here. */
	if (atomic_load(&rs->next) < rs->nr_jobs)
		worker(rs);
	wl_prefilter_free(rs->pf);
	free(rs->order);
	rs->order = NULL;
}

/*
 * The configuration for @path: --config's, or the nearest .warplint, each
 * file read once.  Returns -1 after printing why a file is invalid.
 */
static int config_for(struct run_state *rs, const char *path,
		      const struct wl_config **out)
{
	char *found, *err = NULL;
	struct wl_config *cfg;
	unsigned i;

	*out = NULL;
	if (rs->opts->no_config)
		return 0;
	found = rs->opts->config ? wl_xstrdup(rs->opts->config)
				 : wl_config_find(path);
	if (!found)
		return 0;
	for (i = 0; i < rs->nr_configs; i++)
		if (!strcmp(rs->configs[i]->path, found)) {
			*out = rs->configs[i];
			free(found);
			return 0;
		}
	cfg = wl_xcalloc(1, sizeof(*cfg));
	if (wl_config_load(cfg, found, &err) < 0) {
		fprintf(stderr, "warplint: error: %s\n", err);
		free(err);
		free(found);
		wl_config_release(cfg);
		free(cfg);
		return -1;
	}
	free(found);
	WL_GROW(rs->configs, rs->nr_configs, rs->alloc_configs);
	rs->configs[rs->nr_configs++] = cfg;
	*out = cfg;
	return 0;
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

		if (config_for(rs, files.v[i], &job->cfg) < 0) {
			for (; i < files.nr; i++)
				free(files.v[i]);
			free(files.v);
			wl_compdb_free(db);
			return -1;
		}
		if (job->cfg && wl_config_excludes(job->cfg, files.v[i])) {
			free(files.v[i]);
			continue;
		}
		rs->nr_jobs++;
		job->path = files.v[i];
		files.v[i] = NULL;
		if (db)
			wl_compdb_args_for(db, job->path, &job->args);
		/* The file's settings first, so that --extra-arg wins. */
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
	unsigned i;

	for (i = 0; i < rs->nr_jobs; i++) {
		struct job *job = &rs->jobs[i];

		free((char *)job->path);
		wl_strvec_release(&job->args);
		wl_source_release(&job->src);
		wl_findings_release(&job->findings);
		free(job->error);
		free(job->fixed);
	}
	free(rs->jobs);
	for (i = 0; i < rs->nr_configs; i++) {
		wl_config_release(rs->configs[i]);
		free(rs->configs[i]);
	}
	free(rs->configs);
	wl_baseline_free(rs->baseline);
}

/* Write each changed file; a failure is reported and counts as bad input. */
static bool write_fixes(struct run_state *rs)
{
	bool ok = true;
	unsigned i;

	for (i = 0; i < rs->nr_jobs; i++) {
		struct job *job = &rs->jobs[i];
		char *err = NULL;

		if (!job->fixed || (job->fixed_len == job->src.len &&
				    !memcmp(job->fixed, job->src.text, job->src.len)))
			continue;
		if (wl_write_atomic(&job->src, job->fixed, job->fixed_len, &err) < 0) {
			fprintf(stderr, "warplint: error: %s: %s\n", job->path, err);
			free(err);
			ok = false;
		} else if (!rs->opts->quiet) {
			fprintf(stderr, "warplint: fixed %s\n", job->path);
		}
	}
	return ok;
}

static void print_diffs(struct run_state *rs, FILE *out)
{
	struct wl_buf buf = WL_BUF_INIT;
	unsigned i;

	for (i = 0; i < rs->nr_jobs; i++) {
		struct job *job = &rs->jobs[i];

		if (job->fixed)
			wl_diff_unified(&buf, job->path, job->src.text,
					job->src.len, job->fixed, job->fixed_len);
	}
	if (buf.len)
		fwrite(buf.s, 1, buf.len, out);
	wl_buf_release(&buf);
}

static int summarize(struct run_state *rs, bool quiet)
{
	const struct wl_options *opts = rs->opts;
	unsigned i, k, counts[3] = { 0, 0, 0 }, fixable = 0, bad = 0;
	bool failing = false;

	for (i = 0; i < rs->nr_jobs; i++) {
		struct job *job = &rs->jobs[i];

		if (job->error)
			bad++;
		for (k = 0; k < job->findings.nr; k++) {
			struct wl_finding *f = &job->findings.v[k];

			if (f->suppressed)
				continue;
			if (f->rule == WL900)
				bad++;
			counts[f->level]++;
			fixable += f->fix != NULL;
			if (f->level >= opts->fail_level)
				failing = true;
		}
	}
	/* The summary goes to stderr: let the report reach stdout first. */
	fflush(stdout);
	if (!quiet && opts->format == WL_FORMAT_TEXT)
		fprintf(stderr,
			"%u error%s, %u warning%s, %u note%s in %u file%s "
			"(%u with a fix)\n",
			counts[WL_LEVEL_ERROR], counts[WL_LEVEL_ERROR] == 1 ? "" : "s",
			counts[WL_LEVEL_WARNING],
			counts[WL_LEVEL_WARNING] == 1 ? "" : "s",
			counts[WL_LEVEL_NOTE], counts[WL_LEVEL_NOTE] == 1 ? "" : "s",
			rs->nr_jobs, rs->nr_jobs == 1 ? "" : "s", fixable);
	if (bad)
		return WL_EXIT_BAD_INPUT;
	return failing ? WL_EXIT_FINDINGS : WL_EXIT_CLEAN;
}

static int emit_report(struct run_state *rs, FILE *out)
{
	struct wl_file_report *reports = wl_xcalloc(rs->nr_jobs + 1,
						    sizeof(*reports));
	struct wl_emit_opts eopts = { rs->opts->color && !rs->opts->output, NULL };
	unsigned i;
	int ret = 0;

	for (i = 0; i < rs->nr_jobs; i++) {
		reports[i].path = rs->jobs[i].path;
		reports[i].src = rs->jobs[i].loaded ? &rs->jobs[i].src : NULL;
		reports[i].findings = &rs->jobs[i].findings;
		reports[i].error = rs->jobs[i].error;
	}
	switch (rs->opts->format) {
	case WL_FORMAT_TEXT:
		wl_emit_text(out, reports, rs->nr_jobs, &eopts);
		break;
	case WL_FORMAT_JSON:
		ret = wl_emit_json(out, reports, rs->nr_jobs, &eopts);
		break;
	case WL_FORMAT_SARIF:
		ret = wl_emit_sarif(out, reports, rs->nr_jobs, &eopts);
		break;
	}
	if (!ret && rs->opts->export_fixes)
		ret = wl_export_fixes_yaml(rs->opts->export_fixes, reports,
					   rs->nr_jobs);
	free(reports);
	return ret;
}

static int write_baseline(struct run_state *rs)
{
	struct wl_file_report *reports = wl_xcalloc(rs->nr_jobs + 1,
						    sizeof(*reports));
	char *err = NULL;
	unsigned i;
	int ret;

	for (i = 0; i < rs->nr_jobs; i++) {
		reports[i].path = rs->jobs[i].path;
		reports[i].src = rs->jobs[i].loaded ? &rs->jobs[i].src : NULL;
		reports[i].findings = &rs->jobs[i].findings;
	}
	ret = wl_baseline_write(rs->opts->write_baseline, reports, rs->nr_jobs,
				&err);
	if (ret < 0) {
		fprintf(stderr, "warplint: error: %s\n", err);
		free(err);
	}
	free(reports);
	return ret;
}

int wl_run(const struct wl_options *opts)
{
	struct run_state rs;
	FILE *out = stdout;
	int status;

	memset(&rs, 0, sizeof(rs));
	rs.opts = opts;
	rs.want_fixed = opts->fix || opts->fix_dry_run;
	if (setup_jobs(&rs, opts) < 0) {
		release_jobs(&rs);
		return WL_EXIT_USAGE;
	}
	if (!rs.nr_jobs) {
		fprintf(stderr, "warplint: no input files\n"
				"Try 'warplint --help'.\n");
		release_jobs(&rs);
		return WL_EXIT_USAGE;
	}
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
	analyze_all(&rs);
	wl_progress_finish(&rs.progress);
	if (opts->write_baseline && write_baseline(&rs) < 0) {
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
		print_diffs(&rs, out);
	else if (emit_report(&rs, out) < 0)
		fprintf(stderr, "warplint: error: could not write the report\n");
	status = summarize(&rs, opts->quiet || opts->fix_dry_run);
	if (opts->fix && !write_fixes(&rs))
		status = WL_EXIT_BAD_INPUT;
	if (out != stdout && fclose(out) != 0) {
		perror(opts->output);
		status = WL_EXIT_BAD_INPUT;
	}
	release_jobs(&rs);
	return status;
}
