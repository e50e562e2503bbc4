/* SPDX-License-Identifier: MIT */
/*
 * gv-report: the verdict of a gpu_verify run, as REPORT.md and REPORT.json.
 *
 *   gv-report BUNDLE RESULTS [--md FILE] [--json FILE] [--notes FILE]
 *             [--real]
 *
 * BUNDLE is what gv-prepare wrote (each case's meta.json: kernels, before
 * mode, findings left in the fixed file); RESULTS is what run_on_gpu.sh
 * brought back (env.txt, builds.jsonl, results.jsonl, sanitizer.jsonl).
 * Per kernel: before mode, shapes x seeds, identical or the first
 * differing element, racecheck hazards and synccheck errors before ->
 * after, the findings warplint still reports on the fixed file, and the
 * median time before and after, and what a difference means: the legacy
 * code races, faults (its shapes are dropped, and named), or writes its
 * output in an order that depends on scheduling (the multisets agree),
 * or the fix is wrong.  --real writes the real-code report (REAL.md):
 * each kernel's project, file and commit, the projects at the top, and
 * the kernels that could not be planned, with the reason.
 * Exit status 1 on any mismatch, hazard or
 * synccheck error after, finding after, build or run failure; 0 if none;
 * 2 if the inputs cannot be read.
 */
#include <dirent.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

struct totals {
	unsigned kernels, passed, failed, not_run, runs, identical;
	unsigned before_fails; /* the legacy code fails on this GPU */
	unsigned before_races; /* ... races there; the after does not */
	unsigned order_dep;    /* output order varies, multisets agree */
	unsigned dropped;      /* shapes dropped: the before faults */
	unsigned emulated;
	long long race_before, race_after, sync_after;
	double log_ratio;
	unsigned timed;
	bool real; /* --real: project columns, the unplanned list */
	struct wl_buf unplanned; /* real: "- project file kernel: why" */
};

/* All lines of a JSON-lines file, as one array (empty if missing). */
static json_t *read_jsonl(const char *dir, const char *name)
{
	char *path = wl_xasprintf("%s/%s", dir, name), *line = NULL;
	json_t *a = json_array();
	size_t cap = 0;
	FILE *f = fopen(path, "r");

	if (f) {
		while (getline(&line, &cap, f) > 0) {
			json_t *o = json_loads(line, 0, NULL);

			if (o)
				json_array_append_new(a, o);
		}
		fclose(f);
	}
	free(line);
	free(path);
	return a;
}

/* env.txt's "key: value" lines as an object. */
static json_t *read_env(const char *dir)
{
	char *path = wl_xasprintf("%s/env.txt", dir), *line = NULL;
	json_t *o = json_object();
	size_t cap = 0;
	FILE *f = fopen(path, "r");

	if (f) {
		while (getline(&line, &cap, f) > 0) {
			char *colon = strstr(line, ": ");

			line[strcspn(line, "\n")] = '\0';
			if (!colon)
				continue;
			*colon = '\0';
			json_object_set_new(o, line, json_string(colon + 2));
		}
		fclose(f);
	}
	free(line);
	free(path);
	return o;
}

/* The element of @a whose string fields match the given pairs. */
static json_t *find(json_t *a, const char *k1, const char *v1, const char *k2,
		    const char *v2, const char *k3, const char *v3,
		    const char *k4, const char *v4)
{
	size_t i;
	json_t *o;

	json_array_foreach(a, i, o)
	{
		const char *const keys[] = {k1, k2, k3, k4};
		const char *const vals[] = {v1, v2, v3, v4};
		unsigned k;
		bool ok = true;

		for (k = 0; k < 4 && keys[k]; k++) {
			const char *s =
			    json_string_value(json_object_get(o, keys[k]));

			ok = ok && s && !strcmp(s, vals[k]);
		}
		if (ok)
			return o;
	}
	return NULL;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The case directories of the bundle, sorted (caller frees). */
static char **list_cases(const char *bundle, unsigned *nr)
{
	char *path = wl_xasprintf("%s/cases", bundle);
	DIR *d = opendir(path);
	struct dirent *e;
	char **v = NULL;
	unsigned alloc = 0;

	*nr = 0;
	free(path);
	if (!d)
		return NULL;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		WL_GROW(v, *nr, alloc);
		v[(*nr)++] = wl_xstrdup(e->d_name);
	}
	closedir(d);
	if (*nr)
		qsort(v, *nr, sizeof(*v), cmp_str);
	return v;
}

static long long num(json_t *o, const char *key, long long def)
{
	json_t *v = json_object_get(o, key);

	return json_is_integer(v) ? json_integer_value(v) : def;
}

/* The name of parameter @i of kernel @k, for the first difference. */
static const char *arg_name(json_t *k, long long i)
{
	json_t *a = json_array_get(json_object_get(k, "args"), (size_t)i);
	const char *name = json_string_value(json_object_get(a, "name"));

	return name ? name : "?";
}

/* "5 (2400)": analysis reports and the hazards they sum up, or "?". */
static void san_text(json_t *s, char *buf, size_t size)
{
	if (!s || json_object_get(s, "skipped"))
		snprintf(buf, size, "-");
	else if (json_is_integer(json_object_get(s, "hazards")))
		snprintf(buf, size, "%lld",
			 num(s, "instances", num(s, "hazards", 0)));
	else if (json_is_integer(json_object_get(s, "errors")))
		snprintf(buf, size, "%lld", num(s, "errors", 0));
	else
		snprintf(buf, size, "? (rc %lld)", num(s, "rc", -1));
}

/* Count of hazards (racecheck) or errors (synccheck); -1 if unknown. */
static long long san_count(json_t *s)
{
	if (!s || json_object_get(s, "skipped"))
		return -1;
	if (json_is_integer(json_object_get(s, "hazards")))
		return num(s, "instances", num(s, "hazards", 0));
	return num(s, "errors", -1);
}

/* Whether @line lies in the range @l, [first, last]. */
static bool in_range(json_t *l, long long line)
{
	return line >= json_integer_value(json_array_get(l, 0)) &&
	       line <= json_integer_value(json_array_get(l, 1));
}

/*
 * Whether finding @x counts against kernel @name: it lies in that
 * kernel's lines or in a helper it calls ("calls", from gv-prepare), or
 * in no kernel's and in no helper any kernel calls (code that none runs,
 * a header; and a bundle prepared before "calls" was recorded).
 */
static bool finding_of(json_t *meta, json_t *x, const char *name)
{
	json_t *k, *l;
	long long line = num(x, "line", 0);
	bool in_any = false;
	size_t i, j;

	json_array_foreach(json_object_get(meta, "kernel_lines"), i, k)
	{
		const char *n = json_string_value(json_object_get(k, "name"));
		bool mine = n && !strcmp(n, name);

		if (in_range(json_object_get(k, "lines"), line)) {
			if (mine)
				return true;
			in_any = true;
			continue;
		}
		json_array_foreach(json_object_get(k, "calls"), j, l)
			if (in_range(l, line)) {
				if (mine)
					return true;
				in_any = true;
			}
	}
	return !in_any;
}

/*
 * Whether finding @x (of rule @rule) fails the migration.  A legacy
 * primitive or PTX left (WL101-WL103) where the after still built for
 * this GPU is in code none of the case's kernels compiles (an inactive
 * branch, a template no kernel instantiates): nvcc and ptxas reject
 * them for sm_70 and later.  It is listed, not failed, when
 * @after_built.
 */
static bool failing(json_t *before, const char *rule, bool after_built)
{
	json_t *y;
	size_t j;

	if (after_built && wl_starts_with(rule, "WL10") && rule[4] >= '1' &&
	    rule[4] <= '3')
		return false;
	/* Notes (a 64-bit split, a shuffle that could replace a tail) are
	 * advice, never a failure. */
	if (!strcmp(rule, "WL104") || !strcmp(rule, "WL401") ||
	    !strcmp(rule, "WL900") || !strcmp(rule, "WL901"))
		return false;
	if (rule[2] == '1' || rule[2] == '3')
		return true;
	json_array_foreach(before, j, y)
		if (json_is_string(y) && !strcmp(json_string_value(y), rule))
			return false;
	return true;
}

/*
 * Findings left in the fixed files that make kernel @name's migration
 * fail: any legacy primitive or warp-synchronous race (WL1xx, WL3xx),
 * and any finding the original did not have, in the kernel's own lines
 * or outside every kernel (a helper, a fixed header).  A mask or barrier
 * warning that was there before and has no automatic fix (a bad width,
 * WL204) is the user's to decide: it is listed, not failed.
 */
static unsigned failing_findings(json_t *meta, const char *name,
				 bool after_built)
{
	json_t *before = json_object_get(meta, "findings_before");
	json_t *x, *h;
	size_t i, j;
	unsigned n = 0;

	json_array_foreach(json_object_get(meta, "findings_after"), i, x) {
		const char *rule = json_string_value(json_object_get(x, "rule"));

		if (!rule)
			n++;
		else if (failing(before, rule, after_built) &&
			 finding_of(meta, x, name))
			n++;
	}
	json_array_foreach(json_object_get(meta, "fixed_headers"), j, h)
	    json_array_foreach(json_object_get(h, "findings_after"), i, x) {
		const char *rule = json_string_value(json_object_get(x, "rule"));

		if (rule && (rule[2] == '1' || rule[2] == '3') &&
		    failing(before, rule, after_built))
			n++;
	}
	return n;
}

/* The findings after that count for kernel @name (all but notes). */
static unsigned findings_for(json_t *meta, const char *name)
{
	json_t *x, *h;
	size_t i, j;
	unsigned n = 0;

	json_array_foreach(json_object_get(meta, "findings_after"), i, x) {
		const char *rule = json_string_value(json_object_get(x, "rule"));

		if (rule && strcmp(rule, "WL900") && finding_of(meta, x, name))
			n++;
	}
	json_array_foreach(json_object_get(meta, "fixed_headers"), j, h)
	    json_array_foreach(json_object_get(h, "findings_after"), i, x) {
		const char *rule = json_string_value(json_object_get(x, "rule"));

		n += rule && strcmp(rule, "WL900");
	}
	return n;
}

/* Whether warplint found a warp-synchronous race in the original. */
static bool static_race(json_t *meta)
{
	json_t *x;
	size_t i;

	json_array_foreach(json_object_get(meta, "findings_before"), i, x) {
		const char *r = json_string_value(x);

		if (r && wl_starts_with(r, "WL3"))
			return true;
	}
	return false;
}

/*
 * The runs of a result: the whole run's, or when the legacy before
 * faulted, those of the shapes run alone that it survived.  Shapes where
 * it faulted go into @dropped ({shape, error}); *@timed gets the run
 * that carries the timings.  Returns a new reference.
 */
static json_t *collect_runs(json_t *r, json_t *dropped, json_t **timed)
{
	json_t *run = json_object_get(r, "run");
	json_t *shapes = json_object_get(r, "shape_runs"), *sr, *x;
	json_t *all;
	size_t i, j;

	*timed = run;
	if (!json_is_array(shapes))
		return json_incref(json_object_get(run, "runs"));
	all = json_array();
	json_array_foreach(shapes, i, sr)
	{
		json_t *one = json_object_get(sr, "run");

		/* A shape run again for its time only (the timing shape was
		 * dropped): its runs are counted already. */
		if (json_is_true(json_object_get(sr, "timing_only"))) {
			if (json_is_number(
				json_object_get(one, "time_before_us")))
				*timed = one;
			continue;
		}
		if (num(sr, "rc", -1) == 4 || !one) {
			json_array_append_new(
			    dropped,
			    json_pack("{s:I, s:s}", "shape",
				      (json_int_t)num(sr, "shape", -1),
				      "error",
				      json_string_value(json_object_get(
					  one, "before_error"))
					  ? json_string_value(json_object_get(
						one, "before_error"))
					  : "no result"));
			continue;
		}
		json_array_foreach(json_object_get(one, "runs"), j, x)
		    json_array_append(all, x);
		if (json_is_number(json_object_get(one, "time_before_us")))
			*timed = one;
	}
	return all;
}

/* "lib", "file", "commit" of the case's origin, or "". */
static const char *origin(json_t *meta, const char *key)
{
	const char *v = json_string_value(
	    json_object_get(json_object_get(meta, "origin"), key));

	return v ? v : "";
}

/* The first 10 characters of a commit, for the table. */
static void short_commit(const char *c, char *out, size_t size)
{
	snprintf(out, size, "%.10s", c);
}

/*
 * One kernel's row: judge it, add its JSON object to @out and its line
 * to @md.
 */
static void judge_kernel(json_t *meta, json_t *k, json_t *results, json_t *san,
			 json_t *builds, struct wl_buf *md, json_t *out,
			 struct totals *t)
{
	const char *cs = json_string_value(json_object_get(meta, "case"));
	const char *label = json_string_value(json_object_get(k, "label"));
	const char *skip = json_string_value(json_object_get(k, "skip"));
	json_t *r =
	    find(results, "case", cs, "kernel", label, NULL, NULL, NULL, NULL);
	json_t *run = r ? json_object_get(r, "run") : NULL;
	json_t *dropped = json_array(), *timed = NULL;
	json_t *runs = run ? collect_runs(r, dropped, &timed) : NULL;
	const char *kname = json_string_value(json_object_get(k, "name"));
	unsigned nfind = findings_for(meta, kname ? kname : label);
	json_t *o = json_object(), *reasons = json_array(), *x;
	const char *mode = json_string_value(json_object_get(k, "mode"));
	const char *err =
	    run ? json_string_value(json_object_get(run, "error")) : NULL;
	const char *berr =
	    run ? json_string_value(json_object_get(run, "before_error"))
		: NULL;
	char rb[32], ra[32], sb[32], sa[32], diff[200] = "", ratio[32] = "-";
	char times[64] = "-", lead[600], commit[16];
	const char *verdict = "pass";
	struct wl_buf why = WL_BUF_INIT;
	bool before_unrep = false, after_unrep = false, races, order_dep;
	bool sum_order;
	bool findings_after, unexplained;
	bool built_bad = false;
	bool multiset = true, mrep = true;
	json_t *alone = NULL;
	unsigned nruns = 0, ident = 0, tol = 0;
	long long shapes = num(k, "shapes", 0), seeds = num(k, "seeds", 0);
	double tb = -1, ta = -1;
	json_t *rcb = find(san, "case", cs, "kernel", label, "tool",
			   "racecheck", "side", "before");
	json_t *rca = find(san, "case", cs, "kernel", label, "tool",
			   "racecheck", "side", "after");
	json_t *scb = find(san, "case", cs, "kernel", label, "tool",
			   "synccheck", "side", "before");
	json_t *sca = find(san, "case", cs, "kernel", label, "tool",
			   "synccheck", "side", "after");
	size_t i;

	t->kernels++;
	short_commit(origin(meta, "commit"), commit, sizeof(commit));
	if (t->real)
		snprintf(lead, sizeof(lead), "%s | %s | `%s`",
			 origin(meta, "project"), origin(meta, "file"), label);
	else
		snprintf(lead, sizeof(lead), "%s | `%s`", cs, label);
	json_object_set_new(o, "case", json_string(cs));
	json_object_set_new(o, "kernel", json_string(label));
	json_object_set_new(o, "origin",
			    json_deep_copy(json_object_get(meta, "origin")));
	if (skip) {
		t->not_run++;
		wl_buf_addf(&t->unplanned, "| %s | %s | `%s` | %s |\n",
			    origin(meta, "project"),
			    origin(meta, "file")[0] ? origin(meta, "file") : cs,
			    label, skip);
		json_object_set_new(o, "verdict", json_string("not run"));
		json_object_set_new(o, "reason", json_string(skip));
		wl_buf_addf(md, "| %s | - | not run: %s | | | | | | | |%s\n",
			    lead, skip, t->real ? " |" : "");
		json_array_append_new(out, o);
		json_decref(reasons);
		json_decref(dropped);
		return;
	}
	json_array_foreach(runs, i, x)
	{
		nruns++;
		if (!json_is_true(json_object_get(x, "before_repeatable")))
			before_unrep = true;
		if (json_is_false(json_object_get(x, "after_repeatable")))
			after_unrep = true;
		if (json_is_false(json_object_get(x, "before_multiset_repeatable")) ||
		    json_is_false(json_object_get(x, "after_multiset_repeatable")))
			mrep = false;
		if (json_is_true(json_object_get(x, "identical")))
			ident++;
		else if (json_is_true(json_object_get(x, "within_tolerance")))
			tol++;
		else {
			/* Older results have no multisets: not identical. */
			if (!json_is_true(
				json_object_get(x, "multiset_identical")))
				multiset = false;
			if (!diff[0]) {
				json_t *d = json_array_get(
				    json_object_get(x, "diffs"), 0);

				snprintf(diff, sizeof(diff),
					 "first difference: shape %lld seed "
					 "%lld: %s[%lld] %s -> %s%s",
					 num(x, "shape", 0), num(x, "seed", 0),
					 arg_name(k, num(d, "arg", 0)),
					 num(d, "index", 0),
					 json_string_value(
					     json_object_get(d, "before")),
					 json_string_value(
					     json_object_get(d, "after")),
					 json_is_true(json_object_get(
					     x, "before_repeatable"))
					     ? ""
					     : " (before not repeatable)");
			}
		}
	}
	/*
	 * Exit 4 and no shape the before survives: the after ran alone in
	 * a new process.  Some shapes survived: those compare, the others
	 * are dropped and named.
	 */
	if (berr && nruns) {
		berr = NULL;
		err = NULL;
	}
	if (berr) {
		alone = json_object_get(r, "after_only");
		nruns =
		    (unsigned)json_array_size(json_object_get(alone, "runs"));
		err = alone ? json_string_value(json_object_get(alone, "error"))
			    : "the after did not run alone";
	} else {
		t->runs += nruns;
	}
	/* Every shape dropped is "before fails", not shapes dropped. */
	if (berr)
		json_array_clear(dropped);
	t->dropped += (unsigned)json_array_size(dropped);
	t->identical += ident;
	if (mode && !strcmp(mode, "emulated"))
		t->emulated++;
	/* Each build of this case that failed on the GPU machine. */
	json_array_foreach(builds, i, x)
	{
		const char *c = json_string_value(json_object_get(x, "case"));

		if (c && !strcmp(c, cs) && num(x, "rc", 0) != 0) {
			built_bad = true;
			char *m = wl_xasprintf(
			    "%s did not build",
			    json_string_value(json_object_get(x, "image")));

			json_array_append_new(reasons, json_string(m));
			free(m);
		}
	}
	if (!r || !run)
		json_array_append_new(
		    reasons,
		    json_string(r && json_object_get(r, "skipped")
				    ? "not run: time budget"
				    : "the runner produced no result"));
	else if (err && err[0])
		json_array_append_new(reasons, json_string(err));
	else if (!berr && !json_array_size(dropped) && num(r, "rc", 0) > 1 &&
		 num(r, "rc", 0) != 4)
		json_array_append_new(reasons, json_string("runner failed"));
	/*
	 * A before that races on this GPU (racecheck sees it, and it differs
	 * from itself or warplint found the race in its source) while the
	 * after is repeatable and race-free: the outputs differ because the
	 * legacy code is broken here, which is what the migration fixes.  A
	 * race can decide the result the same way every run (a tail without
	 * volatile, its loads hoisted): repeatable is not correct.
	 * Reported as "before races", not as a failure.
	 */
	races = !berr && nruns && ident + tol < nruns && !after_unrep &&
		san_count(rcb) > 0 && san_count(rca) == 0 &&
		(before_unrep || static_race(meta));
	/*
	 * A side that does not repeat itself, but whose runs hold the same
	 * elements, and the same as the other side's: the order of the
	 * output depends on scheduling (a warp-aggregated atomic append).
	 */
	order_dep = !berr && !races && nruns && ident + tol < nruns &&
		    (before_unrep || after_unrep) && multiset && mrep;
	/*
	 * Neither side repeats itself, and every run agrees within the
	 * tolerance: floating-point atomics add in scheduling order (a
	 * partial-warp dot product whose blocks atomicAdd their sums).
	 */
	sum_order = !berr && !races && nruns && ident + tol == nruns && tol &&
		    before_unrep && after_unrep;
	order_dep |= sum_order;
	/* outputs differ, and neither side's behaviour accounts for it */
	unexplained = nruns && ident + tol < nruns && !berr && !races &&
		      !order_dep;
	if (unexplained)
		json_array_append_new(reasons, json_string("outputs differ"));
	if (after_unrep && !order_dep)
		json_array_append_new(reasons,
				      json_string("after not repeatable"));
	if (san_count(rca) > 0)
		json_array_append_new(reasons,
				      json_string("racecheck hazards after"));
	if (san_count(sca) > 0)
		json_array_append_new(reasons,
				      json_string("synccheck errors after"));
	if (san_count(rca) < 0 || san_count(sca) < 0)
		json_array_append_new(reasons,
				      json_string("sanitizer result missing"));
	findings_after = failing_findings(meta, kname ? kname : label,
					  run && !built_bad);
	if (findings_after)
		json_array_append_new(reasons,
				      json_string("warplint findings after"));
	if (alone && json_is_number(json_object_get(alone, "time_after_us")))
		snprintf(
		    times, sizeof(times), "- -> %.2f",
		    json_number_value(json_object_get(alone, "time_after_us")));
	if (timed && json_is_number(json_object_get(timed, "time_before_us"))) {
		tb = json_number_value(json_object_get(timed, "time_before_us"));
		ta = json_number_value(json_object_get(timed, "time_after_us"));
		snprintf(times, sizeof(times), "%.2f -> %.2f", tb, ta);
		if (tb > 0 && ta > 0) {
			snprintf(ratio, sizeof(ratio), "%.3f", ta / tb);
			t->log_ratio += log(ta / tb);
			t->timed++;
		}
	}
	if (san_count(rcb) > 0)
		t->race_before += san_count(rcb);
	if (san_count(rca) > 0)
		t->race_after += san_count(rca);
	if (san_count(sca) > 0)
		t->sync_after += san_count(sca);
	san_text(rcb, rb, sizeof(rb));
	san_text(rca, ra, sizeof(ra));
	san_text(scb, sb, sizeof(sb));
	san_text(sca, sa, sizeof(sa));
	/*
	 * A before that fails on this GPU (a bad mask traps on Volta and
	 * later) cannot be compared; it fails the run only if the after has
	 * problems of its own.
	 */
	if (json_array_size(reasons))
		verdict = "FAIL";
	else if (berr)
		verdict = "before fails";
	else if (races)
		verdict = "before races";
	else if (sum_order)
		verdict = "order-dependent output, within tolerance";
	else if (order_dep)
		verdict = "order-dependent output, multiset-identical";
	if (json_array_size(reasons))
		t->failed++;
	else if (berr)
		t->before_fails++;
	else if (races)
		t->before_races++;
	else if (order_dep)
		t->order_dep++;
	else
		t->passed++;
	/* What a difference means, from the data. */
	if (berr)
		wl_buf_addf(&why, "the legacy before faults on every shape "
				  "(%s): undefined on this GPU",
			    berr);
	json_array_foreach(dropped, i, x) wl_buf_addf(
	    &why, "%sshape %lld dropped: the legacy before faults there (%s)",
	    why.len ? "; " : "", num(x, "shape", -1),
	    json_string_value(json_object_get(x, "error")));
	if (races)
		wl_buf_addf(&why,
			    "%sthe legacy before races: racecheck counts %lld "
			    "hazards%s; the after is repeatable and race-free",
			    why.len ? "; " : "", san_count(rcb),
			    before_unrep
				? " and it differs from itself"
				: ", warplint finds the race in the source, and "
				  "on this GPU it decides the result the same "
				  "way every run");
	if (sum_order)
		wl_buf_addf(&why,
			    "%sneither side repeats itself and every run "
			    "agrees within the tolerance: floating-point sums "
			    "in scheduling order",
			    why.len ? "; " : "");
	else if (order_dep)
		wl_buf_addf(&why,
			    "%sthe output's order depends on scheduling on "
			    "the %s side; as multisets, before and after hold "
			    "the same elements",
			    why.len ? "; " : "",
			    before_unrep && after_unrep ? "before and after"
			    : before_unrep		? "before"
							: "after");
	/*
	 * A race left after the fix decides the result by timing, which the
	 * fix changed: one warplint still reports (no fix was proved), or
	 * one beyond its rules (between warps: a barrier the legacy code
	 * lacks) when none is left.
	 */
	if (unexplained && san_count(rca) > 0)
		wl_buf_addf(&why,
			    "%soutputs differ, and racecheck still counts "
			    "%lld hazards after the fix: %s",
			    why.len ? "; " : "", san_count(rca),
			    findings_after
				? "races warplint reports without a proved "
				  "fix remain, and timing decides them"
				: "no warp-level finding is left, so a race "
				  "beyond warplint's rules (between warps, "
				  "where the legacy code lacks a "
				  "__syncthreads) decides the result on both "
				  "sides");
	else if (unexplained)
		wl_buf_addf(&why, "%s%s", why.len ? "; " : "",
			    before_unrep ? "outputs differ; the before does "
					   "not repeat itself but racecheck "
					   "shows no race to blame"
					 : "outputs differ and the before "
					   "repeats itself: the fix changed "
					   "the result");
	/*
	 * The after stops where the legacy before ran: the fix is wrong for
	 * this kernel.  With synccheck errors, a lane mask that leaves out a
	 * lane that arrives (an unsafe fix: a mask warplint did not prove).
	 */
	if (!berr && !built_bad && err && err[0])
		wl_buf_addf(&why,
			    "%sthe after fails (%s) where the legacy before "
			    "runs: the fix is wrong for this kernel%s",
			    why.len ? "; " : "", err,
			    san_count(sca) > 0
				? ", and synccheck's errors name a lane mask "
				  "that leaves out a lane that arrives"
				: "");
	json_object_set_new(o, "verdict", json_string(verdict));
	json_object_set_new(o, "explanation",
			    json_string(why.len ? why.s : "identical"));
	json_object_set_new(o, "before_error",
			    berr ? json_string(berr) : json_null());
	json_object_set_new(o, "dropped_shapes", dropped);
	json_object_set(o, "reasons", reasons);
	json_object_set_new(o, "before_mode", json_string(mode ? mode : "?"));
	json_object_set_new(o, "shapes", json_integer(shapes));
	json_object_set_new(o, "seeds", json_integer(seeds));
	json_object_set_new(o, "runs", json_integer(nruns));
	json_object_set_new(o, "identical_runs", json_integer(ident));
	json_object_set_new(o, "tolerated_runs", json_integer(tol));
	json_object_set_new(o, "first_difference",
			    diff[0] ? json_string(diff) : json_null());
	json_object_set_new(o, "racecheck_before",
			    json_integer(san_count(rcb)));
	json_object_set_new(o, "racecheck_after", json_integer(san_count(rca)));
	json_object_set_new(o, "synccheck_before",
			    json_integer(san_count(scb)));
	json_object_set_new(o, "synccheck_after", json_integer(san_count(sca)));
	json_object_set_new(o, "findings_after", json_integer(nfind));
	json_object_set_new(o, "time_before_us",
			    tb >= 0 ? json_real(tb) : json_null());
	json_object_set_new(o, "time_after_us",
			    ta >= 0 ? json_real(ta) : json_null());
	json_object_set_new(o, "args",
			    json_deep_copy(json_object_get(k, "args")));
	json_array_append_new(out, o);

	if (berr)
		snprintf(diff, sizeof(diff),
			 "before fails: %s; after ran %u "
			 "runs",
			 berr, nruns);
	wl_buf_addf(md,
		    "| %s | %s | %lldx%lld | %s%u/%u%s | %s -> %s | "
		    "%s -> %s | %u | %s | %s | %s |",
		    lead, mode ? mode : "?", shapes, seeds,
		    berr ? "- of " : "", ident, nruns,
		    tol ? " (rest within tolerance)" : "", rb, ra, sb, sa,
		    nfind, times, ratio,
		    json_array_size(reasons) ? "**FAIL**" : verdict);
	if (t->real)
		wl_buf_addf(md, " %s |", why.len ? why.s : "identical");
	wl_buf_addc(md, '\n');
	if ((!t->real && why.len && !diff[0]) || diff[0] ||
	    json_array_size(reasons)) {
		/* The reasons, then the first difference, on a line below. */
		struct wl_buf line = WL_BUF_INIT;

		json_array_foreach(reasons, i, x) wl_buf_addf(
		    &line, "%s%s", i ? "; " : "", json_string_value(x));
		if (diff[0])
			wl_buf_addf(&line, "%s%s", line.len ? "; " : "", diff);
		if (!t->real && why.len)
			wl_buf_addf(&line, "%s%s", line.len ? "; " : "",
				    why.s);
		wl_buf_addf(md, "| %s↳ %s | | | | | | | | | |%s\n",
			    t->real ? " | | " : " | ", line.s ? line.s : "",
			    t->real ? " |" : "");
		wl_buf_release(&line);
	}
	wl_buf_release(&why);
	json_decref(runs);
	json_decref(reasons);
}

/* Notes of one case: emulated befores, guessed scalars, findings after. */
static void case_notes(json_t *meta, struct wl_buf *md)
{
	const char *cs = json_string_value(json_object_get(meta, "case"));
	json_t *x, *k, *a;
	size_t i, j;

	if (json_is_false(json_object_get(meta, "matches_corpus_fixed")))
		wl_buf_addf(md,
			    "- %s: warplint's fixes differ from the "
			    "corpus's expected .fixed.cu (the run used "
			    "warplint's)\n",
			    cs);
	x = json_object_get(meta, "build");
	if (json_string_value(json_object_get(x, "reason")))
		wl_buf_addf(md, "- %s: before emulated: %s\n", cs,
			    json_string_value(json_object_get(x, "reason")));
	json_array_foreach(json_object_get(meta, "kernels"), i, k)
	    json_array_foreach(
		json_object_get(k, "args"), j,
		a) if (!strcmp(json_string_value(json_object_get(a, "from")),
			       "default"))
		wl_buf_addf(md,
			    "- %s `%s`: scalar `%s` = %s is "
			    "a default, not from the spec\n",
			    cs, json_string_value(json_object_get(k, "label")),
			    json_string_value(json_object_get(a, "name")),
			    json_string_value(json_object_get(a, "value")));
	json_array_foreach(json_object_get(meta, "findings_after"), i, x)
	    wl_buf_addf(md,
			"- %s: fixed file still has %s at line %lld: "
			"%s\n",
			cs, json_string_value(json_object_get(x, "rule")),
			num(x, "line", 0),
			json_string_value(json_object_get(x, "message")));
}

static int append_file(struct wl_buf *b, const char *path)
{
	char chunk[4096];
	size_t n;
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	wl_buf_adds(b, "\n");
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		wl_buf_add(b, chunk, n);
	fclose(f);
	return 0;
}

/*
 * Files that gv-prepare could not turn into a case at all (exit status 2
 * or 3 in prepare_corpus.sh's prepare.tsv): a failure with no case dir.
 */
static void failed_prepares(const char *bundle, struct wl_buf *md, json_t *out,
			    struct totals *t)
{
	char *path = wl_xasprintf("%s/prepare.tsv", bundle), *line = NULL;
	size_t cap = 0;
	FILE *f = fopen(path, "r");

	free(path);
	if (!f)
		return;
	while (getline(&line, &cap, f) > 0) {
		char src[1024], style[32];
		int rc;

		if (sscanf(line, "%1023s %31s %d", src, style, &rc) != 3 ||
		    rc < 2)
			continue;
		t->kernels++;
		t->failed++;
		if (t->real)
			wl_buf_addf(md,
				    "| %s | %s | - | - | - | - | | | | | | "
				    "**FAIL** | gv-prepare exit %d |\n",
				    style, src, rc);
		else
			wl_buf_addf(md,
				    "| %s (%s) | - | - | - | - | | | | | | "
				    "**FAIL**: gv-prepare exit %d |\n",
				    src, style, rc);
		json_array_append_new(
		    out, json_pack("{s:s, s:s, s:s, s:i}", "case", src,
				   "verdict", "FAIL", "reason",
				   "gv-prepare failed", "status", rc));
	}
	free(line);
	fclose(f);
}

static int write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) < 0) {
		fprintf(stderr, "gv-report: cannot write %s\n", path);
		if (f)
			fclose(f);
		return -1;
	}
	return fclose(f) ? -1 : 0;
}

int main(int argc, char **argv)
{
	const char *bundle = NULL, *res = NULL;
	const char *md_path = "gpu_verify/REPORT.md";
	const char *json_path = "gpu_verify/REPORT.json";
	const char *notes_path = NULL;
	struct wl_buf md = WL_BUF_INIT, notes = WL_BUF_INIT;
	struct totals t;
	json_t *env, *results, *san, *builds, *kernels, *report;
	json_t *projects = json_object();
	char **cases;
	unsigned nc, i;
	bool real = false;
	int a, rc;
	size_t j;

	for (a = 1; a < argc; a++) {
		if (!strcmp(argv[a], "--md") && a + 1 < argc)
			md_path = argv[++a];
		else if (!strcmp(argv[a], "--json") && a + 1 < argc)
			json_path = argv[++a];
		else if (!strcmp(argv[a], "--notes") && a + 1 < argc)
			notes_path = argv[++a];
		else if (!strcmp(argv[a], "--real"))
			real = true;
		else if (!bundle)
			bundle = argv[a];
		else if (!res)
			res = argv[a];
		else
			bundle = NULL;
	}
	if (!bundle || !res) {
		fprintf(stderr, "usage: gv-report BUNDLE RESULTS [--md FILE] "
				"[--json FILE] [--notes FILE] [--real]\n");
		return 2;
	}
	memset(&t, 0, sizeof(t));
	t.real = real;
	env = read_env(res);
	results = read_jsonl(res, "results.jsonl");
	san = read_jsonl(res, "sanitizer.jsonl");
	builds = read_jsonl(res, "builds.jsonl");
	kernels = json_array();
	cases = list_cases(bundle, &nc);
	if (!nc || !json_array_size(results)) {
		fprintf(stderr,
			"gv-report: no cases in %s or no results in "
			"%s\n",
			bundle, res);
		rc = 2;
		goto out;
	}
	wl_buf_adds(&md, real ? "| project | file | kernel | "
			      : "| case | kernel | ");
	wl_buf_adds(&md,
		    "before | shapes x seeds | "
		    "identical runs | racecheck hazards before -> after | "
		    "synccheck errors before -> after | findings after | "
		    "median us before -> after | after/before | verdict |");
	wl_buf_adds(&md, real ? " what a difference means |\n"
				"| --- | --- | --- | --- | --- | --- | --- | "
				"--- | --- | --- | --- | --- | --- |\n"
			      : "\n| --- | --- | --- | --- | --- | --- | --- | "
				"--- | --- | --- | --- |\n");
	for (i = 0; i < nc; i++) {
		char *path =
		    wl_xasprintf("%s/cases/%s/meta.json", bundle, cases[i]);
		json_t *meta = json_load_file(path, 0, NULL), *k;

		free(path);
		if (!meta) {
			wl_buf_addf(&md,
				    "| %s | (no meta.json) | | | | | | | "
				    "| | **FAIL** |\n",
				    cases[i]);
			t.failed++;
			continue;
		}
		if (json_object_get(json_object_get(meta, "origin"),
				    "project")) {
			json_t *og = json_object_get(meta, "origin");
			const char *pj = json_string_value(
			    json_object_get(og, "project"));

			if (pj && !json_object_get(projects, pj))
				json_object_set_new(
				    projects, pj,
				    json_pack("{s:s?, s:s?}", "repo",
					      json_string_value(json_object_get(
						  og, "repo")),
					      "commit",
					      json_string_value(json_object_get(
						  og, "commit"))));
		}
		json_array_foreach(json_object_get(meta, "kernels"), j, k)
		    judge_kernel(meta, k, results, san, builds, &md, kernels,
				 &t);
		case_notes(meta, &notes);
		json_decref(meta);
	}
	failed_prepares(bundle, &md, kernels, &t);
	report =
	    json_pack("{s:O, s:O}", "environment", env, "kernels", kernels);
	if (real)
		json_object_set(report, "projects", projects);
	json_object_set_new(
	    report, "summary",
	    json_pack("{s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, "
		      "s:i, s:I, s:I, s:I, s:i, s:f}",
		      "kernels", t.kernels, "passed", t.passed, "failed",
		      t.failed, "before_fails", t.before_fails, "before_races",
		      t.before_races, "order_dependent", t.order_dep,
		      "not_run", t.not_run, "runs", t.runs, "identical_runs",
		      t.identical, "emulated_before", t.emulated,
		      "dropped_shapes", t.dropped, "racecheck_before",
		      (json_int_t)t.race_before, "racecheck_after",
		      (json_int_t)t.race_after, "synccheck_after",
		      (json_int_t)t.sync_after, "projects",
		      (int)json_object_size(projects), "geomean_time_ratio",
		      t.timed ? exp(t.log_ratio / t.timed) : 0.0));
	{
		struct wl_buf head = WL_BUF_INIT;
		const char *k;
		json_t *v;

		if (real)
			wl_buf_adds(&head,
				    "# gpu_verify on real code\n\n"
				    "Legacy kernels of public projects, at an "
				    "old commit, before (the untouched source, "
				    "built by clang-19 for sm_60 and run with "
				    "its genuine pre-Volta semantics) versus "
				    "after (warplint's own fixes, built by "
				    "nvcc for this GPU); generated by "
				    "`gv-report --real` from a `run_on_gpu.sh` "
				    "run of the bundle `gpu_verify/real/"
				    "run_real.sh` prepared.  See README.md for "
				    "how to read it.\n\n");
		else
			wl_buf_adds(&head,
				    "# gpu_verify report\n\n"
				    "Before (the legacy source) versus after "
				    "(warplint's fixes) on real hardware; "
				    "generated by `gv-report` from a "
				    "`run_on_gpu.sh` run.  See README.md for "
				    "how to read it.\n\n");
		json_object_foreach(env, k, v)
		    wl_buf_addf(&head, "- %s: %s\n", k, json_string_value(v));
		if (real && json_object_size(projects)) {
			wl_buf_adds(&head, "\n| project | repository | "
					   "commit |\n| --- | --- | --- |\n");
			json_object_foreach(projects, k, v) wl_buf_addf(
			    &head, "| %s | %s | %s |\n", k,
			    json_string_value(json_object_get(v, "repo"))
				? json_string_value(json_object_get(v, "repo"))
				: "?",
			    json_string_value(json_object_get(v, "commit"))
				? json_string_value(
				      json_object_get(v, "commit"))
				: "?");
		}
		wl_buf_addf(
		    &head,
		    "\n**%u kernels: %u pass, %u fail, %u not run, "
		    "%u whose legacy before fails, %u whose "
		    "legacy before races on this GPU and %u whose output "
		    "order depends on scheduling (the same elements, or "
		    "float sums within the tolerance).** "
		    "%u of %u before/after runs byte-identical; "
		    "%u shapes dropped where the legacy before faults; "
		    "%u kernels with an emulated before; racecheck hazards "
		    "%lld before, %lld after; synccheck errors after %lld; "
		    "geometric mean time ratio after/before %.3f over %u "
		    "kernels.\n\n",
		    t.kernels, t.passed, t.failed, t.not_run, t.before_fails,
		    t.before_races, t.order_dep, t.identical, t.runs,
		    t.dropped, t.emulated, t.race_before, t.race_after,
		    t.sync_after, t.timed ? exp(t.log_ratio / t.timed) : 0.0,
		    t.timed);
		wl_buf_adds(&head, md.s);
		if (real && t.unplanned.len) {
			wl_buf_adds(&head,
				    "\n## Kernels that could not be planned\n\n"
				    "| project | file | kernel | why |\n"
				    "| --- | --- | --- | --- |\n");
			wl_buf_adds(&head, t.unplanned.s);
		}
		if (notes.len) {
			wl_buf_adds(&head, "\n## Notes\n\n");
			wl_buf_adds(&head, notes.s);
		}
		wl_buf_adds(&head,
			    "\nRacecheck counts are hazard instances (the "
			    "sum of the `[N hazards]` of its reports) on the "
			    "kernel's sanitizer shape; racecheck misses a "
			    "race inside one statement (Listing 7), which "
			    "the findings-after column covers.  Times are "
			    "medians of 50 launches on the largest shape.\n");
		/* A reviewer's analysis of this run, kept with it. */
		if (notes_path && append_file(&head, notes_path) < 0)
			fprintf(stderr, "gv-report: cannot read %s\n",
				notes_path);
		rc = write_text(md_path, head.s);
		wl_buf_release(&head);
	}
	if (json_dump_file(report, json_path, JSON_INDENT(1)) < 0) {
		fprintf(stderr, "gv-report: cannot write %s\n", json_path);
		rc = -1;
	}
	json_decref(report);
	printf("%u kernels: %u pass, %u fail, %u not run\n", t.kernels,
	       t.passed, t.failed, t.not_run);
	rc = rc < 0 ? 2 : t.failed ? 1 : 0;
out:
	for (i = 0; i < nc; i++)
		free(cases[i]);
	free(cases);
	wl_buf_release(&md);
	wl_buf_release(&notes);
	wl_buf_release(&t.unplanned);
	json_decref(projects);
	json_decref(env);
	json_decref(results);
	json_decref(san);
	json_decref(builds);
	json_decref(kernels);
	return rc;
}
