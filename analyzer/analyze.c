/* SPDX-License-Identifier: MIT */
/* One file from text to sorted findings: parse, model, rules. */
#include "analyzer/analyze.h"

#include <stdlib.h>
#include <string.h>

#include "analyzer/dump.h"
#include "analyzer/mask.h"
#include "analyzer/session.h"
#include "analyzer/source.h"
#include "analyzer/suppress.h"
#include "analyzer/util.h"
#include "fixits/edit.h"

/* At most this many parse errors are reported one by one per file. */
#define MAX_PARSE_ERRORS 5

void wl_analyze_opts_default(struct wl_analyze_opts *opts)
{
	unsigned i;

	memset(opts, 0, sizeof(*opts));
	for (i = 0; i < WL_NR_RULES; i++)
		opts->enabled[i] = wl_rules[i].default_on;
	opts->fix_style = WL_FIX_STYLE_SYNCWARP;
}

/* clang's errors become WL900 findings at their location in the file. */
static void report_parse_errors(struct wl_ctx *ctx)
{
	unsigned n = clang_getNumDiagnostics(ctx->tu), i, reported = 0, total = 0;
	struct wl_finding *first = NULL;

	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(ctx->tu, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
		CXSourceLocation loc = clang_getDiagnosticLocation(d);
		CXFile file = NULL;
		unsigned offset = 0;
		CXString text, fname;

		if (sev < CXDiagnostic_Error) {
			clang_disposeDiagnostic(d);
			continue;
		}
		total++;
		clang_getExpansionLocation(loc, &file, NULL, NULL, &offset);
		if (reported < MAX_PARSE_ERRORS) {
			text = clang_getDiagnosticSpelling(d);
			if (file && wl_same_file(file, ctx->model.main_file)) {
				first = wl_report_at(ctx, WL900, offset, 0, "%s",
						     clang_getCString(text));
			} else {
				unsigned line = 0, col = 0;

				fname = clang_getFileName(file);
				clang_getExpansionLocation(loc, &file, &line, &col,
							   NULL);
				first = wl_report_at(ctx, WL900, 0, 0, "%s:%u:%u: %s",
						     clang_getCString(fname)
							     ? clang_getCString(fname)
							     : "<unknown>",
						     line, col,
						     clang_getCString(text));
				clang_disposeString(fname);
			}
			clang_disposeString(text);
			reported++;
		}
		clang_disposeDiagnostic(d);
	}
	if (first && total > reported)
		wl_finding_note(first, "%u more parse errors not shown",
				total - reported);
	if (first)
		wl_finding_note(first, "analysis continued on what parsed; "
				       "findings may be missing");
}

int wl_analyze(CXIndex index, const struct wl_source *src,
	       const struct wl_analyze_opts *opts, struct wl_findings *out,
	       char **err)
{
	struct wl_ctx ctx;
	unsigned i;

	memset(&ctx, 0, sizeof(ctx));
	ctx.src = src;
	ctx.tu = wl_parse(index, src, opts->args, opts->nr_args, err);
	if (!ctx.tu)
		return -1;
	memcpy(ctx.enabled, opts->enabled, sizeof(ctx.enabled));
	ctx.fix_style = opts->fix_style;
	wl_model_build(&ctx.model, ctx.tu, src);
	wl_eval_init(&ctx.eval, &ctx.model);
	ctx.eval.launch = opts->launch;
	wl_mask_cache_init(&ctx);
	if (opts->dump_model)
		wl_dump_model(stdout, &ctx);
	for (i = 0; i < WL_NR_RULES; i++)
		if (ctx.enabled[i] && wl_rules[i].check)
			wl_rules[i].check(&ctx);
	if (ctx.enabled[WL900])
		report_parse_errors(&ctx);
	/* Last, so that suppressions see every finding, WL900 included. */
	wl_suppress_apply(&ctx);
	wl_findings_sort(&ctx.findings);
	for (i = 0; i < ctx.findings.nr; i++) {
		WL_GROW(out->v, out->nr, out->alloc);
		out->v[out->nr++] = ctx.findings.v[i];
	}
	free(ctx.findings.v);
	wl_mask_cache_release(&ctx);
	wl_eval_release(&ctx.eval);
	wl_model_release(&ctx.model);
	clang_disposeTranslationUnit(ctx.tu);
	return 0;
}

void wl_findings_hold_unsafe(struct wl_findings *findings)
{
	unsigned i;

	for (i = 0; i < findings->nr; i++) {
		struct wl_finding *f = &findings->v[i];

		if (!f->fix || f->fix->safety != WL_FIX_UNSAFE || f->fix_rejected)
			continue;
		f->fix_rejected = wl_xasprintf("unsafe fix (%s); --unsafe-fixes "
					       "applies it",
					       f->fix->unsafe_why);
	}
}

char *wl_apply_fixes(const struct wl_source *src, struct wl_findings *findings,
		     size_t *out_len)
{
	struct wl_edit_set set = { NULL, 0, 0 };
	char *text;
	unsigned i;

	for (i = 0; i < findings->nr; i++) {
		struct wl_finding *f = &findings->v[i];

		if (!f->fix || f->suppressed || f->fix_rejected)
			continue;
		if (wl_edit_set_add_fix(&set, f->fix) < 0) {
			free(f->fix_rejected);
			f->fix_rejected = wl_xstrdup(
				"its edits overlap a fix applied before it");
		}
	}
	text = wl_edit_set_apply(&set, src->text, src->len, out_len);
	wl_edit_set_release(&set);
	return text;
}
