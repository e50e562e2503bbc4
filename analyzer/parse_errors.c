/* SPDX-License-Identifier: MIT */
/* WL900: clang's errors reduced to the one that explains the others. */
#include "analyzer/parse_errors.h"

#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/cursor.h"
#include "analyzer/parse.h"
#include "base/source.h"
#include "base/util.h"

/* Device functions named in the note, at most. */
#define MAX_NAMED 3

struct perr {
	CXFile file;
	unsigned line, col, offset;	/* expansion location in its file */
	bool system;			/* a system header or the shim */
	bool in_main;
	bool missing;			/* "'x' file not found" */
	bool directive;			/* an #error the code itself raised */
	char *text;
};

struct fdef {
	CXCursor cursor;
	unsigned begin, end;		/* main-file byte range */
	unsigned line;
	char *name;
	bool device;
	bool modelled;
	unsigned errors;
};

struct scan {
	struct wl_ctx *ctx;
	struct perr *errs;
	unsigned nr_errs, alloc_errs;
	struct fdef *defs;
	unsigned nr_defs, alloc_defs;
	/* Inclusion of the root cause's file, found by clang_getInclusions. */
	CXFile want;
	unsigned include_offset;
	bool include_found;
};

/* @file's name as clang opened it, without a leading "./". */
static char *file_name(CXFile file)
{
	CXString s = clang_getFileName(file);
	const char *n = clang_getCString(s) ? clang_getCString(s) : "";
	char *name;

	while (n[0] == '.' && n[1] == '/')
		n += 2;
	name = wl_xstrdup(n);

	clang_disposeString(s);
	return name;
}

static bool is_shim(CXFile file)
{
	char *name = file ? file_name(file) : NULL;
	bool shim = name && wl_starts_with(name, WL_SHIM_ROOT "/");

	free(name);
	return shim;
}

/*
 * Errors that clang recovers from by reading the code as nvcc does, so
 * that nothing is lost.  EDG, nvcc's front end, accepts a member
 * template of a dependent type named without the `template` keyword, and
 * clang goes on treating the name as that template.  EDG also finds a
 * function that a template calls but that is declared only after it
 * (NCCL 1's vFetch()), and clang, having said so, calls that function.
 */
static bool recovered_as_nvcc_reads(const char *text)
{
	return (wl_starts_with(text, "use 'template' keyword to treat '") &&
		wl_ends_with(text, "' as a dependent template name")) ||
	       (wl_starts_with(text, "call to ") &&
		wl_ends_with(text, " that is neither visible in the template "
				   "definition nor found by "
				   "argument-dependent lookup"));
}

/*
 * Whether the error at @offset of @file is an `#error` line: a header's
 * own verdict on the configuration ("Thrust requires at least C++17",
 * "The version of CUB in your include path is not compatible"), which
 * explains the errors after it better than any of them.
 */
static bool is_error_directive(CXTranslationUnit tu, CXFile file,
			       unsigned offset)
{
	size_t size;
	const char *text = file ? clang_getFileContents(tu, file, &size) : NULL;
	size_t i;

	if (!text || offset + 5 > size || strncmp(text + offset, "error", 5))
		return false;
	for (i = offset; i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t');
	     i--)
		;
	return i > 0 && text[i - 1] == '#';
}

static void collect_errors(struct scan *s)
{
	CXTranslationUnit tu = s->ctx->tu;
	unsigned n = clang_getNumDiagnostics(tu), i;

	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		CXSourceLocation loc = clang_getDiagnosticLocation(d);
		CXString text = clang_getDiagnosticSpelling(d);
		const char *spelled = clang_getCString(text) ?
					      clang_getCString(text) : "";
		struct perr *e;

		if (clang_getDiagnosticSeverity(d) < CXDiagnostic_Error ||
		    recovered_as_nvcc_reads(spelled)) {
			clang_disposeString(text);
			clang_disposeDiagnostic(d);
			continue;
		}
		WL_GROW(s->errs, s->nr_errs, s->alloc_errs);
		e = &s->errs[s->nr_errs++];
		memset(e, 0, sizeof(*e));
		clang_getExpansionLocation(loc, &e->file, &e->line, &e->col,
					   &e->offset);
		e->in_main = wl_same_file(e->file, s->ctx->model.main_file);
		e->system = !e->in_main && e->file &&
			    (clang_Location_isInSystemHeader(loc) ||
			     is_shim(e->file));
		e->text = wl_xstrdup(spelled);
		clang_disposeString(text);
		e->missing = wl_ends_with(e->text, "file not found");
		e->directive = is_error_directive(tu, e->file, e->offset);
		clang_disposeDiagnostic(d);
	}
}

/*
 * The first missing header, else the first `#error`, else the first
 * error in project code.
 */
static struct perr *root_cause(struct scan *s)
{
	unsigned i;

	for (i = 0; i < s->nr_errs; i++)
		if (s->errs[i].missing)
			return &s->errs[i];
	for (i = 0; i < s->nr_errs; i++)
		if (s->errs[i].directive)
			return &s->errs[i];
	for (i = 0; i < s->nr_errs; i++)
		if (!s->errs[i].system)
			return &s->errs[i];
	return &s->errs[0];
}

static void find_include(CXFile included, CXSourceLocation *stack,
			 unsigned len, CXClientData data)
{
	struct scan *s = data;
	CXFile f = NULL;
	unsigned off = 0;

	if (s->include_found || !len || !wl_same_file(included, s->want))
		return;
	/* The outermost #include, the one written in the main file. */
	clang_getExpansionLocation(stack[len - 1], &f, NULL, NULL, &off);
	if (wl_same_file(f, s->ctx->model.main_file)) {
		s->include_offset = off;
		s->include_found = true;
	}
}

/* Where in the main file an error in another file is best reported. */
static unsigned main_offset(struct scan *s, const struct perr *e)
{
	if (e->in_main)
		return e->offset;
	s->want = e->file;
	s->include_found = false;
	s->include_offset = 0;
	if (e->file)
		clang_getInclusions(s->ctx->tu, find_include, s);
	return s->include_offset;
}

static enum CXChildVisitResult scan_attrs(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	unsigned *flags = data;

	(void)parent;
	switch (clang_getCursorKind(c)) {
	case CXCursor_CUDAGlobalAttr:
	case CXCursor_CUDADeviceAttr:
		*flags |= 1;
		break;
	case CXCursor_CompoundStmt:
		*flags |= 2;
		break;
	default:
		break;
	}
	return CXChildVisit_Continue;
}

/*
 * Whether the declaration of @c, from @begin to its name, spells
 * __global__ or __device__: an invalid declaration (a kernel after an
 * unknown export macro) loses its attributes, not its spelling.
 */
static bool spelled_device(const struct scan *s, CXCursor c, unsigned begin)
{
	const struct wl_source *src = s->ctx->src;
	unsigned name = 0;
	char *head;
	bool yes;

	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, NULL,
				   NULL, &name);
	if (name <= begin || name > src->len)
		return false;
	head = wl_xstrndup(src->text + begin, name - begin);
	yes = strstr(head, "__global__") || strstr(head, "__device__");
	free(head);
	return yes;
}

static bool modelled(const struct wl_model *m, CXCursor c)
{
	unsigned i;

	for (i = 0; i < m->nr_funcs; i++)
		if (wl_cursor_equal(m->funcs[i]->cursor, c))
			return true;
	return false;
}

static void add_def(struct scan *s, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile f1 = NULL, f2 = NULL;
	unsigned flags = 0;
	struct fdef *d;
	CXString name;

	clang_getExpansionLocation(clang_getRangeStart(r), &f1, NULL, NULL,
				   NULL);
	clang_getExpansionLocation(clang_getRangeEnd(r), &f2, NULL, NULL, NULL);
	if (!wl_same_file(f1, s->ctx->model.main_file) ||
	    !wl_same_file(f2, s->ctx->model.main_file))
		return;
	clang_visitChildren(c, scan_attrs, &flags);
	if (!(flags & 2) && !clang_isInvalidDeclaration(c))
		return;
	WL_GROW(s->defs, s->nr_defs, s->alloc_defs);
	d = &s->defs[s->nr_defs++];
	memset(d, 0, sizeof(*d));
	d->cursor = c;
	clang_getExpansionLocation(clang_getRangeStart(r), NULL, &d->line, NULL,
				   &d->begin);
	clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL,
				   &d->end);
	name = clang_getCursorSpelling(c);
	d->name = wl_xstrdup(clang_getCString(name) ? clang_getCString(name)
						    : "");
	clang_disposeString(name);
	d->device = (flags & 1) || spelled_device(s, c, d->begin);
	d->modelled = modelled(&s->ctx->model, c);
}

static enum CXChildVisitResult visit_defs(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (wl_cursor_kind_is_function(k)) {
		if (!wl_cursor_is_instantiation(c))
			add_def(data, c);
		return CXChildVisit_Continue;
	}
	return wl_cursor_kind_holds_functions(k) ? CXChildVisit_Recurse
						 : CXChildVisit_Continue;
}

/* A host function's definition, outside system headers: its extent. */
struct host_def {
	CXFile file;
	unsigned begin, end;
};

struct host_defs {
	struct host_def *v;
	unsigned nr, alloc;
};

static enum CXChildVisitResult visit_host_defs(CXCursor c, CXCursor parent,
					       CXClientData data)
{
	struct host_defs *hd = data;
	CXSourceRange r;
	struct host_def *d;
	enum CXCursorKind k = clang_getCursorKind(c);
	unsigned flags = 0;

	(void)parent;
	if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	if (wl_cursor_kind_holds_functions(k) ||
	    k == CXCursor_ClassTemplatePartialSpecialization ||
	    k == CXCursor_FriendDecl)	/* `friend ostream &operator<<() {}` */
		return CXChildVisit_Recurse;
	if (!wl_cursor_kind_is_function(k) && k != CXCursor_ConversionFunction)
		return CXChildVisit_Continue;
	/* an invalid declaration may have lost its __device__ */
	if (clang_isInvalidDeclaration(c) || wl_cursor_is_instantiation(c))
		return CXChildVisit_Continue;
	clang_visitChildren(c, scan_attrs, &flags);
	if ((flags & 1) || !(flags & 2))
		return CXChildVisit_Continue;	/* device code, or no body */
	r = clang_getCursorExtent(c);
	WL_GROW(hd->v, hd->nr, hd->alloc);
	d = &hd->v[hd->nr++];
	clang_getExpansionLocation(clang_getRangeStart(r), &d->file, NULL,
				   NULL, &d->begin);
	clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL,
				   &d->end);
	return CXChildVisit_Continue;
}

static bool in_host_def(const struct host_defs *hd, const struct perr *e)
{
	unsigned i;

	for (i = 0; i < hd->nr; i++)
		if (wl_same_file(hd->v[i].file, e->file) &&
		    e->offset >= hd->v[i].begin && e->offset <= hd->v[i].end)
			return true;
	return false;
}

/*
 * Drop the errors inside host functions.  The parse is nvcc's device
 * pass, which never checks a host function's body; a header whose
 * helpers are `__device__` only when __CUDA_ARCH__ is set (InfiniTAM's
 * _CPU_AND_GPU_CODE_) has host constructors calling device-only ones
 * there, which nvcc's host pass reads with the macro empty.  A missing
 * header or an `#error` is never inside a function, and a declaration
 * clang found invalid is not taken for host code.
 */
static void drop_host_errors(struct scan *s)
{
	struct host_defs hd = { NULL, 0, 0 };
	unsigned i, kept = 0;

	clang_visitChildren(clang_getTranslationUnitCursor(s->ctx->tu),
			    visit_host_defs, &hd);
	for (i = 0; i < s->nr_errs; i++) {
		struct perr *e = &s->errs[i];

		if (!e->system && e->file && in_host_def(&hd, e))
			free(e->text);
		else
			s->errs[kept++] = *e;
	}
	s->nr_errs = kept;
	free(hd.v);
}

/* Count each main-file error against the function definition holding it. */
static void attribute_errors(struct scan *s)
{
	unsigned i, k;

	clang_visitChildren(clang_getTranslationUnitCursor(s->ctx->tu),
			    visit_defs, s);
	for (i = 0; i < s->nr_errs; i++) {
		if (!s->errs[i].in_main)
			continue;
		for (k = 0; k < s->nr_defs; k++)
			if (s->errs[i].offset >= s->defs[k].begin &&
			    s->errs[i].offset <= s->defs[k].end) {
				s->defs[k].errors++;
				break;
			}
	}
}

/* "k2 (line 3)" for up to MAX_NAMED matching functions, then ", ...". */
static void name_functions(struct wl_buf *b, const struct scan *s,
			   bool want_modelled)
{
	unsigned i, named = 0, total = 0;

	for (i = 0; i < s->nr_defs; i++) {
		const struct fdef *d = &s->defs[i];

		if (!d->device || !d->errors || d->modelled != want_modelled)
			continue;
		if (named < MAX_NAMED)
			wl_buf_addf(b, "%s'%s' (line %u)", named ? ", " : "",
				    d->name, d->line);
		named += named < MAX_NAMED;
		total++;
	}
	if (total > named)
		wl_buf_addf(b, " and %u more", total - named);
}

static unsigned count_functions(const struct scan *s, bool want_modelled)
{
	unsigned i, n = 0;

	for (i = 0; i < s->nr_defs; i++)
		n += s->defs[i].device && s->defs[i].errors &&
		     s->defs[i].modelled == want_modelled;
	return n;
}

/*
 * Whether the `__global__`/`__device__` at @at starts a definition: a `{`
 * comes before any `;` or `=` outside parentheses.  Declarations
 * (caffe's tests declare the kernels they launch) and `__device__`
 * variables hold no code.
 */
static bool opens_definition(const char *at)
{
	int depth = 0;

	for (; *at; at++) {
		if (*at == '(')
			depth++;
		else if (*at == ')' && depth)
			depth--;
		else if (!depth && *at == '{')
			return true;
		else if (!depth && (*at == ';' || *at == '='))
			return false;
	}
	return false;
}

/*
 * Whether the file's text holds device code that clang could have parsed:
 * a `__global__` or `__device__` definition outside the branches this
 * parse skipped (QUDA keeps whole files under `#ifdef GPU_MULTIGRID`;
 * such a file has nothing to analyse, which WL105 tells, but it did not
 * fail to parse).
 */
static bool has_device_code(const struct wl_ctx *ctx)
{
	static const char *const words[] = { "__global__", "__device__" };
	const char *text = ctx->src->text;
	unsigned i;

	for (i = 0; i < WL_ARRAY_SIZE(words); i++) {
		const char *at;

		for (at = strstr(text, words[i]); at;
		     at = strstr(at + 1, words[i]))
			if (!wl_pp_inactive_at(&ctx->pp,
					       (unsigned)(at - text)) &&
			    opens_definition(at))
				return true;
	}
	return false;
}

static char *describe(struct scan *s, const struct perr *root)
{
	char *where = root->in_main || !root->file ? NULL : file_name(root->file);
	char *msg;

	if (root->in_main || !where)
		msg = wl_xstrdup(root->text);
	else if (root->missing)
		msg = wl_xasprintf("%s, included from %s:%u", root->text, where,
				   root->line);
	else if (root->directive)
		msg = wl_xasprintf("%s:%u: #error %s", where, root->line,
				   root->text);
	else if (root->system)
		msg = wl_xasprintf("the system header %s did not parse: %u:%u: "
				   "%s", where, root->line, root->col,
				   root->text);
	else
		msg = wl_xasprintf("%s:%u:%u: %s", where, root->line, root->col,
				   root->text);
	free(where);
	(void)s;
	return msg;
}

static char *explain(struct scan *s, const struct perr *root)
{
	struct wl_buf b = WL_BUF_INIT;
	unsigned i, missing = 0, analysed, skipped;

	for (i = 0; i < s->nr_errs; i++)
		missing += s->errs[i].missing && &s->errs[i] != root;
	if (s->nr_errs > 1)
		wl_buf_addf(&b, "%u more parse error%s", s->nr_errs - 1,
			    s->nr_errs == 2 ? "" : "s");
	if (missing)
		wl_buf_addf(&b, "%s%u more header%s not found", b.len ? ", " : "",
			    missing, missing == 1 ? "" : "s");
	analysed = count_functions(s, true);
	skipped = count_functions(s, false);
	if (analysed) {
		wl_buf_addf(&b, "%s%s with errors analysed on the statements "
			    "that parsed: ", b.len ? "; " : "",
			    analysed == 1 ? "device function" : "device functions");
		name_functions(&b, s, true);
	}
	if (skipped) {
		wl_buf_addf(&b, "%s%u device function%s skipped, %s declaration "
			    "did not parse: ", b.len ? "; " : "", skipped,
			    skipped == 1 ? "" : "s",
			    skipped == 1 ? "its" : "their");
		name_functions(&b, s, false);
	}
	if (root->missing)
		wl_buf_addf(&b, "%sgive its folder with -I, or the build's flags "
			    "with -p BUILD_DIR", b.len ? "; " : "");
	wl_buf_addf(&b, "%sfindings may be missing", b.len ? "; " : "");
	return wl_buf_detach(&b);
}

static void print_verbose(FILE *out, const struct scan *s,
			  const struct wl_source *src)
{
	struct wl_buf b = WL_BUF_INIT;
	unsigned i;

	for (i = 0; i < s->nr_errs; i++) {
		const struct perr *e = &s->errs[i];
		char *name = e->file ? file_name(e->file) : wl_xstrdup("<unknown>");

		wl_buf_addf(&b, "warplint: %s: parse error: %s:%u:%u: %s\n",
			    src->path, name, e->line, e->col, e->text);
		free(name);
	}
	/* One write, so that lines of parallel workers do not interleave. */
	if (b.len)
		fputs(b.s, out);
	wl_buf_release(&b);
}

void wl_parse_errors_report(struct wl_ctx *ctx, FILE *verbose)
{
	struct scan s;
	struct perr *root;
	struct wl_finding *f;
	char *msg, *note;
	unsigned i, parsed = 0;

	memset(&s, 0, sizeof(s));
	s.ctx = ctx;
	collect_errors(&s);
	if (!s.nr_errs)
		return;
	if (verbose)
		print_verbose(verbose, &s, ctx->src);
	drop_host_errors(&s);
	if (!s.nr_errs) {
		free(s.errs);
		return;
	}
	root = root_cause(&s);
	attribute_errors(&s);
	msg = describe(&s, root);
	note = explain(&s, root);
	f = wl_report_at(ctx, WL900, main_offset(&s, root), 0, "%s", msg);
	wl_finding_note(f, "%s", note);
	for (i = 0; i < ctx->model.nr_funcs; i++)
		parsed += ctx->model.funcs[i]->body != NULL;
	/*
	 * Only a file with device code of which nothing parsed is a failed
	 * input; any other partial parse is a warning like other findings.
	 */
	f->unparsed = !parsed && has_device_code(ctx);
	f->level = f->unparsed ? WL_LEVEL_ERROR : WL_LEVEL_WARNING;
	free(msg);
	free(note);
	for (i = 0; i < s.nr_errs; i++)
		free(s.errs[i].text);
	free(s.errs);
	for (i = 0; i < s.nr_defs; i++)
		free(s.defs[i].name);
	free(s.defs);
}
