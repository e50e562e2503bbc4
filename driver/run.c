/* SPDX-License-Identifier: MIT */
/*
 * The driver: analyze every input file (in parallel, one libclang index
 * per worker, once per configuration its .warplint lists), gather the
 * findings of inputs and of the headers they include into one entry per
 * file, then apply or print fixes and emit the report in input order, so
 * that -j 1 and -j N print the same bytes.
 */
#include "driver/run.h"

#include <pthread.h>
#include <regex.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyzer/incguess.h"
#include "analyzer/prefilter.h"
#include "base/source.h"
#include "base/util.h"
#include "driver/analyze.h"
#include "driver/baseline.h"
#include "driver/cache.h"
#include "driver/compdb.h"
#include "driver/config.h"
#include "driver/emit.h"
#include "driver/export.h"
#include "driver/isolate.h"
#include "driver/options.h"
#include "driver/progress.h"
#include "driver/report.h"
#include "driver/shard.h"
#include "driver/tu_blob.h"
#include "fixits/diff.h"
#include "fixits/write.h"

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
	struct wl_report report;
	struct wl_cache *cache;		/* NULL: --no-cache, or none usable */
	char *salt;			/* what every file's key shares */
};

static bool want_header(const char *path, void *data)
{
	const struct header_filter *hf = data;
	char *real;
	bool hit;

	if (hf->all)
		return true;
	if (!regexec(&hf->re, path, 0, NULL, 0))
		return true;
	real = realpath(path, NULL);
	hit = real && !regexec(&hf->re, real, 0, NULL, 0);
	free(real);
	return hit;
}

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

/*
 * The key of one analysis besides the file's path: everything that
 * decides its result (the run's part, the arguments, the rules and
 * settings its .warplint chose).
 */
static char *file_salt(const struct run_state *rs,
		       const struct wl_analyze_opts *aopts)
{
	struct wl_buf b = WL_BUF_INIT;
	unsigned k;

	wl_buf_adds(&b, rs->salt);
	wl_buf_addf(&b, "|style=%d|launch=%d|rules=", (int)aopts->fix_style,
		    (int)aopts->launch);
	for (k = 0; k < WL_NR_RULES; k++)
		wl_buf_addc(&b, aopts->enabled[k] ? '1' : '0');
	for (k = 0; k < aopts->nr_args; k++) {
		wl_buf_addc(&b, '|');
		wl_buf_adds(&b, aopts->args[k]);
	}
	return wl_buf_detach(&b);
}

/* The result stored for @job under @salt, into @out: true on a hit. */
static bool cached(struct run_state *rs, struct job *job, const char *salt,
		   struct wl_tu_result *out)
{
	size_t len = 0;
	char *blob = wl_cache_get(rs->cache, salt, &job->src, &len), *err;

	if (!blob)
		return false;
	err = NULL;
	if (wl_tu_result_unpack(blob, len, out, &err) < 0) {
		free(err);
		free(blob);
		memset(out, 0, sizeof(*out));
		return false;
	}
	free(blob);
	return true;
}

/*
 * Whether @r may be kept: not when it rests on a search of the file
 * system that a new file could change (include folders guessed, a
 * header's includer found), nor when a header was not found (creating
 * it changes no file that the parse read).
 */
static bool cacheable(const struct wl_tu_result *r)
{
	unsigned i;

	if (r->nr_guessed || r->includer)
		return false;
	for (i = 0; i < r->findings.nr; i++)
		if (r->findings.v[i].rule == WL900 &&
		    strstr(r->findings.v[i].message, "file not found"))
			return false;
	return true;
}

/* One analysis of @job under configuration @c (-1: none). */
static int analyze_once(CXIndex index, struct run_state *rs, struct job *job,
			struct wl_analyze_opts *aopts, int c,
			struct wl_tu_result *out)
{
	struct wl_strvec args = { NULL, 0, 0 };
	char *salt;
	unsigned k;
	int ret;

	for (k = 0; k < job->args.nr; k++)
		wl_strvec_push(&args, job->args.v[k]);
	for (k = 0; c >= 0 && k < job->cfg->configs[c].args.nr; k++)
		wl_strvec_push(&args, job->cfg->configs[c].args.v[k]);
	aopts->args = (const char *const *)args.v;
	aopts->nr_args = args.nr;
	salt = rs->cache ? file_salt(rs, aopts) : NULL;
	if (salt && cached(rs, job, salt, out)) {
		if (rs->opts->verbose)
			fprintf(stderr, "warplint: %s: unchanged since it was "
					"analysed, result from the cache "
					"(--no-cache parses it again)\n",
				job->path);
		free(salt);
		wl_strvec_release(&args);
		return 0;
	}
	ret = rs->opts->timeout ?
		      wl_analyze_isolated(&job->src, aopts, rs->opts->timeout,
					  out, &job->error) :
		      wl_analyze_tu(index, &job->src, aopts, out, &job->error);
	if (salt && ret == 0 && cacheable(out)) {
		struct wl_buf b = WL_BUF_INIT;

		wl_tu_result_pack(&b, 0, NULL, out);
		wl_cache_put(rs->cache, salt, &job->src,
			     (const char *const *)out->deps, out->nr_deps,
			     b.s, b.len);
		wl_buf_release(&b);
	}
	free(salt);
	wl_strvec_release(&args);
	return ret;
}

static void run_job(CXIndex index, struct run_state *rs, struct job *job)
{
	struct wl_analyze_opts aopts = rs->opts->analyze;
	unsigned n = job->cfg && job->cfg->nr_configs ? job->cfg->nr_configs : 1;
	unsigned c;

	apply_config(rs, job, &aopts);
	if (rs->headers) {
		aopts.want_header = want_header;
		aopts.want_header_data = &rs->filter;
	}
	aopts.guess = rs->guess;
	aopts.verbose = rs->opts->verbose ? stderr : NULL;
	if (wl_source_load(&job->src, job->path, &job->error) < 0)
		return;
	job->loaded = true;
	/* No rule can fire: no findings, no fixes, nothing to parse. */
	if (rs->pf && wl_prefilter_can_skip(rs->pf, &job->src,
					    (const char *const *)job->args.v,
					    job->args.nr))
		return;
	job->results = wl_xcalloc(n, sizeof(*job->results));
	for (c = 0; c < n; c++) {
		if (analyze_once(index, rs, job, &aopts,
				 job->cfg && job->cfg->nr_configs ? (int)c : -1,
				 &job->results[c]) < 0) {
			/*
			 * Report it like an unreadable file: the emitters
			 * print the error only for a file without a source.
			 */
			job->loaded = false;
			return;
		}
		job->nr_results++;
	}
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
		dir = wl_compdb_find(job->path);
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

		if (config_for(rs, files.v[i], &job->cfg) < 0) {
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
		job->repo = wl_repo_root(job->path);
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
	wl_baseline_free(rs->baseline);
	wl_incguess_free(rs->guess);
	if (rs->headers && !rs->filter.all)
		regfree(&rs->filter.re);
}

static int by_path(const void *a, const void *b)
{
	const struct wl_header_result *x = *(const struct wl_header_result *const *)a;
	const struct wl_header_result *y = *(const struct wl_header_result *const *)b;

	return strcmp(x->path, y->path);
}

/* Whether @real lies in folder @dir or below it. */
static bool below(const char *real, const char *dir)
{
	size_t n = dir ? strlen(dir) : 0;

	return real && n && !strncmp(real, dir, n) &&
	       (real[n] == '/' || (n == 1 && dir[0] == '/'));
}

/* The headers @job reached, each merged into its file's report entry. */
static void add_headers(struct run_state *rs, struct job *job)
{
	struct wl_header_result **order;
	unsigned c, i, n = 0;

	for (c = 0; c < job->nr_results; c++)
		n += job->results[c].nr_headers;
	order = wl_xcalloc(n + 1, sizeof(*order));
	n = 0;
	for (c = 0; c < job->nr_results; c++)
		for (i = 0; i < job->results[c].nr_headers; i++)
			order[n++] = &job->results[c].headers[i];
	/* Headers first reached by this input follow it, by name. */
	qsort(order, n, sizeof(*order), by_path);
	for (i = 0; i < n; i++)
		wl_report_add(&rs->report, order[i]->path, true, &order[i]->src);
	free(order);
	for (c = 0; c < job->nr_results; c++) {
		const char *cfg = job->cfg && job->cfg->nr_configs ?
					  job->cfg->configs[c].name : NULL;

		for (i = 0; i < job->results[c].nr_headers; i++) {
			struct wl_header_result *h = &job->results[c].headers[i];
			struct wl_report_file *rf = wl_report_add(
				&rs->report, h->path, true, &h->src);

			/* Changed on disk between two analyses: skip it. */
			if (!wl_report_same_text(rf, &h->src))
				continue;
			rf->fixable |= below(rf->real, job->repo);
			wl_report_merge(rf, &h->findings, cfg);
		}
	}
}

/* .warplint severities, then the baseline, before any fix is computed. */
static void adjust_findings(struct run_state *rs, struct wl_report_file *rf)
{
	const struct wl_config *cfg = NULL;
	unsigned k;

	if (config_for(rs, rf->path, &cfg) < 0)
		cfg = NULL;
	for (k = 0; cfg && k < rf->findings.nr; k++) {
		struct wl_finding *f = &rf->findings.v[k];

		if (cfg->level[f->rule] >= 0)
			f->level = (enum wl_level)cfg->level[f->rule];
	}
	if (rs->baseline && rf->src)
		wl_baseline_filter(rs->baseline, rf->path, rf->src,
				   &rf->findings);
}

/* Every input, and after each the headers it reached first, merged. */
static void build_report(struct run_state *rs)
{
	unsigned i, c;

	for (i = 0; i < rs->nr_jobs; i++) {
		struct job *job = &rs->jobs[i];
		struct wl_report_file *rf = wl_report_add(
			&rs->report, job->path, false,
			job->loaded ? &job->src : NULL);

		rf->error = job->error;
		rf->fixable = true;
		for (c = 0; c < job->nr_results; c++) {
			rf->guessed = job->results[c].guessed;
			rf->nr_guessed = job->results[c].nr_guessed;
			rf->includer = job->results[c].includer;
			wl_report_merge(rf, &job->results[c].findings,
					job->cfg && job->cfg->nr_configs ?
						job->cfg->configs[c].name : NULL);
		}
		add_headers(rs, job);
	}
	wl_report_finish(&rs->report);
	for (i = 0; i < rs->report.nr; i++) {
		struct wl_report_file *rf = rs->report.v[i];

		adjust_findings(rs, rf);
		if (!rs->opts->unsafe_fixes)
			wl_findings_hold_unsafe(&rf->findings);
		if (rs->want_fixed && rf->src && rf->fixable)
			rf->fixed = wl_apply_fixes(rf->src, &rf->findings,
						   &rf->fixed_len);
		else if (rs->want_fixed && rf->src)
			for (c = 0; c < rf->findings.nr; c++) {
				struct wl_finding *f = &rf->findings.v[c];

				if (f->fix && !f->fix_rejected)
					f->fix_rejected = wl_xstrdup(
						"the header is outside the "
						"repository of the files that "
						"include it");
			}
	}
}

/* @dir relative to the working folder when it is below it. */
static const char *shown(const char *dir, const char *cwd)
{
	size_t n = strlen(cwd);

	if (*cwd && !strncmp(dir, cwd, n) && dir[n] == '/')
		return dir + n + 1;
	return dir;
}

/*
 * Notes on stderr: folders guessed, a header analysed through its
 * includer, and with --verbose, the flags' origin.
 */
static void print_notes(const struct run_state *rs)
{
	char cwd[4096];
	unsigned i, c, k;

	if (!getcwd(cwd, sizeof(cwd)))
		cwd[0] = '\0';
	for (i = 0; i < rs->nr_jobs; i++) {
		const struct job *job = &rs->jobs[i];

		if (rs->opts->verbose && job->db)
			fprintf(stderr, "warplint: %s: flags from "
				"%s/compile_commands.json (%s)\n", job->path,
				job->db, job->db_how);
		for (c = 0; c < job->nr_results && !rs->opts->quiet; c++) {
			const struct wl_tu_result *r = &job->results[c];

			if (r->includer && (!c || !job->results[0].includer))
				fprintf(stderr, "warplint: note: %s: analysed as "
					"included from %s, since alone it does "
					"not parse (its names come from there; "
					"--no-guess-includes turns this off)\n",
					job->path, shown(r->includer, cwd));
			if (!r->nr_guessed || (c && r->nr_guessed ==
						       job->results[0].nr_guessed))
				continue;
			fprintf(stderr, "warplint: note: %s: include folder%s "
				"guessed:", job->path,
				r->nr_guessed == 1 ? "" : "s");
			for (k = 0; k < r->nr_guessed; k++)
				fprintf(stderr, " -I%s", shown(r->guessed[k], cwd));
			fprintf(stderr, " (--no-guess-includes turns this "
				"off)\n");
		}
	}
}

/* Write each changed file; a failure is reported and counts as bad input. */
static bool write_fixes(struct run_state *rs)
{
	bool ok = true;
	unsigned i;

	for (i = 0; i < rs->report.nr; i++) {
		struct wl_report_file *rf = rs->report.v[i];
		char *err = NULL;

		if (!rf->fixed || (rf->fixed_len == rf->src->len &&
				   !memcmp(rf->fixed, rf->src->text, rf->src->len)))
			continue;
		if (wl_write_atomic(rf->src, rf->fixed, rf->fixed_len, &err) < 0) {
			fprintf(stderr, "warplint: error: %s: %s\n", rf->path, err);
			free(err);
			ok = false;
		} else if (!rs->opts->quiet) {
			fprintf(stderr, "warplint: fixed %s\n", rf->path);
		}
	}
	return ok;
}

static void print_diffs(struct run_state *rs, FILE *out)
{
	struct wl_buf buf = WL_BUF_INIT;
	unsigned i;

	for (i = 0; i < rs->report.nr; i++) {
		struct wl_report_file *rf = rs->report.v[i];

		if (rf->fixed)
			wl_diff_unified(&buf, rf->path, rf->src->text,
					rf->src->len, rf->fixed, rf->fixed_len);
	}
	if (buf.len)
		fwrite(buf.s, 1, buf.len, out);
	wl_buf_release(&buf);
}

static int summarize(struct run_state *rs, bool quiet)
{
	const struct wl_options *opts = rs->opts;
	unsigned i, k, counts[3] = { 0, 0, 0 }, fixable = 0, bad = 0;
	unsigned nr = rs->report.nr;
	bool failing = false;

	for (i = 0; i < nr; i++) {
		struct wl_report_file *rf = rs->report.v[i];

		if (rf->error)
			bad++;
		for (k = 0; k < rf->findings.nr; k++) {
			struct wl_finding *f = &rf->findings.v[k];

			if (f->suppressed)
				continue;
			/* Only a file of which no device code parsed. */
			if (f->unparsed)
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
			nr, nr == 1 ? "" : "s", fixable);
	if (bad)
		return WL_EXIT_BAD_INPUT;
	return failing ? WL_EXIT_FINDINGS : WL_EXIT_CLEAN;
}

static struct wl_file_report *file_reports(const struct run_state *rs)
{
	struct wl_file_report *reports = wl_xcalloc(rs->report.nr + 1,
						    sizeof(*reports));
	unsigned i;

	for (i = 0; i < rs->report.nr; i++) {
		const struct wl_report_file *rf = rs->report.v[i];

		reports[i].path = rf->path;
		reports[i].src = rf->src;
		reports[i].findings = &rf->findings;
		reports[i].error = rf->error;
		reports[i].header = rf->header;
		reports[i].guessed = rf->guessed;
		reports[i].nr_guessed = rf->nr_guessed;
		reports[i].includer = rf->includer;
	}
	return reports;
}

static int emit_report(struct run_state *rs, FILE *out)
{
	struct wl_file_report *reports = file_reports(rs);
	struct wl_emit_opts eopts = { rs->opts->color && !rs->opts->output, NULL };
	unsigned nr = rs->report.nr;
	int ret = 0;

	switch (rs->opts->format) {
	case WL_FORMAT_TEXT:
		wl_emit_text(out, reports, nr, &eopts);
		break;
	case WL_FORMAT_JSON:
		ret = wl_emit_json(out, reports, nr, &eopts);
		break;
	case WL_FORMAT_SARIF:
		ret = wl_emit_sarif(out, reports, nr, &eopts);
		break;
	}
	if (!ret && rs->opts->export_fixes)
		ret = wl_export_fixes_yaml(rs->opts->export_fixes, reports, nr);
	free(reports);
	return ret;
}

static int write_baseline(struct run_state *rs)
{
	struct wl_file_report *reports = file_reports(rs);
	char *err = NULL;
	int ret;

	ret = wl_baseline_write(rs->opts->write_baseline, reports,
				rs->report.nr, &err);
	if (ret < 0) {
		fprintf(stderr, "warplint: error: %s\n", err);
		free(err);
	}
	free(reports);
	return ret;
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

/*
 * The incremental cache, unless --no-cache, $WARPLINT_NO_CACHE, or a
 * model dump (which wants the parse).  A folder that cannot be used makes
 * a run without one.
 */
static void open_cache(struct run_state *rs)
{
	const struct wl_options *opts = rs->opts;
	char *dir, *id, *cwd, *err = NULL;
	struct wl_buf b = WL_BUF_INIT;
	const char *off = getenv("WARPLINT_NO_CACHE");
	CXString clang;

	if (opts->no_cache || opts->analyze.dump_model || (off && *off))
		return;
	dir = wl_cache_default_dir();
	id = wl_cache_build_id();
	cwd = getcwd(NULL, 0);
	if (dir && id && cwd)
		rs->cache = wl_cache_open(dir, 0, &err);
	if (err && opts->verbose)
		fprintf(stderr, "warplint: no cache: %s\n", err);
	if (rs->cache) {
		clang = clang_getClangVersion();
		wl_buf_addf(&b, "warplint=%s|%s|cwd=%s|headers=%s%s|guess=%d",
			    id, clang_getCString(clang), cwd,
			    !rs->headers ? "none" : rs->filter.all ? "all" : "re:",
			    rs->headers && !rs->filter.all ? opts->header_filter
							  : "",
			    rs->guess != NULL);
		clang_disposeString(clang);
		rs->salt = wl_buf_detach(&b);
	}
	free(err);
	free(cwd);
	free(id);
	free(dir);
}

static void close_cache(struct run_state *rs)
{
	unsigned hits, misses, stores;

	if (!rs->cache)
		return;
	if (rs->opts->verbose) {
		wl_cache_stats(rs->cache, &hits, &misses, &stores);
		fprintf(stderr, "warplint: cache: %u hit(s), %u miss(es), %u "
				"stored\n", hits, misses, stores);
	}
	wl_cache_close(rs->cache);
	rs->cache = NULL;
	free(rs->salt);
	rs->salt = NULL;
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
	open_cache(&rs);
	analyze_all(&rs);
	close_cache(&rs);
	wl_progress_finish(&rs.progress);
	build_report(&rs);
	print_notes(&rs);
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
