/* SPDX-License-Identifier: MIT */
/* --export-fixes: fixes as the YAML that clang-apply-replacements reads. */
#include "driver/export.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "base/util.h"
#include "driver/emit.h"
#include "fixits/edit.h"

static int scalar(yaml_emitter_t *em, const char *s)
{
	yaml_event_t ev;

	yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)s,
				     (int)strlen(s), 1, 1,
				     YAML_ANY_SCALAR_STYLE);
	return yaml_emitter_emit(em, &ev) ? 0 : -1;
}

/* Strings that must stay strings (replacement text) are double-quoted. */
static int quoted(yaml_emitter_t *em, const char *s)
{
	yaml_event_t ev;

	yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)s,
				     (int)strlen(s), 1, 1,
				     YAML_DOUBLE_QUOTED_SCALAR_STYLE);
	return yaml_emitter_emit(em, &ev) ? 0 : -1;
}

static int number(yaml_emitter_t *em, unsigned v)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "%u", v);
	return scalar(em, buf);
}

static int start(yaml_emitter_t *em, bool map)
{
	yaml_event_t ev;

	if (map)
		yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1,
						    YAML_BLOCK_MAPPING_STYLE);
	else
		yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1,
						     YAML_BLOCK_SEQUENCE_STYLE);
	return yaml_emitter_emit(em, &ev) ? 0 : -1;
}

static int end(yaml_emitter_t *em, bool map)
{
	yaml_event_t ev;

	if (map)
		yaml_mapping_end_event_initialize(&ev);
	else
		yaml_sequence_end_event_initialize(&ev);
	return yaml_emitter_emit(em, &ev) ? 0 : -1;
}

/* Whether @set already holds @e exactly (an edit shared by two fixes). */
static bool already_emitted(const struct wl_edit_set *set,
			    const struct wl_edit *e)
{
	unsigned i;

	for (i = 0; i < set->nr; i++)
		if (set->edits[i].offset == e->offset &&
		    set->edits[i].length == e->length &&
		    !strcmp(set->edits[i].text, e->text))
			return true;
	return false;
}

/*
 * One diagnostic, without the edits marked in @dup (emitted before):
 * clang-apply-replacements would apply a shared edit (a macro body fixed
 * once for several uses) once per copy.
 */
static int emit_diagnostic(yaml_emitter_t *em, const char *path,
			   const struct wl_finding *f, const bool *dup)
{
	const struct wl_rule *r = &wl_rules[f->rule];
	unsigned i;
	int err = 0;

	err |= start(em, true);
	err |= scalar(em, "DiagnosticName") | scalar(em, r->code);
	err |= scalar(em, "DiagnosticMessage") | start(em, true);
	err |= scalar(em, "Message") | quoted(em, f->message);
	err |= scalar(em, "FilePath") | quoted(em, path);
	err |= scalar(em, "FileOffset") | number(em, f->offset);
	err |= scalar(em, "Replacements") | start(em, false);
	for (i = 0; i < f->fix->nr_edits; i++) {
		const struct wl_edit *e = &f->fix->edits[i];

		if (dup[i])
			continue;
		err |= start(em, true);
		err |= scalar(em, "FilePath") | quoted(em, path);
		err |= scalar(em, "Offset") | number(em, e->offset);
		err |= scalar(em, "Length") | number(em, e->length);
		err |= scalar(em, "ReplacementText") | quoted(em, e->text);
		err |= end(em, true);
	}
	err |= end(em, false) | end(em, true);
	err |= scalar(em, "Level") |
	       scalar(em, f->level == WL_LEVEL_ERROR ? "Error" : "Warning");
	err |= end(em, true);
	return err;
}

/*
 * The fixes of one file taken in @pass (wl_fix_in_pass()), filtered as
 * --fix filters them: a held unsafe fix, and a fix whose edits conflict
 * with one accepted before it (in @done), are left out, so that applying
 * the YAML gives what --fix gives.
 */
static int emit_pass(yaml_emitter_t *em, const char *path,
		     const struct wl_file_report *r, struct wl_edit_set *done,
		     int pass)
{
	unsigned k, i;
	int err = 0;

	for (k = 0; r->findings && k < r->findings->nr; k++) {
		const struct wl_finding *f = &r->findings->v[k];
		bool *dup;

		if (!f->fix || f->suppressed || !wl_fix_in_pass(f->fix, pass))
			continue;
		/* An unsafe fix held back from --fix is held back here too. */
		if (f->fix->safety == WL_FIX_UNSAFE && f->fix_rejected)
			continue;
		dup = wl_xcalloc(f->fix->nr_edits + 1, sizeof(*dup));
		for (i = 0; i < f->fix->nr_edits; i++)
			dup[i] = already_emitted(done, &f->fix->edits[i]);
		/* All or nothing, as --fix: a conflicting fix is left out. */
		if (wl_edit_set_add_fix(done, f->fix) == 0)
			err |= emit_diagnostic(em, path, f, dup);
		free(dup);
	}
	return err;
}

static int emit_file(yaml_emitter_t *em, const struct wl_file_report *r)
{
	struct wl_edit_set done = { NULL, 0, 0 };
	char *abs = realpath(r->path, NULL);
	const char *path = abs ? abs : r->path;
	int err;

	err = emit_pass(em, path, r, &done, 0);
	err |= emit_pass(em, path, r, &done, 1);
	wl_edit_set_release(&done);
	free(abs);
	return err;
}

int wl_export_fixes_yaml(const char *path, const struct wl_file_report *files,
			 unsigned nr)
{
	yaml_emitter_t em;
	yaml_event_t ev;
	FILE *out = fopen(path, "w");
	unsigned i;
	int err = 0;

	if (!out) {
		fprintf(stderr, "warplint: error: %s: %s\n", path, strerror(errno));
		return -1;
	}
	yaml_emitter_initialize(&em);
	yaml_emitter_set_output_file(&em, out);
	yaml_emitter_set_unicode(&em, 1);
	yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
	err |= !yaml_emitter_emit(&em, &ev);
	yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 0);
	err |= !yaml_emitter_emit(&em, &ev);
	err |= start(&em, true);
	err |= scalar(&em, "MainSourceFile");
	err |= quoted(&em, nr ? files[0].path : "");
	err |= scalar(&em, "Diagnostics") | start(&em, false);
	for (i = 0; i < nr; i++)
		err |= emit_file(&em, &files[i]);
	err |= end(&em, false) | end(&em, true);
	yaml_document_end_event_initialize(&ev, 0);
	err |= !yaml_emitter_emit(&em, &ev);
	yaml_stream_end_event_initialize(&ev);
	err |= !yaml_emitter_emit(&em, &ev);
	yaml_emitter_delete(&em);
	if (fclose(out) != 0)
		err = 1;
	if (err)
		fprintf(stderr, "warplint: error: %s: could not write the "
				"fixes\n", path);
	return err ? -1 : 0;
}
