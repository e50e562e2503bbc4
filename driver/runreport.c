/* SPDX-License-Identifier: MIT */
/*
 * The end of a run (see runint.h): the report of every file and the
 * headers it reached, notes, the summary and exit status, the fixes
 * written or shown as diffs, and the baseline.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyzer/incguess.h"
#include "base/util.h"
#include "driver/baseline.h"
#include "driver/emit.h"
#include "driver/export.h"
#include "driver/run.h"
#include "driver/runint.h"
#include "fixits/diff.h"
#include "fixits/write.h"

static int by_path(const void *a, const void *b)
{
	const struct wl_header_result *x = *(const struct wl_header_result *const *)a;
	const struct wl_header_result *y = *(const struct wl_header_result *const *)b;

	return strcmp(x->path, y->path);
}

/* Whether @real lies in folder @dir or below it. */
static bool below(const char *real, const char *dir)
{
	size_t n = dir ? strlen(dir) : 0;

	return real && n && !strncmp(real, dir, n) &&
	       (real[n] == '/' || (n == 1 && dir[0] == '/'));
}

/* The headers @job reached, each merged into its file's report entry. */
static void add_headers(struct run_state *rs, struct job *job)
{
	struct wl_header_result **order;
	unsigned c, i, n = 0;

	for (c = 0; c < job->nr_results; c++)
		n += job->results[c].nr_headers;
	order = wl_xcalloc(n + 1, sizeof(*order));
	n = 0;
	for (c = 0; c < job->nr_results; c++)
		for (i = 0; i < job->results[c].nr_headers; i++)
			order[n++] = &job->results[c].headers[i];
	/* Headers first reached by this input follow it, by name. */
	qsort(order, n, sizeof(*order), by_path);
	for (i = 0; i < n; i++)
		wl_report_add(&rs->report, order[i]->path, true, &order[i]->src);
	free(order);
	for (c = 0; c < job->nr_results; c++) {
		const char *cfg = job->cfg && job->cfg->nr_configs ?
					  job->cfg->configs[c].name : NULL;

		for (i = 0; i < job->results[c].nr_headers; i++) {
			struct wl_header_result *h = &job->results[c].headers[i];
			struct wl_report_file *rf = wl_report_add(
				&rs->report, h->path, true, &h->src);

			/* Changed on disk between two analyses: skip it. */
			if (!wl_report_same_text(rf, &h->src))
				continue;
			/* the first copy had nothing to report: its text went */
			if (!rf->src->text)
				rf->src = &h->src;
			rf->fixable |= below(rf->real, job->repo);
			wl_report_merge(rf, &h->findings, cfg);
		}
	}
}

/* .warplint severities, then the baseline, before any fix is computed. */
static void adjust_findings(struct run_state *rs, struct wl_report_file *rf)
{
	const struct wl_config *cfg = NULL;
	unsigned k;

	if (run_config_for(rs, rf->path, &cfg) < 0)
		cfg = NULL;
	for (k = 0; cfg && k < rf->findings.nr; k++) {
		struct wl_finding *f = &rf->findings.v[k];

		if (cfg->level[f->rule] >= 0)
			f->level = (enum wl_level)cfg->level[f->rule];
	}
	if (rs->baseline && rf->src)
		wl_baseline_filter(rs->baseline, rf->path, rf->src,
				   &rf->findings);
}

void run_build_report(struct run_state *rs)
{
	unsigned i, c;

	for (i = 0; i < rs->nr_jobs; i++) {
		struct job *job = &rs->jobs[i];
		struct wl_report_file *rf = wl_report_add(
			&rs->report, job->path, false,
			job->loaded ? &job->src : NULL);

		rf->error = job->error;
		rf->fixable = true;
		for (c = 0; c < job->nr_results; c++) {
			rf->guessed = job->results[c].guessed;
			rf->nr_guessed = job->results[c].nr_guessed;
			rf->includer = job->results[c].includer;
			wl_report_merge(rf, &job->results[c].findings,
					job->cfg && job->cfg->nr_configs ?
						job->cfg->configs[c].name : NULL);
		}
		add_headers(rs, job);
	}
	wl_report_finish(&rs->report);
	for (i = 0; i < rs->report.nr; i++) {
		struct wl_report_file *rf = rs->report.v[i];

		adjust_findings(rs, rf);
		if (!rs->opts->unsafe_fixes)
			wl_findings_hold_unsafe(&rf->findings);
		if (rs->want_fixed && rf->src && rf->fixable)
			rf->fixed = wl_apply_fixes(rf->src, &rf->findings,
						   &rf->fixed_len);
		else if (rs->want_fixed && rf->src)
			for (c = 0; c < rf->findings.nr; c++) {
				struct wl_finding *f = &rf->findings.v[c];

				if (f->fix && !f->fix_rejected)
					f->fix_rejected = wl_xstrdup(
						"the header is outside the "
						"repository of the files that "
						"include it");
			}
	}
}

/* @dir relative to the working folder when it is below it. */
static const char *shown(const char *dir, const char *cwd)
{
	size_t n = strlen(cwd);

	if (*cwd && !strncmp(dir, cwd, n) && dir[n] == '/')
		return dir + n + 1;
	return dir;
}

void run_print_notes(const struct run_state *rs)
{
	char cwd[4096];
	unsigned i, c, k;

	if (!getcwd(cwd, sizeof(cwd)))
		cwd[0] = '\0';
	for (i = 0; i < rs->nr_jobs; i++) {
		const struct job *job = &rs->jobs[i];

		if (rs->opts->verbose && job->db)
			fprintf(stderr, "warplint: %s: flags from "
				"%s/compile_commands.json (%s)\n", job->path,
				job->db, job->db_how);
		for (c = 0; c < job->nr_results && !rs->opts->quiet; c++) {
			const struct wl_tu_result *r = &job->results[c];

			if (r->includer && (!c || !job->results[0].includer))
				fprintf(stderr, "warplint: note: %s: analysed as "
					"included from %s, since alone it does "
					"not parse (its names come from there; "
					"--no-guess-includes turns this off)\n",
					job->path, shown(r->includer, cwd));
			if (!r->nr_guessed || (c && r->nr_guessed ==
						       job->results[0].nr_guessed))
				continue;
			fprintf(stderr, "warplint: note: %s: include folder%s "
				"guessed:", job->path,
				r->nr_guessed == 1 ? "" : "s");
			for (k = 0; k < r->nr_guessed; k++) {
				char *flag = wl_incguess_flag(r->guessed[k]);

				fprintf(stderr, " %s%s",
					wl_starts_with(flag, "-I") ? "-I"
								   : "-idirafter ",
					shown(r->guessed[k], cwd));
				free(flag);
			}
			fprintf(stderr, " (--no-guess-includes turns this "
				"off)\n");
		}
	}
}

bool run_write_fixes(struct run_state *rs)
{
	bool ok = true;
	unsigned i;

	for (i = 0; i < rs->report.nr; i++) {
		struct wl_report_file *rf = rs->report.v[i];
		char *err = NULL;

		if (!rf->fixed || (rf->fixed_len == rf->src->len &&
				   !memcmp(rf->fixed, rf->src->text, rf->src->len)))
			continue;
		if (wl_write_atomic(rf->src, rf->fixed, rf->fixed_len, &err) < 0) {
			fprintf(stderr, "warplint: error: %s: %s\n", rf->path, err);
			free(err);
			ok = false;
		} else if (!rs->opts->quiet) {
			fprintf(stderr, "warplint: fixed %s\n", rf->path);
		}
	}
	return ok;
}

void run_print_diffs(struct run_state *rs, FILE *out)
{
	struct wl_buf buf = WL_BUF_INIT;
	unsigned i;

	for (i = 0; i < rs->report.nr; i++) {
		struct wl_report_file *rf = rs->report.v[i];

		if (rf->fixed)
			wl_diff_unified(&buf, rf->path, rf->src->text,
					rf->src->len, rf->fixed, rf->fixed_len);
	}
	if (buf.len)
		fwrite(buf.s, 1, buf.len, out);
	wl_buf_release(&buf);
}

int run_summarize(struct run_state *rs, bool quiet)
{
	const struct wl_options *opts = rs->opts;
	unsigned i, k, counts[3] = { 0, 0, 0 }, fixable = 0, bad = 0;
	unsigned nr = rs->report.nr;
	bool failing = false;

	for (i = 0; i < nr; i++) {
		struct wl_report_file *rf = rs->report.v[i];

		if (rf->error)
			bad++;
		for (k = 0; k < rf->findings.nr; k++) {
			struct wl_finding *f = &rf->findings.v[k];

			if (f->suppressed)
				continue;
			/* Only a file of which no device code parsed. */
			if (f->unparsed)
				bad++;
			counts[f->level]++;
			fixable += f->fix != NULL;
			if (f->level >= opts->fail_level)
				failing = true;
		}
	}
	/* The summary goes to stderr: let the report reach stdout first. */
	fflush(stdout);
	if (!quiet && opts->format == WL_FORMAT_TEXT)
		fprintf(stderr,
			"%u error%s, %u warning%s, %u note%s in %u file%s "
			"(%u with a fix)\n",
			counts[WL_LEVEL_ERROR], counts[WL_LEVEL_ERROR] == 1 ? "" : "s",
			counts[WL_LEVEL_WARNING],
			counts[WL_LEVEL_WARNING] == 1 ? "" : "s",
			counts[WL_LEVEL_NOTE], counts[WL_LEVEL_NOTE] == 1 ? "" : "s",
			nr, nr == 1 ? "" : "s", fixable);
	if (bad)
		return WL_EXIT_BAD_INPUT;
	return failing ? WL_EXIT_FINDINGS : WL_EXIT_CLEAN;
}

static struct wl_file_report *file_reports(const struct run_state *rs)
{
	struct wl_file_report *reports = wl_xcalloc(rs->report.nr + 1,
						    sizeof(*reports));
	unsigned i;

	for (i = 0; i < rs->report.nr; i++) {
		const struct wl_report_file *rf = rs->report.v[i];

		reports[i].path = rf->path;
		reports[i].src = rf->src;
		reports[i].findings = &rf->findings;
		reports[i].error = rf->error;
		reports[i].header = rf->header;
		reports[i].guessed = rf->guessed;
		reports[i].nr_guessed = rf->nr_guessed;
		reports[i].includer = rf->includer;
	}
	return reports;
}

int run_emit_report(struct run_state *rs, FILE *out)
{
	struct wl_file_report *reports = file_reports(rs);
	struct wl_emit_opts eopts = { rs->opts->color && !rs->opts->output, NULL };
	unsigned nr = rs->report.nr;
	int ret = 0;

	switch (rs->opts->format) {
	case WL_FORMAT_TEXT:
		wl_emit_text(out, reports, nr, &eopts);
		break;
	case WL_FORMAT_JSON:
		ret = wl_emit_json(out, reports, nr, &eopts);
		break;
	case WL_FORMAT_SARIF:
		ret = wl_emit_sarif(out, reports, nr, &eopts);
		break;
	}
	if (!ret && rs->opts->export_fixes)
		ret = wl_export_fixes_yaml(rs->opts->export_fixes, reports, nr);
	free(reports);
	return ret;
}

int run_write_baseline(struct run_state *rs)
{
	struct wl_file_report *reports = file_reports(rs);
	char *err = NULL;
	int ret;

	ret = wl_baseline_write(rs->opts->write_baseline, reports,
				rs->report.nr, &err);
	if (ret < 0) {
		fprintf(stderr, "warplint: error: %s\n", err);
		free(err);
	}
	free(reports);
	return ret;
}
