/* SPDX-License-Identifier: MIT */
/*
 * `warplint merge`: join the reports of a sharded run.  Each shard
 * analysed a disjoint set of input files, but a header included by files
 * of two shards is reported by both: such a file appears once, with the
 * union of its findings.  The output is what one run over every file, in
 * path order, prints (the emitters' own layout and dump flags are kept).
 */
#include "driver/merge.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

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

/*
 * A report lists its inputs in command-line order, each followed by the
 * headers it reached first.  Put the entries of every shard (@v, @n) in
 * that order for the inputs in path order: a header travels with the
 * input before it in its shard, and sorting is stable.  @key gives an
 * entry's path, @is_input whether it is an input.
 */
static void order_by_input(json_t **v, size_t n,
			   const char *(*key)(json_t *),
			   bool (*is_input)(json_t *))
{
	const char **group = wl_xcalloc(n + 1, sizeof(*group));
	const char *owner = "";
	size_t i, k;

	for (i = 0; i < n; i++) {
		if (is_input(v[i]))
			owner = key(v[i]);
		group[i] = owner;
	}
	for (i = 1; i < n; i++)
		for (k = i; k > 0 && strcmp(group[k - 1], group[k]) > 0; k--) {
			json_t *t = v[k];
			const char *g = group[k];

			v[k] = v[k - 1];
			v[k - 1] = t;
			group[k] = group[k - 1];
			group[k - 1] = g;
		}
	free(group);
}

/* ---- JSON (docs/json-format.md) ---- */

static const char *file_path(json_t *file)
{
	const char *path = str_at(file, "path");

	return path ? path : "";
}

static bool file_is_input(json_t *file)
{
	return !json_is_true(json_object_get(file, "header"));
}

/* @file's entry in @out, the merged list so far, or NULL. */
static json_t *entry_for(json_t *out, json_t *file)
{
	json_t *e;
	size_t i;

	json_array_foreach(out, i, e)
		if (!strcmp(file_path(e), file_path(file)))
			return e;
	return NULL;
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
	order_by_input(v, n, file_path, file_is_input);
	for (i = 0; i < n; i++) {
		json_t *same = entry_for(out, v[i]);

		/* A header that several shards reach: one entry. */
		if (same)
			union_findings(same, v[i]);
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

static const char *artifact_uri(json_t *a)
{
	const char *uri = str_at(json_object_get(a, "location"), "uri");

	return uri ? uri : "";
}

/* An input is an analysis target; a header is there for its findings. */
static bool artifact_is_input(json_t *a)
{
	json_t *role;
	size_t i;

	json_array_foreach(json_object_get(a, "roles"), i, role)
		if (json_is_string(role) &&
		    !strcmp(json_string_value(role), "analysisTarget"))
			return true;
	return false;
}

/* @uri's position in @artifacts, or the end. */
static size_t artifact_index(json_t *artifacts, const char *uri)
{
	json_t *a;
	size_t i;

	json_array_foreach(artifacts, i, a)
		if (!strcmp(artifact_uri(a), uri))
			return i;
	return json_array_size(artifacts);
}

/*
 * run.artifacts of every shard, one entry per file in the order of one
 * run; a header two shards report is one artifact.
 */
static json_t *merge_artifacts(struct report *reps, unsigned nr)
{
	json_t *all = json_array(), *out = json_array(), *a, **v;
	size_t i, n;
	unsigned r;

	for (r = 0; r < nr; r++)
		json_array_extend(all, json_object_get(json_array_get(
			json_object_get(reps[r].doc, "runs"), 0), "artifacts"));
	n = json_array_size(all);
	v = wl_xcalloc(n + 1, sizeof(*v));
	json_array_foreach(all, i, a)
		v[i] = a;
	order_by_input(v, n, artifact_uri, artifact_is_input);
	for (i = 0; i < n; i++)
		if (artifact_index(out, artifact_uri(v[i])) ==
		    json_array_size(out))
			json_array_append(out, v[i]);
	free(v);
	json_decref(all);
	return out;
}

/*
 * Point every artifactLocation under @node (one with a uri and an index)
 * at its file's entry in the merged @artifacts.
 */
static void reindex(json_t *node, json_t *artifacts)
{
	const char *key, *uri = str_at(node, "uri");
	json_t *value;
	size_t i;

	if (json_is_object(node) && uri && json_object_get(node, "index") &&
	    (i = artifact_index(artifacts, uri)) < json_array_size(artifacts))
		json_object_set_new(node, "index", json_integer((json_int_t)i));
	if (json_is_object(node)) {
		json_object_foreach(node, key, value)
			reindex(value, artifacts);
	} else if (json_is_array(node)) {
		json_array_foreach(node, i, value)
			reindex(value, artifacts);
	}
}

/*
 * Stable, by the position of each entry's file in the merged @artifacts:
 * a file's results keep their own order (position, then rule).
 */
static void sort_by_artifact(json_t *list, json_t *artifacts)
{
	size_t n = json_array_size(list), i, k;
	size_t *pos = wl_xcalloc(n + 1, sizeof(*pos));
	json_t **v = wl_xcalloc(n + 1, sizeof(*v));

	for (i = 0; i < n; i++) {
		const char *uri;

		v[i] = json_incref(json_array_get(list, i));
		uri = result_uri(v[i]);
		pos[i] = artifact_index(artifacts, uri ? uri : "");
	}
	for (i = 1; i < n; i++)
		for (k = i; k > 0 && pos[k - 1] > pos[k]; k--) {
			json_t *t = v[k];
			size_t p = pos[k];

			v[k] = v[k - 1];
			v[k - 1] = t;
			pos[k] = pos[k - 1];
			pos[k - 1] = p;
		}
	json_array_clear(list);
	for (i = 0; i < n; i++)
		json_array_append_new(list, v[i]);
	free(v);
	free(pos);
}

static json_t *merge_sarif(struct report *reps, unsigned nr, char **err)
{
	json_t *root = json_deep_copy(reps[0].doc);
	json_t *run = json_array_get(json_object_get(root, "runs"), 0);
	json_t *results = json_array(), *notes = json_array(), *res;
	json_t *base = json_object_get(run, "originalUriBaseIds");
	json_t *artifacts;
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
	artifacts = merge_artifacts(reps, nr);
	sort_by_artifact(results, artifacts);
	sort_by_artifact(notes, artifacts);
	n = json_array_size(results);
	json_object_set_new(run, "results", json_array());
	for (i = 0; i < n; i++) {
		json_t *one = json_array_get(results, i);
		bool dup = false;

		/* A header reported by two shards: the same result twice. */
		for (k = i; k-- > 0 && !dup &&
			    !sarif_uri_cmp(json_array_get(results, k), one);)
			dup = json_equal(json_array_get(results, k), one);
		if (!dup)
			json_array_append(json_object_get(run, "results"), one);
	}
	json_decref(results);
	res = json_array_get(json_object_get(run, "invocations"), 0);
	json_object_set_new(res, "executionSuccessful", json_boolean(ok));
	json_object_set_new(res, "toolExecutionNotifications", notes);
	reindex(json_object_get(run, "results"), artifacts);
	reindex(res, artifacts);
	json_object_set_new(run, "artifacts", artifacts);
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
