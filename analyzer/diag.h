/* SPDX-License-Identifier: MIT */
/* Findings: what a rule reports, with its location and optional fix. */
#ifndef WL_ANALYZER_DIAG_H
#define WL_ANALYZER_DIAG_H

#include <stdbool.h>

#include "analyzer/rule_catalog.h"

struct wl_fix;
struct wl_node;
struct wl_ctx;

struct wl_finding {
	enum wl_rule_id rule;
	enum wl_level level;
	unsigned offset, length;	/* primary range in the file */
	unsigned line, col;		/* 1-based, bytes, as clang counts */
	unsigned end_line, end_col;
	char *message;
	char *note;			/* extra explanation, or NULL */
	struct wl_fix *fix;		/* NULL if none */
	char *fix_rejected;		/* why the fix was not applied */
	bool suppressed;
	char *justification;		/* text after "--" in a suppression */
	/*
	 * WL900 only: the file has device code and none of it parsed, so
	 * the run exits with status 2 (a partial parse is a warning).
	 */
	bool unparsed;
	/*
	 * In a function that no kernel of the pass's translation unit calls
	 * (analyzer/reach.h): the pass saw no lane enter it.
	 */
	bool unreached;
	/*
	 * The configurations (.warplint `configurations`) under which the
	 * finding holds, comma-separated; NULL: all of them, or none are
	 * defined.
	 */
	char *configs;
	/*
	 * Offset + 1 of the finding whose fix the note says covers this
	 * one (the first statement of a racing stretch), or 0.
	 */
	unsigned covered_by;
};

/*
 * The note of a racing stretch's later statement (rules/memrules.c),
 * and what it says instead when the first statement's fix is gone.
 */
#define WL_NOTE_FIX_COVERS "the fix there covers this statement"
#define WL_NOTE_SEE_FIRST "see the note there"

/* All findings of one file, in report order once sorted. */
struct wl_findings {
	struct wl_finding *v;
	unsigned nr, alloc;
};

/*
 * Report a finding of @rule over the byte range of @node in the context's
 * file.  Returns it so that the rule can attach a note or a fix; the
 * context owns it.  A node written in another file than the one analysed
 * (a caller in the .cu seen while analysing a header, a statement of a
 * header included into a function) yields a finding that is dropped: it
 * is reported by the pass that analyses that file.
 */
struct wl_finding *wl_report(struct wl_ctx *ctx, enum wl_rule_id rule,
			     const struct wl_node *node, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* The same at an explicit byte range. */
struct wl_finding *wl_report_at(struct wl_ctx *ctx, enum wl_rule_id rule,
				unsigned offset, unsigned length,
				const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* Set or append to a finding's note (printf-style). */
void wl_finding_note(struct wl_finding *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Free what one finding owns (not the finding itself). */
void wl_finding_release(struct wl_finding *f);

/* Sort by position then rule, and drop exact duplicates. */
void wl_findings_sort(struct wl_findings *list);
/*
 * Findings whose note says the fix of another covers them, where that
 * one has no fix (the passes over a header disagreed and the merge
 * dropped it): their note points at its note instead.
 */
void wl_findings_uncover(struct wl_findings *list);
void wl_findings_release(struct wl_findings *list);

#endif
