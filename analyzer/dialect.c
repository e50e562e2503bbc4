/* SPDX-License-Identifier: MIT */
/* Parsing again, as nvcc read it, what a clang parse rejected. */
#include "analyzer/dialect.h"

#include <stdlib.h>
#include <string.h>

#include "analyzer/model.h"
#include "analyzer/parse.h"
#include "analyzer/spelling.h"
#include "base/source.h"
#include "base/util.h"

/*
 * The architectures tried, newest first: the last ones before sm_70 that
 * clang knows, then the usual minimums of the shuffle era.
 */
static const char *const older_archs[] = { "sm_62", "sm_61", "sm_60",
					   "sm_52", "sm_35" };

#define ASM_ESCAPE_ERROR "invalid % escape in inline assembly string"

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* The end of the logical line at @i (line splices joined). */
static size_t line_end(const char *t, size_t len, size_t i)
{
	while (i < len && t[i] != '\n')
		i += t[i] == '\\' && i + 1 < len ? 2 : 1;
	return i;
}

/* Whether the directive on @t[@b..@e) names __CUDA_ARCH__. */
static bool names_arch(const char *t, size_t b, size_t e)
{
	static const char arch[] = "__CUDA_ARCH__";
	size_t n = sizeof(arch) - 1;

	for (; b + n <= e; b++)
		if (!memcmp(t + b, arch, n))
			return true;
	return false;
}

/*
 * Whether the offset @at of @t is inside an #if group one of whose
 * conditions so far names __CUDA_ARCH__ (the text of the main file or of
 * a header, its directives read line by line; comments are not skipped,
 * the rare '#' at the start of a comment line costs only a wrong guess).
 */
static bool arch_guarded(const char *t, size_t len, size_t at)
{
	bool stack[64];
	unsigned depth = 0, skipped = 0, i;
	size_t p = 0;

	while (p < at && p < len) {
		size_t e = line_end(t, len, p), q = p, w;

		while (q < e && is_blank(t[q]))
			q++;
		if (q < e && t[q] == '#') {
			q++;
			while (q < e && is_blank(t[q]))
				q++;
			w = q;
			while (w < e && t[w] >= 'a' && t[w] <= 'z')
				w++;
			if (w - q >= 2 && !memcmp(t + q, "if", 2)) {
				if (depth < WL_ARRAY_SIZE(stack))
					stack[depth++] = names_arch(t, w, e);
				else
					skipped++;
			} else if (w - q >= 4 && !memcmp(t + q, "elif", 4)) {
				if (depth && !skipped)
					stack[depth - 1] |= names_arch(t, w, e);
			} else if (w - q == 5 && !memcmp(t + q, "endif", 5)) {
				if (skipped)
					skipped--;
				else if (depth)
					depth--;
			}
		}
		p = e + 1;
	}
	for (i = 0; i < depth; i++)
		if (stack[i])
			return true;
	return false;
}

/* Whether the error at @off of @t is an `#error` directive's. */
static bool is_error_directive(const char *t, size_t len, size_t off)
{
	size_t p = off;

	if (off + 5 > len || memcmp(t + off, "error", 5))
		return false;
	while (p > 0 && is_blank(t[p - 1]))
		p--;
	if (!p || t[p - 1] != '#')
		return false;
	for (p--; p > 0 && is_blank(t[p - 1]); p--)
		;
	return !p || t[p - 1] == '\n';
}

/* What the errors of one parse ask for. */
struct verdict {
	unsigned errors;
	bool arch_error;	/* an #error under a __CUDA_ARCH__ test */
	CXFile *escapes;	/* headers with asm escapes clang rejects */
	unsigned nr_escapes, alloc_escapes;
};

static void note_escape(struct verdict *v, CXFile file, CXFile main_file)
{
	unsigned i;

	if (!file || wl_same_file(file, main_file))
		return;
	for (i = 0; i < v->nr_escapes; i++)
		if (wl_same_file(v->escapes[i], file))
			return;
	WL_GROW(v->escapes, v->nr_escapes, v->alloc_escapes);
	v->escapes[v->nr_escapes++] = file;
}

static void judge(CXTranslationUnit tu, struct verdict *v)
{
	unsigned n = clang_getNumDiagnostics(tu), i;
	CXString main_name = clang_getTranslationUnitSpelling(tu);
	CXFile main_file = clang_getFile(tu, clang_getCString(main_name));

	clang_disposeString(main_name);
	memset(v, 0, sizeof(*v));
	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		CXString text;
		CXFile file = NULL;
		unsigned off = 0;
		size_t size = 0;
		const char *contents;

		if (clang_getDiagnosticSeverity(d) < CXDiagnostic_Error) {
			clang_disposeDiagnostic(d);
			continue;
		}
		v->errors++;
		clang_getSpellingLocation(clang_getDiagnosticLocation(d), &file,
					  NULL, NULL, &off);
		contents = file ? clang_getFileContents(tu, file, &size) : NULL;
		text = clang_getDiagnosticSpelling(d);
		if (contents && clang_getCString(text) &&
		    !strcmp(clang_getCString(text), ASM_ESCAPE_ERROR))
			note_escape(v, file, main_file);
		else if (contents && is_error_directive(contents, size, off) &&
			 arch_guarded(contents, size, off))
			v->arch_error = true;
		clang_disposeString(text);
		clang_disposeDiagnostic(d);
	}
}

/* The respelled headers of @v, for a wl_parse_variant. */
static void respell_headers(CXTranslationUnit tu, const struct verdict *v,
			    struct wl_parse_variant *pv, char ***names,
			    char ***texts)
{
	unsigned i;

	*names = wl_xcalloc(v->nr_escapes + 1, sizeof(**names));
	*texts = wl_xcalloc(v->nr_escapes + 1, sizeof(**texts));
	pv->files = wl_xcalloc(v->nr_escapes + 1, sizeof(*pv->files));
	pv->nr_files = 0;
	for (i = 0; i < v->nr_escapes; i++) {
		size_t size = 0;
		const char *text = clang_getFileContents(tu, v->escapes[i],
							 &size);
		char *fixed = text ? wl_spelling_fix_asm_escapes(text, size)
				   : NULL;
		CXString name;

		if (!fixed)
			continue;
		name = clang_getFileName(v->escapes[i]);
		(*names)[pv->nr_files] = wl_xstrdup(clang_getCString(name));
		clang_disposeString(name);
		(*texts)[pv->nr_files] = fixed;
		pv->files[pv->nr_files].Filename = (*names)[pv->nr_files];
		pv->files[pv->nr_files].Contents = fixed;
		pv->files[pv->nr_files].Length = (unsigned long)size;
		pv->nr_files++;
	}
}

CXTranslationUnit wl_dialect_reparse(CXIndex index,
				     const struct wl_source *src,
				     const char *const *args, unsigned nr_args,
				     unsigned nr_guessed, struct wl_pch *pch,
				     CXTranslationUnit tu, const char **arch)
{
	struct wl_parse_variant pv;
	struct verdict first, again;
	char **names = NULL, **texts = NULL, *err = NULL;
	unsigned i, a = 0;

	*arch = NULL;
	if (!tu)
		return tu;
	judge(tu, &first);
	if (!first.nr_escapes && !first.arch_error) {
		free(first.escapes);
		return tu;
	}
	memset(&pv, 0, sizeof(pv));
	pv.nr_unkeyed = nr_guessed;
	respell_headers(tu, &first, &pv, &names, &texts);
	for (;;) {
		CXTranslationUnit next;

		pv.arch = first.arch_error ? older_archs[a] : NULL;
		next = wl_parse_variant(index, src, args, nr_args, pch, &pv,
					&err);
		free(err);
		err = NULL;
		if (!next)
			break;
		judge(next, &again);
		free(again.escapes);
		if (again.errors < first.errors) {
			clang_disposeTranslationUnit(tu);
			tu = next;
			first.errors = again.errors;
			*arch = pv.arch;
		} else {
			clang_disposeTranslationUnit(next);
		}
		/* an older architecture only while the #error still fires */
		if (!pv.arch || !again.arch_error ||
		    ++a == WL_ARRAY_SIZE(older_archs))
			break;
	}
	for (i = 0; i < pv.nr_files; i++) {
		free(names[i]);
		free(texts[i]);
	}
	free(names);
	free(texts);
	free(pv.files);
	free(first.escapes);
	return tu;
}

bool wl_dialect_same_text(const char *disk, const char *parsed, size_t len)
{
	char *fixed = wl_spelling_fix_asm_escapes(disk, len);
	bool same = fixed && !memcmp(fixed, parsed, len);

	free(fixed);
	return same;
}
