/* SPDX-License-Identifier: MIT */
/* One file from text to sorted findings: parse, model, rules. */
#ifndef WL_ANALYZER_ANALYZE_H
#define WL_ANALYZER_ANALYZE_H

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>

#include "analyzer/context.h"
#include "analyzer/diag.h"

struct wl_source;

struct wl_analyze_opts {
	const char *const *args;	/* extra clang arguments */
	unsigned nr_args;
	bool enabled[WL_NR_RULES];
	enum wl_fix_style fix_style;
	enum wl_launch launch;		/* .warplint launch: (eval.h) */
	bool dump_model;		/* print the model to stdout */
};

/* Rules on by default, fix style syncwarp, no extra arguments. */
void wl_analyze_opts_default(struct wl_analyze_opts *opts);

/*
 * Analyze @src and append its findings, sorted, to @out (parse errors
 * become WL900 findings).  Returns 0, or -1 with *@err set when libclang
 * could not produce a translation unit at all.
 */
int wl_analyze(CXIndex index, const struct wl_source *src,
	       const struct wl_analyze_opts *opts, struct wl_findings *out,
	       char **err);

/*
 * Keep the unsafe fixes of @findings from being applied (what --fix does
 * without --unsafe-fixes): each gets a fix_rejected that says why.
 */
void wl_findings_hold_unsafe(struct wl_findings *findings);

/*
 * Apply the fixes of @findings to @src's text, except suppressed findings
 * and fixes already rejected (wl_findings_hold_unsafe).  A fix that
 * conflicts with one accepted before it is skipped and its finding's
 * fix_rejected says why.  Returns the new text (caller frees).
 */
char *wl_apply_fixes(const struct wl_source *src, struct wl_findings *findings,
		     size_t *out_len);

#endif
