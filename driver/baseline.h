/* SPDX-License-Identifier: MIT */
/*
 * Baselines: a JSON file of the findings a project has accepted for now,
 * so that CI reports only new ones (--write-baseline, --baseline).
 * Findings match by fingerprint (driver/fingerprint.h), the same one
 * SARIF carries, so a finding whose line moved stays matched.
 */
#ifndef WL_DRIVER_BASELINE_H
#define WL_DRIVER_BASELINE_H

#include "analyzer/diag.h"

struct wl_source;
struct wl_file_report;
struct wl_baseline;

/* Read @path; NULL with *@err set (allocated) if it is not a baseline. */
struct wl_baseline *wl_baseline_load(const char *path, char **err);
void wl_baseline_free(struct wl_baseline *b);

/*
 * Drop from @findings of @src (named @path) those the baseline holds;
 * returns how many were dropped.
 */
unsigned wl_baseline_filter(const struct wl_baseline *b, const char *path,
			    const struct wl_source *src,
			    struct wl_findings *findings);

/*
 * Write every finding of @files, suppressed ones included, to @path.
 * Returns 0, or -1 with *@err set.
 */
int wl_baseline_write(const char *path, const struct wl_file_report *files,
		      unsigned nr, char **err);

#endif
