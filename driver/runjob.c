/* SPDX-License-Identifier: MIT */
/*
 * The run's jobs (see runint.h): each file's configuration, its analysis
 * or the cached result of one, and the worker threads that take the jobs.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyzer/parse.h"
#include "analyzer/pch.h"
#include "analyzer/prefilter.h"
#include "base/util.h"
#include "driver/cache.h"
#include "driver/isolate.h"
#include "driver/runint.h"
#include "driver/tu_blob.h"

int run_config_for(struct run_state *rs, const char *path,
		   const struct wl_config **out)
{
	char *found, *err = NULL;
	struct wl_config *cfg;
	unsigned i;

	*out = NULL;
	if (rs->opts->no_config)
		return 0;
	found = rs->opts->config ? wl_xstrdup(rs->opts->config)
				 : run_find_config(rs, path);
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

/*
 * One analysis of @job under configuration @c (-1: none).  *@index is the
 * worker's, made by the first job that parses: a run the cache answers
 * whole never loads libclang.
 */
static int analyze_once(CXIndex *index, struct run_state *rs, struct job *job,
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
	if (!rs->opts->timeout && !*index)
		*index = wl_parse_index();
	/* once here, not again in each child that --timeout forks */
	if (rs->opts->timeout)
		wl_libclang_load();
	ret = rs->opts->timeout ?
		      wl_analyze_isolated(&job->src, aopts, rs->opts->timeout,
					  out, &job->error) :
		      wl_analyze_tu(*index, &job->src, aopts, out, &job->error);
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

/*
 * Without fixes to make, a file (or a header it reached) with nothing to
 * report needs its text no more: free it now rather than at the end of
 * the run (wl_source_drop_text()).
 */
static void drop_quiet_texts(struct run_state *rs, struct job *job)
{
	unsigned c, i;
	bool quiet = true;

	if (rs->want_fixed || !job->loaded)
		return;
	for (c = 0; c < job->nr_results; c++) {
		struct wl_tu_result *r = &job->results[c];

		quiet &= !r->findings.nr;
		for (i = 0; i < r->nr_headers; i++)
			if (!r->headers[i].findings.nr)
				wl_source_drop_text(&r->headers[i].src);
	}
	if (quiet)
		wl_source_drop_text(&job->src);
}

static void run_job(CXIndex *index, struct run_state *rs, struct job *job)
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
	aopts.pch = rs->pch;
	aopts.want_deps = rs->cache != NULL;
	aopts.verbose = rs->opts->verbose ? stderr : NULL;
	if (wl_source_load(&job->src, job->path, &job->error) < 0)
		return;
	job->loaded = true;
	/* No rule can fire: no findings, no fixes, nothing to parse. */
	if (rs->pf && wl_prefilter_can_skip(rs->pf, &job->src,
					    (const char *const *)job->args.v,
					    job->args.nr)) {
		drop_quiet_texts(rs, job);
		return;
	}
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
	drop_quiet_texts(rs, job);
}

static void *worker(void *arg)
{
	struct run_state *rs = arg;
	/*
	 * Made on first need; with --timeout each file is analyzed in a child
	 * process, and this thread must hold no libclang state while it forks.
	 */
	CXIndex index = NULL;
	unsigned i;

	while ((i = atomic_fetch_add(&rs->next, 1)) < rs->nr_jobs) {
		if (rs->order)
			i = rs->order[i];
		run_job(&index, rs, &rs->jobs[i]);
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

void run_analyze_all(struct run_state *rs)
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
 * The shim precompiled, in the cache folder's pch/: also under --no-cache,
 * which is about results; a PCH changes no result, only the time a parse
 * takes.
 */
static void open_pch(struct run_state *rs)
{
	const char *off = getenv("WARPLINT_NO_PCH");
	char *dir, *pch_dir;

	if (rs->opts->no_pch || (off && *off))
		return;
	dir = wl_cache_default_dir();
	pch_dir = dir ? wl_xasprintf("%s/pch", dir) : NULL;
	rs->pch = wl_pch_new(pch_dir, rs->opts->verbose ? stderr : NULL);
	free(pch_dir);
	free(dir);
}

void run_open_cache(struct run_state *rs)
{
	const struct wl_options *opts = rs->opts;
	char *dir, *id, *cwd, *err = NULL;
	struct wl_buf b = WL_BUF_INIT;
	const char *off = getenv("WARPLINT_NO_CACHE");
	char *clang;

	open_pch(rs);
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
		/* not clang_getClangVersion(): a cached run loads no libclang */
		clang = wl_libclang_identity();
		wl_buf_addf(&b, "warplint=%s|%s|cwd=%s|headers=%s%s|guess=%d",
			    id, clang, cwd,
			    !rs->headers ? "none" : rs->filter.all ? "all" : "re:",
			    rs->headers && !rs->filter.all ? opts->header_filter
							  : "",
			    rs->guess != NULL);
		free(clang);
		rs->salt = wl_buf_detach(&b);
	}
	free(err);
	free(cwd);
	free(id);
	free(dir);
}

void run_close_cache(struct run_state *rs)
{
	unsigned hits, misses, stores;

	wl_pch_free(rs->pch);
	rs->pch = NULL;
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
