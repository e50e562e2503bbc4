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

#define NO_TEMPLATE_MATCHES \
	"no function template matches function template specialization"
#define TARGET_MISMATCH \
	"candidate template ignored: target attributes do not match"

/* An explicit specialization clang rejected for its missing target. */
struct spec_site {
	CXFile file;
	unsigned offset;	/* where clang placed the error */
	char *name;		/* the function's, as the error quotes it */
	enum wl_spec_target target;
};

/* What the errors of one parse ask for. */
struct verdict {
	unsigned errors;
	bool arch_error;	/* an #error under a __CUDA_ARCH__ test */
	CXFile *files;		/* the files to respell, the main one too */
	unsigned nr_files, alloc_files;
	struct spec_site *specs;
	unsigned nr_specs, alloc_specs;
};

static void note_file(struct verdict *v, CXFile file)
{
	unsigned i;

	for (i = 0; i < v->nr_files; i++)
		if (wl_same_file(v->files[i], file))
			return;
	WL_GROW(v->files, v->nr_files, v->alloc_files);
	v->files[v->nr_files++] = file;
}

static void free_verdict(struct verdict *v)
{
	unsigned i;

	for (i = 0; i < v->nr_specs; i++)
		free(v->specs[i].name);
	free(v->files);
	free(v->specs);
}

static enum CXChildVisitResult scan_targets(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	unsigned *flags = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CUDADeviceAttr)
		*flags |= 1;
	else if (clang_getCursorKind(c) == CXCursor_CUDAHostAttr)
		*flags |= 2;
	return CXChildVisit_Continue;
}

/*
 * Whether @d says that no template matches an explicit specialization
 * because their targets differ, the template being `__device__` (with or
 * without `__host__`): *@target is then what nvcc gives the
 * specialization.
 */
static bool untargeted_specialization(CXTranslationUnit tu, CXDiagnostic d,
				      enum wl_spec_target *target)
{
	CXDiagnosticSet notes = clang_getChildDiagnostics(d);
	unsigned n = notes ? clang_getNumDiagnosticsInSet(notes) : 0, i;
	bool found = false;

	for (i = 0; i < n && !found; i++) {
		CXDiagnostic note = clang_getDiagnosticInSet(notes, i);
		CXString text = clang_getDiagnosticSpelling(note);
		unsigned flags = 0;

		if (clang_getCString(text) &&
		    !strcmp(clang_getCString(text), TARGET_MISMATCH)) {
			CXCursor c = clang_getCursor(
				tu, clang_getDiagnosticLocation(note));

			clang_visitChildren(c, scan_targets, &flags);
		}
		if (flags & 1) {
			*target = flags & 2 ? WL_SPEC_HOST_DEVICE
					    : WL_SPEC_DEVICE;
			found = true;
		}
		clang_disposeString(text);
		clang_disposeDiagnostic(note);
	}
	return found;
}

/* "... specialization 'Ld'": the name between the last quotes. */
static void note_specialization(struct verdict *v, CXFile file,
				unsigned offset, const char *error,
				enum wl_spec_target target)
{
	const char *end = strrchr(error, '\''), *begin = end;
	struct spec_site *site;

	while (begin && begin > error && begin[-1] != '\'')
		begin--;
	if (!begin || begin == error)
		return;
	note_file(v, file);
	WL_GROW(v->specs, v->nr_specs, v->alloc_specs);
	site = &v->specs[v->nr_specs++];
	site->file = file;
	site->offset = offset;
	site->name = wl_xstrndup(begin, (size_t)(end - begin));
	site->target = target;
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
		const char *contents, *spelled;
		enum wl_spec_target target = WL_SPEC_DEVICE;

		if (clang_getDiagnosticSeverity(d) < CXDiagnostic_Error) {
			clang_disposeDiagnostic(d);
			continue;
		}
		v->errors++;
		clang_getSpellingLocation(clang_getDiagnosticLocation(d), &file,
					  NULL, NULL, &off);
		contents = file ? clang_getFileContents(tu, file, &size) : NULL;
		text = clang_getDiagnosticSpelling(d);
		spelled = clang_getCString(text) ? clang_getCString(text) : "";
		if (!contents) {
			/* nothing to respell, nothing to read */
		} else if (!strcmp(spelled, ASM_ESCAPE_ERROR)) {
			/* wl_parse() respells the main file's already */
			if (!wl_same_file(file, main_file))
				note_file(v, file);
		} else if (wl_starts_with(spelled, NO_TEMPLATE_MATCHES) &&
			   untargeted_specialization(tu, d, &target)) {
			note_specialization(v, file, off, spelled, target);
		} else if (is_error_directive(contents, size, off) &&
			   arch_guarded(contents, size, off)) {
			v->arch_error = true;
		}
		clang_disposeString(text);
		clang_disposeDiagnostic(d);
	}
}

/*
 * @text (@size bytes, as the first parse read it) respelled for the
 * sites of @v in @file, or NULL when none applied and its asm needs
 * nothing.
 */
static char *respell_file(const struct verdict *v, CXFile file,
			  const char *text, size_t size)
{
	char *out = wl_xmalloc(size + 1), *escaped;
	bool changed = false;
	unsigned i;

	memcpy(out, text, size);
	out[size] = '\0';
	for (i = 0; i < v->nr_specs; i++)
		if (wl_same_file(v->specs[i].file, file))
			changed |= wl_spelling_fix_specialization(
				out, size, v->specs[i].offset,
				v->specs[i].name, v->specs[i].target);
	escaped = wl_spelling_fix_asm_escapes(out, size);
	if (escaped) {
		free(out);
		return escaped;
	}
	if (!changed) {
		free(out);
		return NULL;
	}
	return out;
}

/*
 * The respelled files of @v, for a wl_parse_variant: the main file's
 * as its main_text (from @src's text, whose launches and asm
 * wl_parse_variant() respells as for every parse), the headers' as
 * unsaved files.
 */
static void respell_files(CXTranslationUnit tu, const struct wl_source *src,
			  const struct verdict *v,
			  struct wl_parse_variant *pv, char ***names,
			  char ***texts)
{
	CXString main_name = clang_getTranslationUnitSpelling(tu);
	CXFile main_file = clang_getFile(tu, clang_getCString(main_name));
	unsigned i;

	clang_disposeString(main_name);
	*names = wl_xcalloc(v->nr_files + 1, sizeof(**names));
	*texts = wl_xcalloc(v->nr_files + 1, sizeof(**texts));
	pv->files = wl_xcalloc(v->nr_files + 1, sizeof(*pv->files));
	pv->nr_files = 0;
	for (i = 0; i < v->nr_files; i++) {
		size_t size = 0;
		const char *text;
		char *fixed;
		CXString name;

		if (wl_same_file(v->files[i], main_file)) {
			pv->main_text = respell_file(v, main_file, src->text,
						     src->len);
			continue;
		}
		text = clang_getFileContents(tu, v->files[i], &size);
		fixed = text ? respell_file(v, v->files[i], text, size) : NULL;
		if (!fixed)
			continue;
		name = clang_getFileName(v->files[i]);
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
	if (!first.nr_files && !first.arch_error) {
		free_verdict(&first);
		return tu;
	}
	memset(&pv, 0, sizeof(pv));
	pv.nr_unkeyed = nr_guessed;
	respell_files(tu, src, &first, &pv, &names, &texts);
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
		free_verdict(&again);
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
	free((char *)pv.main_text);
	free_verdict(&first);
	return tu;
}

bool wl_dialect_same_text(const char *disk, const char *parsed, size_t len)
{
	char *fixed = wl_spelling_fix_asm_escapes(disk, len);
	bool same = wl_spelling_same_but_specializations(fixed ? fixed : disk,
							 parsed, len);

	free(fixed);
	return same;
}
