/* SPDX-License-Identifier: MIT */
/* Findings: what a rule reports, with its location and optional fix. */
#include "analyzer/diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "base/source.h"
#include "base/util.h"
#include "fixits/edit.h"

static struct wl_finding *report_va(struct wl_ctx *ctx, enum wl_rule_id rule,
				    bool in_file, unsigned offset,
				    unsigned length, const char *fmt, va_list ap)
{
	struct wl_findings *list = in_file ? &ctx->findings : &ctx->discarded;
	struct wl_finding *f;

	WL_GROW(list->v, list->nr, list->alloc);
	f = &list->v[list->nr++];
	memset(f, 0, sizeof(*f));
	f->rule = rule;
	f->level = wl_rules[rule].level;
	f->offset = offset;
	f->length = length;
	wl_source_line_col(ctx->src, offset, &f->line, &f->col);
	wl_source_line_col(ctx->src, offset + length, &f->end_line,
			   &f->end_col);
	f->message = wl_xvasprintf(fmt, ap);
	return f;
}

struct wl_finding *wl_report_at(struct wl_ctx *ctx, enum wl_rule_id rule,
				unsigned offset, unsigned length,
				const char *fmt, ...)
{
	struct wl_finding *f;
	va_list ap;

	va_start(ap, fmt);
	f = report_va(ctx, rule, true, offset, length, fmt, ap);
	va_end(ap);
	return f;
}

struct wl_finding *wl_report(struct wl_ctx *ctx, enum wl_rule_id rule,
			     const struct wl_node *node, const char *fmt, ...)
{
	struct wl_finding *f;
	va_list ap;

	va_start(ap, fmt);
	f = report_va(ctx, rule, node->in_main, node->begin,
		      node->end > node->begin ? node->end - node->begin : 0,
		      fmt, ap);
	va_end(ap);
	return f;
}

void wl_finding_note(struct wl_finding *f, const char *fmt, ...)
{
	va_list ap;
	char *text, *joined;

	va_start(ap, fmt);
	text = wl_xvasprintf(fmt, ap);
	va_end(ap);
	if (!f->note) {
		f->note = text;
		return;
	}
	joined = wl_xasprintf("%s; %s", f->note, text);
	free(text);
	free(f->note);
	f->note = joined;
}

static int finding_cmp(const void *pa, const void *pb)
{
	const struct wl_finding *a = pa, *b = pb;

	if (a->offset != b->offset)
		return a->offset < b->offset ? -1 : 1;
	if (a->rule != b->rule)
		return a->rule < b->rule ? -1 : 1;
	return strcmp(a->message, b->message);
}

void wl_finding_release(struct wl_finding *f)
{
	free(f->message);
	free(f->note);
	free(f->fix_rejected);
	free(f->justification);
	free(f->configs);
	wl_fix_free(f->fix);
}

void wl_findings_sort(struct wl_findings *list)
{
	unsigned i, out = 0;

	if (list->nr)
		qsort(list->v, list->nr, sizeof(*list->v), finding_cmp);
	for (i = 0; i < list->nr; i++) {
		if (out && !finding_cmp(&list->v[out - 1], &list->v[i])) {
			struct wl_finding *kept = &list->v[out - 1];

			/*
			 * The calls of a macro's body are all reported where
			 * the macro is used: one finding, which fixes them
			 * all when each has its fix.
			 */
			if (kept->fix && list->v[i].fix)
				wl_fix_absorb(kept->fix, list->v[i].fix);
			wl_finding_release(&list->v[i]);
			continue;
		}
		list->v[out++] = list->v[i];
	}
	list->nr = out;
}

/* Whether a finding of @rule at @offset in @list has a fix. */
static bool fixed_at(const struct wl_findings *list, enum wl_rule_id rule,
		     unsigned offset)
{
	unsigned i;

	for (i = 0; i < list->nr; i++)
		if (list->v[i].rule == rule && list->v[i].offset == offset &&
		    list->v[i].fix)
			return true;
	return false;
}

void wl_findings_uncover(struct wl_findings *list)
{
	static const char covers[] = WL_NOTE_FIX_COVERS;
	unsigned i;

	for (i = 0; i < list->nr; i++) {
		struct wl_finding *f = &list->v[i];
		char *at, *note;

		if (!f->covered_by ||
		    fixed_at(list, f->rule, f->covered_by - 1))
			continue;
		f->covered_by = 0;
		at = f->note ? strstr(f->note, covers) : NULL;
		if (!at)
			continue;
		note = wl_xasprintf("%.*s%s%s", (int)(at - f->note), f->note,
				    WL_NOTE_SEE_FIRST,
				    at + sizeof(covers) - 1);
		free(f->note);
		f->note = note;
	}
}

void wl_findings_release(struct wl_findings *list)
{
	unsigned i;

	for (i = 0; i < list->nr; i++)
		wl_finding_release(&list->v[i]);
	free(list->v);
	memset(list, 0, sizeof(*list));
}
