/* SPDX-License-Identifier: MIT */
/* Baselines: accepted findings by fingerprint, in a JSON file. */
#include "driver/baseline.h"

#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "base/source.h"
#include "base/util.h"
#include "driver/emit.h"
#include "driver/fingerprint.h"
#include "fixits/edit.h"

#define BASELINE_SCHEMA "warplint-baseline"
#define BASELINE_VERSION 1

struct wl_baseline {
	json_t *set;	/* fingerprint -> true */
};

struct wl_baseline *wl_baseline_load(const char *path, char **err)
{
	json_error_t jerr;
	json_t *root = json_load_file(path, 0, &jerr), *list, *item;
	struct wl_baseline *b;
	const char *schema = NULL;
	json_int_t version = 0;
	size_t i;

	if (!root) {
		*err = wl_xasprintf("%s:%d:%d: %s", path, jerr.line,
				    jerr.column, jerr.text);
		return NULL;
	}
	if (json_unpack(root, "{s:s, s:I, s:o}", "schema", &schema, "version",
			&version, "findings", &list) < 0 ||
	    strcmp(schema, BASELINE_SCHEMA) || !json_is_array(list)) {
		*err = wl_xasprintf("%s: not a warplint baseline (expected "
				    "\"schema\": \"%s\" and a \"findings\" "
				    "array)", path, BASELINE_SCHEMA);
		json_decref(root);
		return NULL;
	}
	if (version != BASELINE_VERSION) {
		*err = wl_xasprintf("%s: baseline version %lld is not %d",
				    path, (long long)version, BASELINE_VERSION);
		json_decref(root);
		return NULL;
	}
	b = wl_xcalloc(1, sizeof(*b));
	b->set = json_object();
	json_array_foreach(list, i, item) {
		const char *fp = NULL;

		if (json_unpack(item, "{s:s}", "fingerprint", &fp) < 0) {
			*err = wl_xasprintf("%s: finding %zu has no "
					    "\"fingerprint\"", path, i);
			json_decref(root);
			wl_baseline_free(b);
			return NULL;
		}
		json_object_set_new(b->set, fp, json_true());
	}
	json_decref(root);
	return b;
}

void wl_baseline_free(struct wl_baseline *b)
{
	if (!b)
		return;
	json_decref(b->set);
	free(b);
}

unsigned wl_baseline_filter(const struct wl_baseline *b, const char *path,
			    const struct wl_source *src,
			    struct wl_findings *findings)
{
	bool relative;
	char *uri = wl_uri_for(path, NULL, &relative);
	char **fps = wl_fingerprints(src, uri, findings);
	unsigned i, kept = 0, nr = findings->nr;

	for (i = 0; i < nr; i++) {
		if (json_object_get(b->set, fps[i])) {
			wl_finding_release(&findings->v[i]);
			continue;
		}
		findings->v[kept++] = findings->v[i];
	}
	findings->nr = kept;
	wl_fingerprints_free(fps, nr);
	free(uri);
	return nr - kept;
}

int wl_baseline_write(const char *path, const struct wl_file_report *files,
		      unsigned nr, char **err)
{
	json_t *root, *list = json_array();
	unsigned i, k;
	int ret;

	for (i = 0; i < nr; i++) {
		const struct wl_file_report *r = &files[i];
		bool relative;
		char *uri;
		char **fps;

		if (!r->src || !r->findings)
			continue;
		uri = wl_uri_for(r->path, NULL, &relative);
		fps = wl_fingerprints(r->src, uri, r->findings);
		for (k = 0; k < r->findings->nr; k++) {
			const struct wl_finding *f = &r->findings->v[k];

			/* rule, path and line only help a human reading it. */
			json_array_append_new(list,
				json_pack("{s:s, s:s, s:s, s:I, s:s}",
					  "fingerprint", fps[k], "rule",
					  wl_rules[f->rule].code, "path", uri,
					  "line", (json_int_t)f->line,
					  "message", f->message));
		}
		wl_fingerprints_free(fps, r->findings->nr);
		free(uri);
	}
	root = json_pack("{s:s, s:i, s:o}", "schema", BASELINE_SCHEMA,
			 "version", BASELINE_VERSION, "findings", list);
	ret = json_dump_file(root, path, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	json_decref(root);
	if (ret < 0) {
		*err = wl_xasprintf("%s: cannot write the baseline: %s", path,
				    strerror(errno));
		return -1;
	}
	return 0;
}
