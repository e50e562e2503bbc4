/* SPDX-License-Identifier: MIT */
/* Renderings of a run's findings: text (clang style), JSON, SARIF. */
#ifndef WL_DRIVER_EMIT_H
#define WL_DRIVER_EMIT_H

#include <stdbool.h>
#include <stdio.h>

#include "analyzer/diag.h"

struct wl_source;

/*
 * One reported file's outcome, as every emitter sees it: an input file,
 * or a header an input includes (reported once however many include it).
 */
struct wl_file_report {
	const char *path;		/* as the user or the includer named it */
	const struct wl_source *src;	/* NULL if it could not be read */
	const struct wl_findings *findings;
	const char *error;		/* could not be read or parsed */
	bool header;			/* reached through an #include */
	/* Include folders guessed for it (include discovery). */
	char *const *guessed;
	unsigned nr_guessed;
	/* A header analysed in the translation unit of this source file. */
	const char *includer;
};

struct wl_emit_opts {
	bool color;
	const char *srcroot;		/* base for SARIF's relative URIs */
};

void wl_emit_text(FILE *out, const struct wl_file_report *files, unsigned nr,
		  const struct wl_emit_opts *opts);
int wl_emit_json(FILE *out, const struct wl_file_report *files, unsigned nr,
		 const struct wl_emit_opts *opts);
int wl_emit_sarif(FILE *out, const struct wl_file_report *files, unsigned nr,
		  const struct wl_emit_opts *opts);

#endif
