/* SPDX-License-Identifier: MIT */
/*
 * JSON report (--format=json), schema "warplint-report" version 1,
 * documented in docs/json-format.md.  Built with jansson, never by hand.
 */
#include "analyzer/emit.h"

#include <jansson.h>

#include "analyzer/source.h"
#include "fixits/edit.h"

static json_t *fix_json(const struct wl_finding *f)
{
	json_t *fix = json_object(), *edits = json_array();
	unsigned i;

	json_object_set_new(fix, "description", json_string(f->fix->description));
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

static json_t *finding_json(const struct wl_finding *f)
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

	if (f->note)
		json_object_set_new(o, "note", json_string(f->note));
	json_object_set_new(o, "suppressed", json_boolean(f->suppressed));
	if (f->justification)
		json_object_set_new(o, "justification",
				    json_string(f->justification));
	json_object_set_new(o, "fix", f->fix ? fix_json(f) : json_null());
	return o;
}

int wl_emit_json(FILE *out, const struct wl_file_report *files, unsigned nr,
		 const struct wl_emit_opts *opts)
{
	json_t *root = json_object(), *list = json_array();
	unsigned i, k;
	int ret;

	(void)opts;
	json_object_set_new(root, "schema", json_string("warplint-report"));
	json_object_set_new(root, "version", json_integer(1));
	for (i = 0; i < nr; i++) {
		const struct wl_file_report *r = &files[i];
		json_t *file = json_object(), *findings = json_array();

		json_object_set_new(file, "path", json_string(r->path));
		json_object_set_new(file, "error",
				    r->error ? json_string(r->error) : json_null());
		for (k = 0; r->findings && k < r->findings->nr; k++)
			json_array_append_new(findings,
					      finding_json(&r->findings->v[k]));
		json_object_set_new(file, "findings", findings);
		json_array_append_new(list, file);
	}
	json_object_set_new(root, "files", list);
	ret = json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
					    JSON_ENSURE_ASCII);
	fputc('\n', out);
	json_decref(root);
	return ret;
}
