/* SPDX-License-Identifier: MIT */
/*
 * SARIF 2.1.0 report (--format=sarif), as GitHub code scanning reads it
 * (STYLE.md B8): one run, the rule table from rule_catalog.def with each rule's
 * doc page as help, results with %SRCROOT%-relative locations, stable
 * partialFingerprints, fixes, and in-source suppressions kept.  Files that
 * could not be read become tool execution notifications.
 */
#include "driver/emit.h"

#include <jansson.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/source.h"
#include "base/util.h"
#include "driver/docs.h"
#include "driver/fingerprint.h"
#include "fixits/edit.h"

#ifndef WL_VERSION
#define WL_VERSION "0.0.0"
#endif

#define SARIF_SCHEMA "https://docs.oasis-open.org/sarif/sarif/v2.1.0/" \
		     "errata01/os/schemas/sarif-schema-2.1.0.json"
#define WL_INFO_URI "https://github.com/warplint/warplint"
#define WL_DOC_URI WL_INFO_URI "/blob/main/rules/"
#define FINGERPRINT_KEY "warplint/v1"

/* The page without its front matter: what a reader should see. */
static const char *page_body(const char *page)
{
	const char *end;

	if (strncmp(page, "---\n", 4))
		return page;
	end = strstr(page + 4, "\n---\n");
	return end ? end + 5 : page;
}

/* The first paragraph of section @title, joined into one line, or NULL. */
static char *first_paragraph(const char *page, const char *title)
{
	struct wl_buf buf = WL_BUF_INIT;
	const char *p = strstr(page, title), *eol;

	if (!p)
		return NULL;
	p = strchr(p, '\n');
	while (p && *p == '\n')
		p++;
	while (p && *p && *p != '\n' && *p != '#' && strncmp(p, "```", 3)) {
		eol = strchr(p, '\n');
		if (buf.len)
			wl_buf_addc(&buf, ' ');
		wl_buf_add(&buf, p, eol ? (size_t)(eol - p) : strlen(p));
		p = eol ? eol + 1 : NULL;
	}
	return buf.len ? wl_buf_detach(&buf) : NULL;
}

/* GitHub's precision: how often a finding of the rule is a true one. */
static const char *precision(const struct wl_rule *r)
{
	switch (r->number / 100) {
	case 1:
	case 9:
		return "very-high";	/* syntactic: a name or a parse */
	case 4:
		return "medium";	/* a suggestion, off by default */
	default:
		return "high";		/* rests on the uniformity analysis */
	}
}

static const char *family(const struct wl_rule *r)
{
	switch (r->number / 100) {
	case 1:
		return "migration";
	case 2:
		return "lane-mask";
	case 3:
		return "warp-synchronous-memory";
	case 4:
		return "modernization";
	case 5:
		return "synchronization";
	default:
		return "tool";
	}
}

static json_t *rule_json(const struct wl_rule *r)
{
	const char *body = page_body(wl_rule_doc(r->id));
	char *full = first_paragraph(body, "## Rationale");
	char *help_uri = wl_xasprintf(WL_DOC_URI "%s.md", r->code);
	json_t *o;

	o = json_pack("{s:s, s:s, s:{s:s}, s:{s:s}, s:{s:s, s:s}, s:s, "
		      "s:{s:s, s:b}, s:{s:[s, s, s], s:s, s:s}}",
		      "id", r->code, "name", r->name,
		      "shortDescription", "text", r->summary,
		      "fullDescription", "text", full ? full : r->summary,
		      "help", "text", body, "markdown", body,
		      "helpUri", help_uri,
		      "defaultConfiguration", "level", wl_level_name(r->level),
		      "enabled", r->default_on,
		      "properties", "tags", "cuda", "warp", family(r),
		      "precision", precision(r),
		      "problem.severity",
		      r->level == WL_LEVEL_NOTE ? "recommendation"
						: wl_level_name(r->level));
	free(help_uri);
	free(full);
	return o;
}

static json_t *driver_json(void)
{
	json_t *rules = json_array();
	unsigned i;

	for (i = 0; i < WL_NR_RULES; i++)
		json_array_append_new(rules, rule_json(&wl_rules[i]));
	return json_pack("{s:s, s:s, s:s, s:s, s:o}", "name", "warplint",
			 "semanticVersion", WL_VERSION, "version", WL_VERSION,
			 "informationUri", WL_INFO_URI, "rules", rules);
}

/* An artifactLocation; @index is the file's entry in run.artifacts. */
static json_t *artifact_json(const char *uri, bool relative, unsigned index)
{
	json_t *o = json_pack("{s:s}", "uri", uri);

	if (relative)
		json_object_set_new(o, "uriBaseId", json_string("%SRCROOT%"));
	json_object_set_new(o, "index", json_integer(index));
	return o;
}

/*
 * One artifact per reported file: the inputs are analysis targets; a
 * header appears because a finding is in it.
 */
static json_t *artifact_entry(const struct wl_file_report *r, const char *uri,
			      bool relative)
{
	json_t *loc = json_pack("{s:s}", "uri", uri);
	json_t *o;

	if (relative)
		json_object_set_new(loc, "uriBaseId", json_string("%SRCROOT%"));
	o = json_pack("{s:o}", "location", loc);
	if (!r->header)
		json_object_set_new(o, "roles", json_pack("[s]",
							  "analysisTarget"));
	if (r->src)
		json_object_set_new(o, "length",
				    json_integer((json_int_t)r->src->len));
	return o;
}

/*
 * SARIF counts columns in Unicode code points (our columnKind), the
 * findings in bytes: count the UTF-8 lead bytes before the column.
 * Clamped to >= 1 as SARIF requires.
 */
static json_int_t code_point_col(const struct wl_source *src, unsigned line,
				 unsigned byte_col)
{
	size_t len, i;
	const char *s = wl_source_line(src, line, &len);
	json_int_t col = 1;

	for (i = 0; s && i + 1 < byte_col && i < len; i++)
		col += ((unsigned char)s[i] & 0xc0) != 0x80;
	if (byte_col > len + 1)
		col += (json_int_t)(byte_col - len - 1);
	return col;
}

static json_int_t at_least_one(unsigned v)
{
	return v ? (json_int_t)v : 1;
}

static json_t *region_json(const struct wl_source *src,
			   const struct wl_finding *f)
{
	unsigned line = f->line ? f->line : 1;
	unsigned end_line = f->end_line >= line ? f->end_line : line;
	json_int_t col = code_point_col(src, line, f->col ? f->col : 1);
	json_int_t end_col = code_point_col(src, end_line,
					    f->end_col ? f->end_col : 1);

	/* An empty range still has to point at a character for GitHub. */
	if (end_line == line && end_col < col)
		end_col = col;
	return json_pack("{s:I, s:I, s:I, s:I, s:I, s:I}",
			 "startLine", at_least_one(line), "startColumn", col,
			 "endLine", at_least_one(end_line), "endColumn", end_col,
			 "byteOffset", (json_int_t)f->offset,
			 "byteLength", (json_int_t)f->length);
}

static json_t *fix_json(const struct wl_fix *fix, const char *uri,
			bool relative, unsigned index)
{
	json_t *repl = json_array();
	unsigned i;

	for (i = 0; i < fix->nr_edits; i++) {
		const struct wl_edit *e = &fix->edits[i];

		json_array_append_new(repl,
			json_pack("{s:{s:I, s:I}, s:{s:s}}", "deletedRegion",
				  "byteOffset", (json_int_t)e->offset,
				  "byteLength", (json_int_t)e->length,
				  "insertedContent", "text", e->text));
	}
	json_t *o = json_pack("{s:{s:s}, s:[{s:o, s:o}]}", "description",
			      "text", fix->description, "artifactChanges",
			      "artifactLocation", artifact_json(uri, relative, index),
			      "replacements", repl);

	/* SARIF has no applicability: a property bag says what ruff's does. */
	json_object_set_new(o, "properties",
			    json_pack("{s:s}", "safety",
				      wl_fix_safety_name(fix->safety)));
	if (fix->unsafe_why)
		json_object_set_new(json_object_get(o, "properties"),
				    "unsafeReason",
				    json_string(fix->unsafe_why));
	return o;
}

/* "a, b" into ["a", "b"]. */
static json_t *names_json(const char *list)
{
	json_t *a = json_array();
	const char *p = list, *comma;

	while (p && *p) {
		comma = strstr(p, ", ");
		json_array_append_new(a, json_stringn(p, comma ? (size_t)(comma - p)
							       : strlen(p)));
		p = comma ? comma + 2 : NULL;
	}
	return a;
}

static json_t *result_json(const struct wl_file_report *r,
			   const struct wl_finding *f, const char *uri,
			   bool relative, unsigned index,
			   const char *fingerprint)
{
	const struct wl_rule *rule = &wl_rules[f->rule];
	json_t *o;
	char *text = f->note ? wl_xasprintf("%s\nnote: %s", f->message, f->note)
			     : wl_xstrdup(f->message);

	o = json_pack("{s:s, s:I, s:s, s:{s:s}, s:[{s:{s:o, s:o}}], "
		      "s:{s:s}}",
		      "ruleId", rule->code, "ruleIndex", (json_int_t)f->rule,
		      "level", wl_level_name(f->level), "message", "text", text,
		      "locations", "physicalLocation", "artifactLocation",
		      artifact_json(uri, relative, index), "region",
		      region_json(r->src, f),
		      "partialFingerprints", FINGERPRINT_KEY, fingerprint);
	free(text);
	if (f->fix && f->fix->nr_edits)
		json_object_set_new(o, "fixes",
				    json_pack("[o]", fix_json(f->fix, uri,
							      relative, index)));
	if (f->configs)
		json_object_set_new(o, "properties",
				    json_pack("{s:o}", "configurations",
					      names_json(f->configs)));
	if (f->suppressed) {
		json_t *s = json_pack("{s:s}", "kind", "inSource");

		if (f->justification)
			json_object_set_new(s, "justification",
					    json_string(f->justification));
		json_object_set_new(o, "suppressions", json_pack("[o]", s));
	}
	return o;
}

/* A file that could not be read or parsed at all. */
static json_t *notification_json(const struct wl_file_report *r,
				 const char *uri, bool relative, unsigned index)
{
	char *text = wl_xasprintf("%s: %s", r->path, r->error);
	json_t *o;

	o = json_pack("{s:s, s:{s:s}, s:[{s:{s:o}}], s:{s:s, s:I}}",
			 "level", "error", "message", "text", text,
			 "locations", "physicalLocation", "artifactLocation",
			 artifact_json(uri, relative, index), "descriptor", "id",
			 wl_rules[WL900].code, "index", (json_int_t)WL900);
	free(text);
	return o;
}

/* file:///abs/root/ for %SRCROOT%: GitHub resolves relative URIs by it. */
static json_t *srcroot_json(const char *root)
{
	char cwd[PATH_MAX];
	bool relative;
	char *uri;
	json_t *o;

	if (!root)
		root = getcwd(cwd, sizeof(cwd)) ? cwd : "/";
	uri = wl_uri_for(root, "/nonexistent-root", &relative);
	o = json_pack("{s:{s:s+}}", "%SRCROOT%", "uri", uri,
		      uri[strlen(uri) - 1] == '/' ? "" : "/");
	free(uri);
	return o;
}

int wl_emit_sarif(FILE *out, const struct wl_file_report *files, unsigned nr,
		  const struct wl_emit_opts *opts)
{
	json_t *root, *run, *results = json_array(), *notes = json_array();
	json_t *artifacts = json_array();
	unsigned i, k;
	bool ok = true;
	int ret;

	for (i = 0; i < nr; i++) {
		const struct wl_file_report *r = &files[i];
		bool relative;
		char *uri = wl_uri_for(r->path, opts->srcroot, &relative);
		char **fps = NULL;

		json_array_append_new(artifacts,
				      artifact_entry(r, uri, relative));
		if (r->error) {
			json_array_append_new(notes,
					      notification_json(r, uri, relative,
								i));
			ok = false;
		}
		if (r->src && r->findings) {
			fps = wl_fingerprints(r->src, uri, r->findings);
			for (k = 0; k < r->findings->nr; k++)
				json_array_append_new(results,
					result_json(r, &r->findings->v[k], uri,
						    relative, i, fps[k]));
			wl_fingerprints_free(fps, r->findings->nr);
		}
		free(uri);
	}
	run = json_pack("{s:{s:o}, s:o, s:[{s:b, s:o}], s:o, s:s, s:o}",
			"tool", "driver", driver_json(),
			"originalUriBaseIds", srcroot_json(opts->srcroot),
			"invocations", "executionSuccessful", ok,
			"toolExecutionNotifications", notes,
			"artifacts", artifacts,
			"columnKind", "unicodeCodePoints",
			"results", results);
	root = json_pack("{s:s, s:s, s:[o]}", "$schema", SARIF_SCHEMA,
			 "version", "2.1.0", "runs", run);
	ret = json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	fputc('\n', out);
	json_decref(root);
	return ret;
}
