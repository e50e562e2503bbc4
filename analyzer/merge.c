/* SPDX-License-Identifier: MIT */
/*
 * `warplint merge`: join the reports of a sharded run.  Each shard
 * analysed a disjoint set of input files, but a header included by files
 * of two shards is reported by both: such a file appears once, with the
 * union of its findings.  The output is what one run over every file, in
 * path order, prints (the emitters' own layout and dump flags are kept).
 */
#include "analyzer/merge.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/util.h"

enum report_kind {
	REPORT_JSON,
	REPORT_SARIF,
};

struct report {
	const char *path;
	json_t *doc;
};

static int fail(char **err, const char *fmt, const char *a, const char *b)
{
	*err = wl_xasprintf(fmt, a, b);
	return -1;
}

static const char *str_at(json_t *obj, const char *key)
{
	return json_string_value(json_object_get(obj, key));
}

/* Which kind of report @doc is, and the warplint version that wrote it. */
static int classify(json_t *doc, enum report_kind *kind, const char **version)
{
	json_t *runs = json_object_get(doc, "runs"), *driver;

	if (json_is_array(runs) && json_array_size(runs) == 1) {
		driver = json_object_get(
			json_object_get(json_array_get(runs, 0), "tool"),
			"driver");
		if (!str_at(driver, "name") || strcmp(str_at(driver, "name"),
						      "warplint"))
			return -1;
		*kind = REPORT_SARIF;
		*version = str_at(driver, "version");
		return *version ? 0 : -1;
	}
	if (str_at(doc, "schema") && !strcmp(str_at(doc, "schema"),
					     "warplint-report")) {
		*kind = REPORT_JSON;
		*version = str_at(json_object_get(doc, "tool"), "version");
		return *version ? 0 : -1;
	}
	return -1;
}

/* ---- JSON (docs/json-format.md) ---- */

static int by_path(const void *a, const void *b)
{
	json_t *const *x = a, *const *y = b;

	return strcmp(str_at(*x, "path"), str_at(*y, "path"));
}

static bool same_finding(json_t *a, json_t *b)
{
	return json_equal(a, b);
}

/* Add the findings of @from that @into lacks (a header seen twice). */
static void union_findings(json_t *into, json_t *from)
{
	json_t *mine = json_object_get(into, "findings");
	json_t *theirs = json_object_get(from, "findings"), *f, *g;
	size_t i, k;
	bool have;

	json_array_foreach(theirs, i, f) {
		have = false;
		json_array_foreach(mine, k, g)
			if (same_finding(f, g))
				have = true;
		if (!have)
			json_array_append(mine, f);
	}
	if (json_is_null(json_object_get(into, "error")) &&
	    !json_is_null(json_object_get(from, "error")))
		json_object_set(into, "error", json_object_get(from, "error"));
}

static json_t *json_summary(json_t *files)
{
	json_int_t errors = 0, warnings = 0, notes = 0, suppressed = 0;
	json_int_t unreadable = 0;
	json_t *file, *f;
	size_t i, k;

	json_array_foreach(files, i, file) {
		unreadable += !json_is_null(json_object_get(file, "error"));
		json_array_foreach(json_object_get(file, "findings"), k, f) {
			const char *level = str_at(f, "level");

			if (json_is_true(json_object_get(f, "suppressed")))
				suppressed++;
			else if (level && !strcmp(level, "error"))
				errors++;
			else if (level && !strcmp(level, "warning"))
				warnings++;
			else
				notes++;
		}
	}
	return json_pack("{s:I, s:I, s:I, s:I, s:I, s:I}", "files",
			 (json_int_t)json_array_size(files), "unreadable",
			 unreadable, "errors", errors, "warnings", warnings,
			 "notes", notes, "suppressed", suppressed);
}

static json_t *merge_json(struct report *reps, unsigned nr)
{
	json_t *root = json_deep_copy(reps[0].doc), *all = json_array();
	json_t **v, *file, *out = json_array();
	size_t i, n;
	unsigned r;

	for (r = 0; r < nr; r++)
		json_array_extend(all, json_object_get(reps[r].doc, "files"));
	n = json_array_size(all);
	v = wl_xcalloc(n + 1, sizeof(*v));
	json_array_foreach(all, i, file)
		v[i] = file;
	/* Stable for equal paths: shards keep their command-line order. */
	for (i = 1; i < n; i++) {
		size_t k = i;

		while (k > 0 && by_path(&v[k - 1], &v[k]) > 0) {
			json_t *t = v[k];

			v[k] = v[k - 1];
			v[k - 1] = t;
			k--;
		}
	}
	for (i = 0; i < n; i++) {
		json_t *last = json_array_get(out, json_array_size(out) - 1);

		if (last && !by_path(&last, &v[i]))
			union_findings(last, v[i]);
		else
			json_array_append_new(out, json_deep_copy(v[i]));
	}
	free(v);
	json_decref(all);
	json_object_set_new(root, "files", out);
	json_object_set_new(root, "summary", json_summary(out));
	return root;
}

/* ---- SARIF ---- */

static const char *result_uri(json_t *result)
{
	json_t *loc = json_array_get(json_object_get(result, "locations"), 0);

	return str_at(json_object_get(json_object_get(loc, "physicalLocation"),
				      "artifactLocation"),
		      "uri");
}

static int sarif_uri_cmp(json_t *a, json_t *b)
{
	const char *x = result_uri(a), *y = result_uri(b);

	return strcmp(x ? x : "", y ? y : "");
}

static json_t *merge_sarif(struct report *reps, unsigned nr, char **err)
{
	json_t *root = json_deep_copy(reps[0].doc);
	json_t *run = json_array_get(json_object_get(root, "runs"), 0);
	json_t *results = json_array(), *notes = json_array(), *res;
	json_t *base = json_object_get(run, "originalUriBaseIds");
	json_t **v;
	bool ok = true;
	size_t i, n, k;
	unsigned r;

	for (r = 0; r < nr; r++) {
		json_t *other = json_array_get(json_object_get(reps[r].doc,
							       "runs"), 0);
		json_t *inv = json_array_get(json_object_get(other,
							     "invocations"), 0);

		if (!json_equal(base, json_object_get(other,
						      "originalUriBaseIds"))) {
			fail(err, "%s and %s were written for different source "
				  "roots (%%SRCROOT%%); run the shards from one "
				  "checkout path", reps[0].path, reps[r].path);
			json_decref(results);
			json_decref(notes);
			json_decref(root);
			return NULL;
		}
		ok &= json_is_true(json_object_get(inv, "executionSuccessful"));
		json_array_extend(results, json_object_get(other, "results"));
		json_array_extend(notes, json_object_get(
					      inv, "toolExecutionNotifications"));
	}
	n = json_array_size(results);
	v = wl_xcalloc(n + 1, sizeof(*v));
	json_array_foreach(results, i, res)
		v[i] = res;
	/* By file, keeping each file's own order (position, then rule). */
	for (i = 1; i < n; i++)
		for (k = i; k > 0 && sarif_uri_cmp(v[k - 1], v[k]) > 0; k--) {
			json_t *t = v[k];

			v[k] = v[k - 1];
			v[k - 1] = t;
		}
	json_object_set_new(run, "results", json_array());
	for (i = 0; i < n; i++) {
		bool dup = false;

		/* A header reported by two shards: the same result twice. */
		for (k = i; k-- > 0 && !dup && !sarif_uri_cmp(v[k], v[i]);)
			dup = json_equal(v[k], v[i]);
		if (!dup)
			json_array_append(json_object_get(run, "results"), v[i]);
	}
	free(v);
	json_decref(results);
	res = json_array_get(json_object_get(run, "invocations"), 0);
	json_object_set_new(res, "executionSuccessful", json_boolean(ok));
	json_object_set_new(res, "toolExecutionNotifications", notes);
	return root;
}

int wl_merge_reports(FILE *out, const char *const *paths, unsigned nr,
		     char **err)
{
	struct report *reps = wl_xcalloc(nr + 1, sizeof(*reps));
	enum report_kind kind = REPORT_JSON, k;
	const char *version = NULL, *v;
	json_t *merged = NULL;
	json_error_t jerr;
	unsigned i;
	int ret = -1;

	if (!nr) {
		*err = wl_xstrdup("no reports to merge");
		goto out;
	}
	for (i = 0; i < nr; i++) {
		reps[i].path = paths[i];
		reps[i].doc = json_load_file(paths[i], 0, &jerr);
		if (!reps[i].doc) {
			*err = wl_xasprintf("%s:%d: %s", paths[i], jerr.line,
					    jerr.text);
			goto out;
		}
		if (classify(reps[i].doc, &k, &v) < 0) {
			fail(err, "%s: not a warplint JSON or SARIF report%s",
			     paths[i], "");
			goto out;
		}
		if (i && (k != kind || strcmp(v, version))) {
			fail(err, "%s and %s are not reports of the same kind "
				  "and warplint version", paths[0], paths[i]);
			goto out;
		}
		kind = k;
		version = v;
	}
	merged = kind == REPORT_JSON ? merge_json(reps, nr)
				     : merge_sarif(reps, nr, err);
	if (!merged)
		goto out;
	/* The emitters' own flags, so that the bytes match one run's. */
	if (json_dumpf(merged, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
					    (kind == REPORT_JSON
						     ? JSON_ENSURE_ASCII
						     : 0)) < 0 ||
	    fputc('\n', out) == EOF) {
		*err = wl_xstrdup("could not write the merged report");
		goto out;
	}
	ret = 0;
out:
	json_decref(merged);
	for (i = 0; i < nr; i++)
		json_decref(reps[i].doc);
	free(reps);
	return ret;
}
