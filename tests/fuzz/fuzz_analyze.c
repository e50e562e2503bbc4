/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target over warplint's whole in-memory path:
 *
 *   bytes -> wl_source -> wl_analyze -> wl_apply_fixes -> wl_analyze again
 *
 * and the promises the fixer makes to users, checked on every input:
 *  - every finding lies inside the file and its line:column agrees with
 *    its offset (emitters and the YAML export trust both);
 *  - --fix is idempotent: fixing the fixed text changes nothing.  This is
 *    only promised when the first pass rejected no overlapping fix (a
 *    rejected fix is meant to be applied by the next run);
 *  - a fix never breaks a file that parsed: no WL900 after fixing a file
 *    that had none.
 * A broken promise aborts, so libFuzzer records the input as a crash.
 *
 * The same binary replays files given on the command line, which is how
 * tests/fuzz/regressions/ is run (see tests/scripts/test_fuzz_*.sh).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/source.h"
#include "base/util.h"
#include "driver/analyze.h"
#include "fixits/edit.h"

/*
 * Inputs larger than this only slow the fuzzer down: libclang's parse
 * time grows with the text and the interesting structure fits easily.
 */
#define FUZZ_MAX_BYTES (64 * 1024)

static CXIndex fuzz_index;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	/*
	 * libclang's crash recovery catches signals on its own thread; under
	 * ASan and libFuzzer we want a crash to be a crash, with its stack.
	 */
	setenv("LIBCLANG_DISABLE_CRASH_RECOVERY", "1", 1);
	fuzz_index = clang_createIndex(0, 0);
	return 0;
}

static void die(const char *what, const struct wl_source *src,
		const struct wl_finding *f)
{
	fprintf(stderr, "fuzz_analyze: %s\n", what);
	if (f)
		fprintf(stderr, "  finding %s at offset %u length %u, %u:%u, "
			"file length %zu: %s\n", wl_rules[f->rule].code,
			f->offset, f->length, f->line, f->col, src->len,
			f->message ? f->message : "(no message)");
	abort();
}

/* Locations must be inside the file and agree with each other. */
static void check_findings(const struct wl_source *src,
			   const struct wl_findings *list)
{
	unsigned i, k, line, col;

	for (i = 0; i < list->nr; i++) {
		const struct wl_finding *f = &list->v[i];

		if (!f->message)
			die("finding without a message", src, f);
		if (f->offset > src->len || f->length > src->len - f->offset)
			die("finding outside the file", src, f);
		wl_source_line_col(src, f->offset, &line, &col);
		if (f->rule != WL900 && (line != f->line || col != f->col))
			die("finding line:col disagrees with its offset", src, f);
		if (!f->fix)
			continue;
		for (k = 0; k < f->fix->nr_edits; k++) {
			const struct wl_edit *e = &f->fix->edits[k];

			if (!e->text || e->offset > src->len ||
			    e->length > src->len - e->offset)
				die("fix edit outside the file", src, f);
		}
	}
}

/* The first parse error among @list, or NULL. */
static const struct wl_finding *parse_error(const struct wl_findings *list)
{
	unsigned i;

	for (i = 0; i < list->nr; i++)
		if (list->v[i].rule == WL900)
			return &list->v[i];
	return NULL;
}

static bool any_rejected(const struct wl_findings *list)
{
	unsigned i;

	for (i = 0; i < list->nr; i++)
		if (list->v[i].fix_rejected)
			return true;
	return false;
}

/* One analysis pass; returns the fixed text or NULL if it did not parse. */
static char *pass(const struct wl_analyze_opts *opts, struct wl_source *src,
		  struct wl_findings *out, size_t *fixed_len)
{
	char *err = NULL;

	if (wl_analyze(fuzz_index, src, opts, out, &err) < 0) {
		/* libclang gave no translation unit: a clean refusal. */
		free(err);
		return NULL;
	}
	check_findings(src, out);
	return wl_apply_fixes(src, out, fixed_len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wl_analyze_opts opts;
	struct wl_findings first = { NULL, 0, 0 }, second = { NULL, 0, 0 };
	struct wl_source src, again;
	char *fixed, *refixed;
	size_t fixed_len = 0, refixed_len = 0;
	unsigned i;

	/* wl_source_load refuses NUL bytes and huge files; so do we. */
	if (size > FUZZ_MAX_BYTES || memchr(data, '\0', size))
		return -1;
	wl_analyze_opts_default(&opts);
	for (i = 0; i < WL_NR_RULES; i++)
		opts.enabled[i] = true;
	/* Let one input bit pick the fix style, to reach both. */
	if (size && (data[0] & 1))
		opts.fix_style = WL_FIX_STYLE_SHUFFLE;

	wl_source_init_mem(&src, "fuzz.cu", (const char *)data, size);
	fixed = pass(&opts, &src, &first, &fixed_len);
	/*
	 * Text no fix changed needs no second pass: it would repeat the
	 * first, and the slowest inputs (a kernel that runs the memory walk
	 * to its size bound) have no fix to check.
	 */
	if (fixed && !memchr(fixed, '\0', fixed_len) && !any_rejected(&first) &&
	    (fixed_len != size || memcmp(fixed, data, size))) {
		wl_source_init_mem(&again, "fuzz.cu", fixed, fixed_len);
		refixed = pass(&opts, &again, &second, &refixed_len);
		if (refixed && !parse_error(&first) && parse_error(&second)) {
			fprintf(stderr, "--- fixed\n%.*s\n", (int)fixed_len,
				fixed);
			die("a fix broke a file that parsed", &again,
			    parse_error(&second));
		}
		if (refixed && (refixed_len != fixed_len ||
				memcmp(refixed, fixed, fixed_len))) {
			fprintf(stderr, "--- fixed once\n%.*s\n--- fixed twice\n"
				"%.*s\n", (int)fixed_len, fixed,
				(int)refixed_len, refixed);
			die("--fix is not idempotent", &again, NULL);
		}
		free(refixed);
		wl_findings_release(&second);
		wl_source_release(&again);
	}
	free(fixed);
	wl_findings_release(&first);
	wl_source_release(&src);
	return 0;
}
