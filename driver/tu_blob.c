/* SPDX-License-Identifier: MIT */
/*
 * A translation unit's result as bytes and back: how the child of an
 * isolated analysis (--timeout) hands it to its parent, and what the
 * incremental cache stores.  Native byte order: both ends are this
 * binary (the cache's salt holds a hash of it).
 *
 * Every field of struct wl_finding that an emitter reads must travel
 * here; tests/scripts/test_bad_input_timeout.sh compares the JSON and
 * SARIF reports of both modes over the corpus to catch a field left out,
 * and test_cli_cache.sh those of a cached run.
 */
#include "driver/tu_blob.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "driver/analyze.h"
#include "fixits/edit.h"

#define NO_STRING 0xffffffffu

static void put_u32(struct wl_buf *b, uint32_t v)
{
	wl_buf_add(b, (const char *)&v, sizeof(v));
}

static void put_str(struct wl_buf *b, const char *s)
{
	size_t n = s ? strlen(s) : 0;

	put_u32(b, s ? (uint32_t)n : NO_STRING);
	if (s)
		wl_buf_add(b, s, n);
}

static void put_findings(struct wl_buf *b, const struct wl_findings *list)
{
	unsigned i, k;

	put_u32(b, list->nr);
	for (i = 0; i < list->nr; i++) {
		const struct wl_finding *f = &list->v[i];

		put_u32(b, f->rule);
		put_u32(b, f->level);
		put_u32(b, f->offset);
		put_u32(b, f->length);
		put_u32(b, f->line);
		put_u32(b, f->col);
		put_u32(b, f->end_line);
		put_u32(b, f->end_col);
		put_u32(b, f->suppressed);
		put_u32(b, f->unparsed);
		put_u32(b, f->unreached);
		put_u32(b, f->covered_by);
		put_str(b, f->message);
		put_str(b, f->note);
		put_str(b, f->fix_rejected);
		put_str(b, f->justification);
		put_str(b, f->configs);
		put_u32(b, f->fix != NULL);
		if (!f->fix)
			continue;
		put_str(b, f->fix->description);
		put_u32(b, f->fix->safety);
		put_str(b, f->fix->unsafe_why);
		put_u32(b, f->fix->whole);
		put_u32(b, f->fix->nr_edits);
		for (k = 0; k < f->fix->nr_edits; k++) {
			put_u32(b, f->fix->edits[k].offset);
			put_u32(b, f->fix->edits[k].length);
			put_str(b, f->fix->edits[k].text);
		}
	}
}

void wl_tu_result_pack(struct wl_buf *b, int status, const char *err,
		       const struct wl_tu_result *r)
{
	unsigned i;

	put_u32(b, status < 0);
	put_str(b, err);
	if (status < 0)
		return;
	put_findings(b, &r->findings);
	put_u32(b, r->nr_headers);
	for (i = 0; i < r->nr_headers; i++) {
		put_str(b, r->headers[i].path);
		put_u32(b, (uint32_t)r->headers[i].src.len);
		wl_buf_add(b, r->headers[i].src.text, r->headers[i].src.len);
		put_findings(b, &r->headers[i].findings);
	}
	put_u32(b, r->nr_guessed);
	for (i = 0; i < r->nr_guessed; i++)
		put_str(b, r->guessed[i]);
	put_str(b, r->includer);
	put_u32(b, r->nr_deps);
	for (i = 0; i < r->nr_deps; i++)
		put_str(b, r->deps[i]);
}

struct reader {
	const char *p;
	size_t left;
	bool bad;
};

static uint32_t get_u32(struct reader *r)
{
	uint32_t v = 0;

	if (r->left < sizeof(v)) {
		r->bad = true;
		return 0;
	}
	memcpy(&v, r->p, sizeof(v));
	r->p += sizeof(v);
	r->left -= sizeof(v);
	return v;
}

static char *get_str(struct reader *r)
{
	uint32_t n = get_u32(r);
	char *s;

	if (n == NO_STRING || r->bad)
		return NULL;
	if (r->left < n) {
		r->bad = true;
		return NULL;
	}
	s = wl_xstrndup(r->p, n);
	r->p += n;
	r->left -= n;
	return s;
}

static void get_findings(struct reader *r, struct wl_findings *out)
{
	uint32_t nr = get_u32(r), i, k, nr_edits;
	char *msg;

	for (i = 0; i < nr && !r->bad; i++) {
		struct wl_finding *f;

		WL_GROW(out->v, out->nr, out->alloc);
		f = &out->v[out->nr++];
		memset(f, 0, sizeof(*f));
		f->rule = (enum wl_rule_id)get_u32(r);
		f->level = (enum wl_level)get_u32(r);
		f->offset = get_u32(r);
		f->length = get_u32(r);
		f->line = get_u32(r);
		f->col = get_u32(r);
		f->end_line = get_u32(r);
		f->end_col = get_u32(r);
		f->suppressed = get_u32(r) != 0;
		f->unparsed = get_u32(r) != 0;
		f->unreached = get_u32(r) != 0;
		f->covered_by = get_u32(r);
		f->message = get_str(r);
		f->note = get_str(r);
		f->fix_rejected = get_str(r);
		f->justification = get_str(r);
		f->configs = get_str(r);
		if (f->rule >= WL_NR_RULES || f->level > WL_LEVEL_ERROR ||
		    !f->message)
			r->bad = true;
		if (!get_u32(r))
			continue;
		msg = get_str(r);
		f->fix = wl_fix_new(msg ? msg : "");
		free(msg);
		if (get_u32(r) == WL_FIX_UNSAFE) {
			msg = get_str(r);
			wl_fix_mark_unsafe(f->fix, msg);
			free(msg);
		} else {
			free(get_str(r));
		}
		f->fix->whole = get_u32(r) != 0;
		nr_edits = get_u32(r);
		for (k = 0; k < nr_edits && !r->bad; k++) {
			uint32_t off = get_u32(r), len = get_u32(r);
			char *text = get_str(r);

			wl_fix_replace(f->fix, off, len, text ? text : "");
			free(text);
		}
	}
}

/*
 * A header's result, kept only if the file still holds the text the
 * child parsed: its offsets and fixes refer to that text.
 */
static void get_header(struct reader *r, struct wl_tu_result *out)
{
	char *path = get_str(r), *err = NULL;
	uint32_t len = get_u32(r);
	const char *text = r->p;
	struct wl_header_result *h;

	if (r->bad || !path || r->left < len) {
		r->bad = true;
		free(path);
		return;
	}
	r->p += len;
	r->left -= len;
	WL_GROW(out->headers, out->nr_headers, out->alloc_headers);
	h = &out->headers[out->nr_headers];
	memset(h, 0, sizeof(*h));
	get_findings(r, &h->findings);
	if (wl_source_load(&h->src, path, &err) == 0 && h->src.len == len &&
	    !memcmp(h->src.text, text, len)) {
		h->path = path;
		out->nr_headers++;
		return;
	}
	free(err);
	free(path);
	wl_source_release(&h->src);
	wl_findings_release(&h->findings);
}

static int unpack(struct reader *r, struct wl_tu_result *out, char **err)
{
	uint32_t failed = get_u32(r), nr, i;
	char *msg = get_str(r);

	if (failed) {
		*err = msg ? msg : wl_xstrdup("analysis failed");
		return -1;
	}
	free(msg);
	get_findings(r, &out->findings);
	nr = get_u32(r);
	for (i = 0; i < nr && !r->bad; i++)
		get_header(r, out);
	nr = get_u32(r);
	for (i = 0; i < nr && !r->bad; i++) {
		char *dir = get_str(r);

		if (!dir) {
			r->bad = true;
			break;
		}
		out->guessed = wl_xrealloc(out->guessed, (out->nr_guessed + 1) *
							 sizeof(*out->guessed));
		out->guessed[out->nr_guessed++] = dir;
	}
	out->includer = get_str(r);
	nr = get_u32(r);
	for (i = 0; i < nr && !r->bad; i++) {
		char *dep = get_str(r);

		if (!dep) {
			r->bad = true;
			break;
		}
		WL_GROW(out->deps, out->nr_deps, out->alloc_deps);
		out->deps[out->nr_deps++] = dep;
	}
	if (r->bad) {
		*err = wl_xstrdup("analysis failed: garbled result");
		return -1;
	}
	return 0;
}

int wl_tu_result_unpack(const char *payload, size_t len,
			struct wl_tu_result *out, char **err)
{
	struct reader r = { payload, len, false };
	int ret = unpack(&r, out, err);

	if (ret < 0)
		wl_tu_result_release(out);
	return ret;
}

