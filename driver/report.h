/* SPDX-License-Identifier: MIT */
/*
 * The files a run reports: its inputs, and the headers they include that
 * the header filter accepts, each once however many translation units or
 * configurations analysed it, with their findings merged.
 *
 * A finding is the same in two analyses when its rule and byte range are.
 * The first analysis's message stands; when the two disagree on the fix,
 * neither is kept (a fix must hold for every file that includes the
 * header, under every configuration) and the note says why.  An unused
 * suppression (WL901) is reported only if every analysis of the file
 * found it unused.  With configurations, a finding that did not hold
 * under all of them says under which it did.
 */
#ifndef WL_DRIVER_REPORT_H
#define WL_DRIVER_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "analyzer/diag.h"
#include "base/realpaths.h"
#include "base/u64map.h"
#include "driver/compdb.h"

struct wl_source;
struct mark;

struct wl_report_file {
	char *path;			/* as reported */
	char *real;			/* identity: realpath, or NULL */
	const struct wl_source *src;	/* borrowed; NULL if unreadable */
	const char *error;		/* borrowed: why it could not be read */
	bool header;			/* reached through an #include only */
	bool fixable;			/* --fix may write it */
	struct wl_findings findings;
	char *const *guessed;		/* borrowed: include folders guessed */
	unsigned nr_guessed;
	const char *includer;		/* borrowed: see wl_tu_result */
	char *fixed;			/* text after fixes, when wanted */
	size_t fixed_len;
	/* Merge bookkeeping, parallel to findings. */
	struct mark *marks;
	unsigned alloc_marks;
	unsigned passes;		/* analyses merged in */
	struct wl_strvec configs;	/* configurations that analysed it */
};

struct wl_report {
	struct wl_report_file **v;
	unsigned nr, alloc;
	/* The hash of each file's real path -> its index, for wl_report_add() */
	struct wl_u64map by_real;
	struct wl_realpaths realpaths;	/* the files' folders, resolved */
};

/*
 * The report's entry for @path: the existing one for the same file, or a
 * new one at the end, reading @src (borrowed).  @header says whether the
 * file was reached through an #include; an input that is also a header
 * of another input is one entry.
 */
struct wl_report_file *wl_report_add(struct wl_report *report,
				     const char *path, bool header,
				     const struct wl_source *src);

/* Whether @src holds the text of @rf's source (the same version). */
bool wl_report_same_text(const struct wl_report_file *rf,
			 const struct wl_source *src);

/*
 * Merge the findings of one analysis of @rf's file, made under
 * configuration @config (NULL: none), into it.  Takes what @list owns
 * and leaves it empty.
 */
void wl_report_merge(struct wl_report_file *rf, struct wl_findings *list,
		     const char *config);

/*
 * Settle every entry: unused suppressions, configuration notes, order;
 * a header without findings is dropped.
 */
void wl_report_finish(struct wl_report *report);

void wl_report_release(struct wl_report *report);

#endif
