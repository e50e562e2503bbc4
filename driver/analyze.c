/* SPDX-License-Identifier: MIT */
/*
 * One translation unit from text to sorted findings: parse, then one
 * analysis pass per file reported (the main file, and each header that
 * the header filter accepts), each with that file playing the main file's
 * role, so that every rule works on headers unchanged.
 */
#include "driver/analyze.h"

#include <stdlib.h>
#include <string.h>

#include "analyzer/dialect.h"
#include "analyzer/dump.h"
#include "analyzer/incguess.h"
#include "analyzer/mask.h"
#include "analyzer/memaccess.h"
#include "analyzer/parse.h"
#include "analyzer/parse_errors.h"
#include "analyzer/prefilter.h"
#include "analyzer/reach.h"
#include "base/source.h"
#include "base/util.h"
#include "driver/suppress.h"
#include "fixits/edit.h"
#include "rules/rules.h"

void wl_analyze_opts_default(struct wl_analyze_opts *opts)
{
	unsigned i;

	memset(opts, 0, sizeof(*opts));
	for (i = 0; i < WL_NR_RULES; i++)
		opts->enabled[i] = wl_rules[i].default_on;
	opts->fix_style = WL_FIX_STYLE_SYNCWARP;
}

/*
 * The rules over one file of @tu: @target (NULL: the main file), whose
 * text is @src.  Findings, sorted, are appended to @out.
 */
static void run_pass(CXTranslationUnit tu, const struct wl_source *src,
		     CXFile target, const struct wl_analyze_opts *opts,
		     struct wl_text_cache *texts, struct wl_findings *out)
{
	struct wl_ctx ctx;
	unsigned i;

	memset(&ctx, 0, sizeof(ctx));
	ctx.src = src;
	ctx.tu = tu;
	memcpy(ctx.enabled, opts->enabled, sizeof(ctx.enabled));
	ctx.fix_style = opts->fix_style;
	ctx.want_header = opts->want_header;
	ctx.want_header_data = opts->want_header_data;
	/* A header's callers are in the files that include it. */
	wl_model_build_file(&ctx.model, tu, src, target, target != NULL, texts);
	wl_ppcond_build(&ctx.pp, tu, ctx.model.main_file, src);
	wl_eval_init(&ctx.eval, &ctx.model);
	ctx.eval.launch = opts->launch;
	wl_eval_init(&ctx.barrier_eval, &ctx.model);
	ctx.barrier_eval.launch = opts->launch;
	ctx.barrier_eval.trust_unseen = true;
	wl_mask_cache_init(&ctx);
	if (opts->dump_model && !target)
		wl_dump_model(stdout, &ctx);
	for (i = 0; i < WL_NR_RULES; i++)
		if (ctx.enabled[i] && wl_rule_checks[i])
			wl_rule_checks[i](&ctx);
	/* No fix edits code that a CUDA 13 build does not compile as seen. */
	wl_pp_guard_fixes(&ctx.pp, &ctx.findings);
	wl_reach_mark_findings(&ctx);
	if (ctx.enabled[WL900] && !target)
		wl_parse_errors_report(&ctx, opts->verbose);
	/* Last, so that suppressions see every finding, WL900 included. */
	wl_suppress_apply(&ctx);
	wl_findings_sort(&ctx.findings);
	for (i = 0; i < ctx.findings.nr; i++) {
		WL_GROW(out->v, out->nr, out->alloc);
		out->v[out->nr++] = ctx.findings.v[i];
	}
	free(ctx.findings.v);
	wl_findings_release(&ctx.discarded);
	wl_mem_drop(&ctx);
	wl_mask_cache_release(&ctx);
	wl_eval_release(&ctx.eval);
	wl_eval_release(&ctx.barrier_eval);
	wl_ppcond_release(&ctx.pp);
	wl_model_release(&ctx.model);
}

struct header_scan {
	CXTranslationUnit tu;
	CXFile main_file;
	const struct wl_analyze_opts *opts;
	CXFile *files;
	unsigned nr, alloc;
};

static void note_header(CXFile file, CXSourceLocation *stack, unsigned len,
			CXClientData data)
{
	struct header_scan *hs = data;
	CXString name;
	bool want;
	unsigned i;

	/*
	 * A file that a system header includes is one too (libstdc++'s and
	 * Thrust's internals): known without the costly file lookup.
	 */
	if (!len || wl_same_file(file, hs->main_file) ||
	    clang_Location_isInSystemHeader(stack[0]))
		return;
	for (i = 0; i < hs->nr; i++)
		if (wl_same_file(hs->files[i], file))
			return;
	if (wl_model_foreign_file(hs->tu, file))
		return;
	name = clang_getFileName(file);
	want = clang_getCString(name) &&
	       hs->opts->want_header(clang_getCString(name),
				     hs->opts->want_header_data);
	clang_disposeString(name);
	if (!want)
		return;
	WL_GROW(hs->files, hs->nr, hs->alloc);
	hs->files[hs->nr++] = file;
}

/*
 * The header's text as the translation unit parsed it, loaded from disk
 * so that fixes can check the file did not change since; false when it
 * has changed already, or holds nothing a rule could fire on.
 */
static bool load_header(CXTranslationUnit tu, CXFile file, const char *path,
			struct wl_source *src)
{
	size_t size = 0;
	const char *text = clang_getFileContents(tu, file, &size);
	char *err = NULL;

	if (!text || !wl_prefilter_text_is_dirty(text, size))
		return false;
	if (wl_source_load(src, path, &err) < 0) {
		free(err);
		return false;
	}
	if (src->len == size && (!memcmp(src->text, text, size) ||
				 wl_dialect_same_text(src->text, text, size)))
		return true;
	wl_source_release(src);
	return false;
}

static void analyze_headers(CXTranslationUnit tu,
			    const struct wl_analyze_opts *opts,
			    struct wl_text_cache *texts,
			    struct wl_tu_result *out)
{
	struct header_scan hs;
	CXString main_name = clang_getTranslationUnitSpelling(tu);
	unsigned i;

	memset(&hs, 0, sizeof(hs));
	hs.tu = tu;
	hs.opts = opts;
	hs.main_file = clang_getFile(tu, clang_getCString(main_name));
	clang_disposeString(main_name);
	clang_getInclusions(tu, note_header, &hs);
	for (i = 0; i < hs.nr; i++) {
		CXString name = clang_getFileName(hs.files[i]);
		struct wl_header_result *h;

		WL_GROW(out->headers, out->nr_headers, out->alloc_headers);
		h = &out->headers[out->nr_headers];
		memset(h, 0, sizeof(*h));
		if (load_header(tu, hs.files[i], clang_getCString(name),
				&h->src)) {
			h->path = wl_xstrdup(clang_getCString(name));
			run_pass(tu, &h->src, hs.files[i], opts, texts,
				 &h->findings);
			out->nr_headers++;
		}
		clang_disposeString(name);
	}
	free(hs.files);
}

static CXTranslationUnit parse_guessing(CXIndex index,
					 const struct wl_source *src,
					 const struct wl_analyze_opts *opts,
					 struct wl_tu_result *out, char **err)
{
	CXTranslationUnit tu;
	const char **args;
	const char *arch;
	char **flags;
	unsigned i, n = 0;

	tu = wl_parse(index, src, opts->args, opts->nr_args, opts->pch, err);
	if (tu && opts->guess)
		tu = wl_incguess_reparse(opts->guess, index, src, opts->args,
					 opts->nr_args, opts->pch, tu,
					 &out->guessed,
					 &out->nr_guessed, err);
	if (!tu)
		return tu;
	/* the arguments of the parse: the user's, then the folders guessed */
	args = wl_xcalloc(opts->nr_args + out->nr_guessed + 1, sizeof(*args));
	flags = wl_xcalloc(out->nr_guessed + 1, sizeof(*flags));
	for (i = 0; i < opts->nr_args; i++)
		args[n++] = opts->args[i];
	for (i = 0; i < out->nr_guessed; i++)
		args[n++] = flags[i] = wl_incguess_flag(out->guessed[i]);
	tu = wl_dialect_reparse(index, src, args, n, out->nr_guessed,
				opts->pch, tu, &arch);
	if (arch && opts->verbose)
		fprintf(opts->verbose, "warplint: %s: parsed for %s: an #error "
			"rejects sm_70\n", src->path, arch);
	for (i = 0; i < out->nr_guessed; i++)
		free(flags[i]);
	free(flags);
	free(args);
	return tu;
}

/* Errors of @tu located in @file. */
static unsigned errors_in(CXTranslationUnit tu, CXFile file)
{
	unsigned n = clang_getNumDiagnostics(tu), i, nr = 0;

	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		CXFile f = NULL;

		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			clang_getExpansionLocation(clang_getDiagnosticLocation(d),
						   &f, NULL, NULL, NULL);
			nr += wl_same_file(f, file);
		}
		clang_disposeDiagnostic(d);
	}
	return nr;
}

struct file_find {
	CXFile want;		/* the file under some name */
	CXFile found;		/* under the name the includes use */
};

static void find_included(CXFile file, CXSourceLocation *stack, unsigned len,
			  CXClientData data)
{
	struct file_find *ff = data;

	(void)stack;
	(void)len;
	if (!ff->found && clang_File_isEqual(file, ff->want))
		ff->found = file;
}

/*
 * @path in @tu, named as the translation unit's #include names it: the
 * model tells files apart by name as well (wl_same_file()).
 */
static CXFile included_file(CXTranslationUnit tu, const char *path)
{
	struct file_find ff = { clang_getFile(tu, path), NULL };

	if (ff.want)
		clang_getInclusions(tu, find_included, &ff);
	return ff.found;
}

/* How many headers up a chain of includers is followed to a source. */
#define MAX_INCLUDER_DEPTH 4

/*
 * The file to parse for header @path: its includer, or when that is a
 * header too (kernels in a .cuh that a common .h includes, which the .cu
 * includes after what they need), the includer's, up to a source file.
 */
static char *source_includer(struct wl_incguess *guess, const char *path)
{
	char *includer = wl_incguess_includer(guess, path), *up;
	unsigned depth;

	for (depth = 0; includer && wl_path_is_header(includer) &&
			depth < MAX_INCLUDER_DEPTH;
	     depth++) {
		up = wl_incguess_includer(guess, includer);
		if (!up)
			break;	/* the top header (a cycle ends at the bound) */
		free(includer);
		includer = up;
	}
	return includer;
}

/*
 * A header whose names come from the file that includes it (its
 * includer declares the wrappers and types it uses first): analysed in
 * that file's translation unit when the header has fewer errors there
 * than alone.  True when it was; @alone is the header's own parse.
 */
static bool analyze_in_includer(CXIndex index, const struct wl_source *src,
				const struct wl_analyze_opts *opts,
				CXTranslationUnit alone,
				struct wl_tu_result *out)
{
	CXString name = clang_getTranslationUnitSpelling(alone);
	CXFile own = clang_getFile(alone, clang_getCString(name));
	unsigned own_errors = errors_in(alone, own);
	struct wl_source isrc;
	CXTranslationUnit tu;
	char *includer, *err = NULL;
	unsigned nr_guessed = out->nr_guessed;
	CXFile there;
	bool used = false;

	clang_disposeString(name);
	if (!own_errors || !wl_path_is_header(src->path) ||
	    !(includer = source_includer(opts->guess, src->path)))
		return false;
	if (wl_source_load(&isrc, includer, &err) < 0) {
		free(err);
		free(includer);
		return false;
	}
	tu = parse_guessing(index, &isrc, opts, out, &err);
	free(err);
	there = tu ? included_file(tu, src->path) : NULL;
	if (there && errors_in(tu, there) < own_errors) {
		run_pass(tu, src, there, opts, NULL, &out->findings);
		out->includer = includer;
		includer = NULL;
		used = true;
	}
	if (tu)
		clang_disposeTranslationUnit(tu);
	/* folders guessed for an includer not used say nothing of the header */
	while (!used && out->nr_guessed > nr_guessed)
		free(out->guessed[--out->nr_guessed]);
	wl_source_release(&isrc);
	free(includer);
	return used;
}

/* One file the parse read, for the cache (the shim is in its salt). */
static void note_dep(CXFile file, CXSourceLocation *stack, unsigned len,
		     CXClientData data)
{
	struct wl_tu_result *out = data;
	CXString name = clang_getFileName(file);
	const char *path = clang_getCString(name);

	if (path && strncmp(path, WL_SHIM_ROOT, strlen(WL_SHIM_ROOT))) {
		WL_GROW(out->deps, out->nr_deps, out->alloc_deps);
		out->deps[out->nr_deps++] = wl_xstrdup(path);
	}
	clang_disposeString(name);
}

int wl_analyze_tu(CXIndex index, const struct wl_source *src,
		  const struct wl_analyze_opts *opts, struct wl_tu_result *out,
		  char **err)
{
	struct wl_text_cache texts = { NULL, 0, 0 };
	CXTranslationUnit tu;

	tu = parse_guessing(index, src, opts, out, err);
	if (!tu)
		return -1;
	if (opts->guess && analyze_in_includer(index, src, opts, tu, out)) {
		clang_disposeTranslationUnit(tu);
		return 0;
	}
	run_pass(tu, src, NULL, opts, &texts, &out->findings);
	if (opts->want_header)
		analyze_headers(tu, opts, &texts, out);
	if (opts->want_deps)
		clang_getInclusions(tu, note_dep, out);
	wl_text_cache_release(&texts);
	clang_disposeTranslationUnit(tu);
	return 0;
}

void wl_tu_result_release(struct wl_tu_result *r)
{
	unsigned i;

	wl_findings_release(&r->findings);
	for (i = 0; i < r->nr_headers; i++) {
		free(r->headers[i].path);
		wl_source_release(&r->headers[i].src);
		wl_findings_release(&r->headers[i].findings);
	}
	free(r->headers);
	for (i = 0; i < r->nr_guessed; i++)
		free(r->guessed[i]);
	free(r->guessed);
	free(r->includer);
	for (i = 0; i < r->nr_deps; i++)
		free(r->deps[i]);
	free(r->deps);
	memset(r, 0, sizeof(*r));
}

int wl_analyze(CXIndex index, const struct wl_source *src,
	       const struct wl_analyze_opts *opts, struct wl_findings *out,
	       char **err)
{
	struct wl_analyze_opts main_only = *opts;
	struct wl_tu_result r;
	unsigned i;

	memset(&r, 0, sizeof(r));
	main_only.want_header = NULL;
	if (wl_analyze_tu(index, src, &main_only, &r, err) < 0) {
		wl_tu_result_release(&r);
		return -1;
	}
	for (i = 0; i < r.findings.nr; i++) {
		WL_GROW(out->v, out->nr, out->alloc);
		out->v[out->nr++] = r.findings.v[i];
	}
	r.findings.nr = 0;
	wl_tu_result_release(&r);
	return 0;
}

void wl_findings_hold_unsafe(struct wl_findings *findings)
{
	unsigned i;

	for (i = 0; i < findings->nr; i++) {
		struct wl_finding *f = &findings->v[i];

		if (!f->fix || f->fix->safety != WL_FIX_UNSAFE || f->fix_rejected)
			continue;
		/* The note says why already, most of the time: once is enough. */
		if (f->note && f->fix->unsafe_why &&
		    strstr(f->note, f->fix->unsafe_why))
			f->fix_rejected = wl_xstrdup("unsafe fix, as the note "
						     "says; --unsafe-fixes "
						     "applies it");
		else
			f->fix_rejected = wl_xasprintf("unsafe fix (%s); "
						       "--unsafe-fixes applies "
						       "it",
						       f->fix->unsafe_why);
	}
}

/* The fixes of @findings taken in @pass (wl_fix_in_pass()), into @set. */
static void add_fixes(struct wl_edit_set *set, struct wl_findings *findings,
		      int pass)
{
	unsigned i;

	for (i = 0; i < findings->nr; i++) {
		struct wl_finding *f = &findings->v[i];

		if (!f->fix || f->suppressed || f->fix_rejected ||
		    !wl_fix_in_pass(f->fix, pass))
			continue;
		if (wl_edit_set_add_fix(set, f->fix) < 0) {
			free(f->fix_rejected);
			f->fix_rejected = wl_xstrdup(
				"its edits overlap a fix applied before it");
		}
	}
}

char *wl_apply_fixes(const struct wl_source *src, struct wl_findings *findings,
		     size_t *out_len)
{
	struct wl_edit_set set = { NULL, 0, 0 };
	char *text;

	add_fixes(&set, findings, 0);
	add_fixes(&set, findings, 1);
	text = wl_edit_set_apply(&set, src->text, src->len, out_len);
	wl_edit_set_release(&set);
	return text;
}
