/* SPDX-License-Identifier: MIT */
/* One file from text to sorted findings: parse, model, rules. */
#ifndef WL_DRIVER_ANALYZE_H
#define WL_DRIVER_ANALYZE_H

#include "analyzer/libclang.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "analyzer/context.h"
#include "analyzer/diag.h"
#include "base/source.h"

struct wl_incguess;

struct wl_analyze_opts {
	const char *const *args;	/* extra clang arguments */
	unsigned nr_args;
	bool enabled[WL_NR_RULES];
	enum wl_fix_style fix_style;
	enum wl_launch launch;		/* .warplint launch: (eval.h) */
	bool dump_model;		/* print the model to stdout */
	/*
	 * Headers to analyse as files of their own (clang-tidy's
	 * --header-filter): called with each project header's name as the
	 * translation unit spells it; NULL analyses the main file only.
	 */
	bool (*want_header)(const char *path, void *data);
	void *want_header_data;
	/* Include folders to guess for missing headers; NULL: none. */
	struct wl_incguess *guess;
	/* The shim precompiled (analyzer/pch.h); NULL: parsed as text. */
	struct wl_pch *pch;
	/* Fill wl_tu_result.deps: the cache keeps a result under them. */
	bool want_deps;
	FILE *verbose;			/* --verbose: every parse error */
};

/* A header of the translation unit, analysed as a file of its own. */
struct wl_header_result {
	char *path;			/* as the translation unit names it */
	struct wl_source src;		/* its text, as parsed */
	struct wl_findings findings;	/* sorted */
};

/* Everything one translation unit yields. */
struct wl_tu_result {
	struct wl_findings findings;	/* the main file's, sorted */
	struct wl_header_result *headers;
	unsigned nr_headers, alloc_headers;
	char **guessed;			/* include folders guessed, or NULL */
	unsigned nr_guessed;
	/*
	 * A header that does not parse alone: the source file it was
	 * analysed in, as that file's translation unit (or NULL).
	 */
	char *includer;
	/*
	 * Every file the parse read (paths as the parser opened them, the
	 * shim's aside), with opts->want_deps: the result stays valid while
	 * they are unchanged.
	 */
	char **deps;
	unsigned nr_deps, alloc_deps;
};

void wl_tu_result_release(struct wl_tu_result *result);

/*
 * Analyze @src and the headers opts->want_header accepts.  Returns 0, or
 * -1 with *@err set when libclang could not produce a translation unit.
 */
int wl_analyze_tu(CXIndex index, const struct wl_source *src,
		  const struct wl_analyze_opts *opts, struct wl_tu_result *out,
		  char **err);

/* Rules on by default, fix style syncwarp, no extra arguments. */
void wl_analyze_opts_default(struct wl_analyze_opts *opts);

/*
 * Analyze @src and append its findings, sorted, to @out (parse errors
 * become WL900 findings); headers are not analysed.  Returns 0, or -1 with *@err set when libclang
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
