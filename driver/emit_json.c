/* SPDX-License-Identifier: MIT */
/*
 * JSON report (--format=json), schema "warplint-report" version 1,
 * documented in docs/json-format.md.  Built with jansson, never by hand.
 */
#include "driver/emit.h"

#include <jansson.h>
#include <string.h>

#include "base/source.h"
#include "driver/fingerprint.h"
#include "fixits/edit.h"

#ifndef WL_VERSION
#define WL_VERSION "0.0.0"
#endif

/* Bump on any incompatible change, and say what changed in the doc. */
#define WL_JSON_VERSION 1

static json_t *fix_json(const struct wl_finding *f)
{
	json_t *fix = json_object(), *edits = json_array();
	unsigned i;

	json_object_set_new(fix, "description", json_string(f->fix->description));
	json_object_set_new(fix, "safety",
			    json_string(wl_fix_safety_name(f->fix->safety)));
	if (f->fix->unsafe_why)
		json_object_set_new(fix, "unsafeReason",
				    json_string(f->fix->unsafe_why));
	json_object_set_new(fix, "applied", json_boolean(!f->fix_rejected));
	if (f->fix_rejected)
		json_object_set_new(fix, "rejected", json_string(f->fix_rejected));
	for (i = 0; i < f->fix->nr_edits; i++) {
		const struct wl_edit *e = &f->fix->edits[i];

		json_array_append_new(edits,
				      json_pack("{s:I, s:I, s:s}", "offset",
						(json_int_t)e->offset, "length",
						(json_int_t)e->length, "text",
						e->text));
	}
	json_object_set_new(fix, "edits", edits);
	return fix;
}

static json_t *finding_json(const struct wl_finding *f, const char *fp)
{
	const struct wl_rule *r = &wl_rules[f->rule];
	json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:I, s:I, s:I, s:I, s:I, s:I}",
			      "rule", r->code, "name", r->name, "level",
			      wl_level_name(f->level), "message", f->message,
			      "line", (json_int_t)f->line, "column",
			      (json_int_t)f->col, "endLine",
			      (json_int_t)f->end_line, "endColumn",
			      (json_int_t)f->end_col, "offset",
			      (json_int_t)f->offset, "length",
			      (json_int_t)f->length);

	json_object_set_new(o, "fingerprint", json_string(fp));
	json_object_set_new(o, "note", f->note ? json_string(f->note)
					       : json_null());
	json_object_set_new(o, "suppressed", json_boolean(f->suppressed));
	json_object_set_new(o, "justification",
			    f->justification ? json_string(f->justification)
					     : json_null());
	json_object_set_new(o, "fix", f->fix ? fix_json(f) : json_null());
	if (f->configs) {
		json_t *names = json_array();
		const char *p = f->configs, *comma;

		while (p && *p) {
			comma = strstr(p, ", ");
			json_array_append_new(names, json_stringn(p, comma ?
						(size_t)(comma - p) : strlen(p)));
			p = comma ? comma + 2 : NULL;
		}
		json_object_set_new(o, "configurations", names);
	}
	return o;
}

/* Counts of unsuppressed findings by level, as the text summary has. */
static json_t *summary_json(const struct wl_file_report *files, unsigned nr)
{
	json_int_t counts[3] = { 0, 0, 0 }, suppressed = 0, unreadable = 0;
	unsigned i, k;

	for (i = 0; i < nr; i++) {
		unreadable += files[i].error != NULL;
		for (k = 0; files[i].findings && k < files[i].findings->nr; k++) {
			const struct wl_finding *f = &files[i].findings->v[k];

			if (f->suppressed)
				suppressed++;
			else
				counts[f->level]++;
		}
	}
	return json_pack("{s:I, s:I, s:I, s:I, s:I, s:I}", "files",
			 (json_int_t)nr, "unreadable", unreadable, "errors",
			 counts[WL_LEVEL_ERROR], "warnings",
			 counts[WL_LEVEL_WARNING], "notes",
			 counts[WL_LEVEL_NOTE], "suppressed", suppressed);
}

int wl_emit_json(FILE *out, const struct wl_file_report *files, unsigned nr,
		 const struct wl_emit_opts *opts)
{
	json_t *root = json_object(), *list = json_array();
	unsigned i, k;
	int ret;

	json_object_set_new(root, "schema", json_string("warplint-report"));
	json_object_set_new(root, "version", json_integer(WL_JSON_VERSION));
	json_object_set_new(root, "tool", json_pack("{s:s, s:s}", "name",
						    "warplint", "version",
						    WL_VERSION));
	for (i = 0; i < nr; i++) {
		const struct wl_file_report *r = &files[i];
		json_t *file = json_object(), *findings = json_array();
		bool relative;
		char *uri = wl_uri_for(r->path, opts->srcroot, &relative);
		char **fps = NULL;

		json_t *guessed = json_array();

		for (k = 0; k < r->nr_guessed; k++)
			json_array_append_new(guessed, json_string(r->guessed[k]));
		json_object_set_new(file, "path", json_string(r->path));
		json_object_set_new(file, "header", json_boolean(r->header));
		json_object_set_new(file, "error",
				    r->error ? json_string(r->error) : json_null());
		json_object_set_new(file, "guessedIncludes", guessed);
		json_object_set_new(file, "includer",
				    r->includer ? json_string(r->includer)
						: json_null());
		if (r->src && r->findings)
			fps = wl_fingerprints(r->src, uri, r->findings);
		for (k = 0; fps && k < r->findings->nr; k++)
			json_array_append_new(findings,
					      finding_json(&r->findings->v[k],
							   fps[k]));
		wl_fingerprints_free(fps, r->findings ? r->findings->nr : 0);
		free(uri);
		json_object_set_new(file, "findings", findings);
		json_array_append_new(list, file);
	}
	json_object_set_new(root, "files", list);
	json_object_set_new(root, "summary", summary_json(files, nr));
	ret = json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
					    JSON_ENSURE_ASCII);
	fputc('\n', out);
	json_decref(root);
	return ret;
}
