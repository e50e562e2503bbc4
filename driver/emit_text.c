/* SPDX-License-Identifier: MIT */
/*
 * Text diagnostics as clang prints them: "file:line:col: error: message
 * [WL101]", the source line, a caret under the range, then notes.
 */
#include "driver/emit.h"

#include <string.h>

#include "base/source.h"
#include "fixits/edit.h"

#define BOLD "\033[1m"
#define RED "\033[1;31m"
#define MAGENTA "\033[1;35m"
#define CYAN "\033[1;36m"
#define GREEN "\033[1;32m"
#define RESET "\033[0m"

static const char *level_color(enum wl_level level)
{
	switch (level) {
	case WL_LEVEL_ERROR:
		return RED;
	case WL_LEVEL_WARNING:
		return MAGENTA;
	case WL_LEVEL_NOTE:
		return CYAN;
	}
	return RED;
}

static void print_header(FILE *out, const char *path, unsigned line,
			 unsigned col, const char *level, const char *color,
			 bool use_color)
{
	if (use_color)
		fprintf(out, BOLD "%s:%u:%u: " RESET "%s%s:" RESET " ", path, line,
			col, color, level);
	else
		fprintf(out, "%s:%u:%u: %s: ", path, line, col, level);
}

/* The source line, then a caret with tildes under the finding's range. */
static void print_snippet(FILE *out, const struct wl_source *src,
			  const struct wl_finding *f, bool use_color)
{
	size_t len, i;
	const char *line = wl_source_line(src, f->line, &len);
	unsigned last = f->end_line == f->line ? f->end_col : (unsigned)len + 1;

	if (!len && f->line > wl_source_nr_lines(src))
		return;
	fprintf(out, "%.*s\n", (int)len, line);
	for (i = 0; i + 1 < f->col && i < len; i++)
		fputc(line[i] == '\t' ? '\t' : ' ', out);
	if (use_color)
		fputs(GREEN, out);
	fputc('^', out);
	for (i = f->col + 1; i < last && i <= len; i++)
		fputc('~', out);
	if (use_color)
		fputs(RESET, out);
	fputc('\n', out);
}

void wl_emit_text(FILE *out, const struct wl_file_report *files, unsigned nr,
		  const struct wl_emit_opts *opts)
{
	unsigned i, k;

	for (i = 0; i < nr; i++) {
		const struct wl_file_report *r = &files[i];

		if (r->error && !r->src) {
			if (opts->color)
				fprintf(out, BOLD "%s: " RESET RED "error:" RESET
					" %s\n", r->path, r->error);
			else
				fprintf(out, "%s: error: %s\n", r->path, r->error);
			continue;
		}
		for (k = 0; r->findings && k < r->findings->nr; k++) {
			const struct wl_finding *f = &r->findings->v[k];
			const struct wl_rule *rule = &wl_rules[f->rule];

			if (f->suppressed)
				continue;
			print_header(out, r->path, f->line, f->col,
				     wl_level_name(f->level), level_color(f->level),
				     opts->color);
			fprintf(out, "%s [%s]\n", f->message, rule->code);
			print_snippet(out, r->src, f, opts->color);
			if (f->note) {
				print_header(out, r->path, f->line, f->col, "note",
					     CYAN, opts->color);
				fprintf(out, "%s\n", f->note);
			}
			if (f->fix) {
				print_header(out, r->path, f->line, f->col, "note",
					     CYAN, opts->color);
				fprintf(out, "%s: %s",
					f->fix->safety == WL_FIX_UNSAFE
						? "unsafe fix" : "fix",
					f->fix->description);
				if (f->fix_rejected)
					fprintf(out, " (not applied: %s)",
						f->fix_rejected);
				fputc('\n', out);
			}
		}
	}
}
