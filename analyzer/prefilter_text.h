/* SPDX-License-Identifier: MIT */
/*
 * Private to the prefilter: what a file's text says on its own
 * (prefilter_text.c), which the include closure (prefilter.c) gathers.
 */
#ifndef WL_ANALYZER_PREFILTER_TEXT_H
#define WL_ANALYZER_PREFILTER_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* One #include directive of a file. */
struct wl_prefilter_incl {
	char *name;
	bool angle;
};

/* What a file says on its own: a trigger, and what it includes. */
struct wl_prefilter_scan {
	bool dirty;
	struct wl_prefilter_incl *v;
	unsigned nr, alloc;
	bool all_lines;	/* go on past a dirty line (the includes only) */
};

/*
 * Scan a whole file's text: triggers first (a dirty file needs nothing
 * more), then every line that starts with '#'.  Directives in dead #if
 * branches are followed too: more headers only means more caution.
 */
void wl_prefilter_scan_text(struct wl_prefilter_scan *sc, const char *text,
			    size_t len);

/* Free what @sc holds and empty it. */
void wl_prefilter_scan_release(struct wl_prefilter_scan *sc);

#endif
