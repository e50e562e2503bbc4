/* SPDX-License-Identifier: MIT */
/* Emptying host function bodies for a device-only build (strip.h). */
#include "gpu_verify/strip.h"

#include <stdlib.h>
#include <string.h>

#include "base/source.h"
#include "base/util.h"

struct range {
	unsigned begin, end; /* the body's braces, inclusive */
};

struct strip {
	const struct wl_source *src;
	CXFile main; /* the file being stripped: src's */
	struct range *v;
	unsigned nr, alloc;
};

/* Whether @f is the file being stripped (by name: see main_offset). */
static bool is_ours(struct strip *s, CXFile f)
{
	CXString a, b;
	bool same;

	if (!f)
		return false;
	a = clang_getFileName(f);
	b = clang_getFileName(s->main);
	same = clang_getCString(a) && clang_getCString(b) &&
	       !strcmp(clang_getCString(a), clang_getCString(b));
	clang_disposeString(a);
	clang_disposeString(b);
	return same;
}

static enum CXChildVisitResult find_target(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_CUDADeviceAttr || k == CXCursor_CUDAGlobalAttr) {
		*(bool *)data = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult find_body(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CompoundStmt) {
		*(CXCursor *)data = c;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

/* Byte offset of @loc in the file being stripped (expansion), or false. */
static bool main_offset(struct strip *s, CXSourceLocation loc, unsigned *off)
{
	CXFile f;
	unsigned line, col;

	clang_getExpansionLocation(loc, &f, &line, &col, off);
	return is_ours(s, f) && *off < s->src->len;
}

static bool is_function(enum CXCursorKind k)
{
	return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod ||
	       k == CXCursor_Constructor || k == CXCursor_Destructor ||
	       k == CXCursor_ConversionFunction ||
	       k == CXCursor_FunctionTemplate;
}

static void consider(struct strip *s, CXCursor fn)
{
	CXCursor body = clang_getNullCursor();
	CXSourceRange r;
	unsigned b, e, i;
	bool device = false;

	clang_visitChildren(fn, find_target, &device);
	if (device)
		return;
	clang_visitChildren(fn, find_body, &body);
	if (clang_Cursor_isNull(body))
		return;
	r = clang_getCursorExtent(body);
	if (!main_offset(s, clang_getRangeStart(r), &b) ||
	    !main_offset(s, clang_getRangeEnd(r), &e) || e <= b ||
	    s->src->text[b] != '{' || s->src->text[e - 1] != '}')
		return;
	/* constexpr functions are host and device to clang: keep them. */
	{
		unsigned start;

		if (!main_offset(s, clang_getRangeStart(
					clang_getCursorExtent(fn)),
				 &start) ||
		    start > b)
			return;
		for (i = start; i + 9 <= b; i++)
			if (!memcmp(s->src->text + i, "constexpr", 9))
				return;
	}
	WL_GROW(s->v, s->nr, s->alloc);
	s->v[s->nr].begin = b;
	s->v[s->nr].end = e - 1;
	s->nr++;
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent,
				     CXClientData data)
{
	struct strip *s = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	CXFile f;
	unsigned line, col, off;

	(void)parent;
	/* Namespaces and linkage blocks open in one file and hold
	 * declarations of others: look inside whatever their file. */
	if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec ||
	    k == CXCursor_UnexposedDecl)
		return CXChildVisit_Recurse;
	clang_getExpansionLocation(clang_getCursorLocation(c), &f, &line, &col,
				   &off);
	if (!is_ours(s, f))
		return CXChildVisit_Continue;
	if (is_function(k)) {
		if (clang_isCursorDefinition(c))
			consider(s, c);
		return CXChildVisit_Continue;
	}
	if (k == CXCursor_ClassDecl || k == CXCursor_StructDecl ||
	    k == CXCursor_ClassTemplate ||
	    k == CXCursor_ClassTemplatePartialSpecialization)
		return CXChildVisit_Recurse;
	return CXChildVisit_Continue;
}

static int cmp_range(const void *a, const void *b)
{
	const struct range *x = a, *y = b;

	return (x->begin > y->begin) - (x->begin < y->begin);
}

char *gv_strip_host(CXTranslationUnit tu, const struct wl_source *src,
		    size_t *len, unsigned *nr_stripped)
{
	struct strip s = {src, NULL, NULL, 0, 0};
	struct wl_buf out = WL_BUF_INIT;
	unsigned i, at = 0, p;

	s.main = clang_getFile(tu, src->path);
	if (s.main)
		clang_visitChildren(clang_getTranslationUnitCursor(tu), visit,
				    &s);
	if (s.nr)
		qsort(s.v, s.nr, sizeof(*s.v), cmp_range);
	*nr_stripped = 0;
	for (i = 0; i < s.nr; i++) {
		if (s.v[i].begin < at)
			continue; /* nested in one already emptied */
		wl_buf_add(&out, src->text + at, s.v[i].begin + 1 - at);
		for (p = s.v[i].begin + 1; p < s.v[i].end; p++)
			if (src->text[p] == '\n')
				wl_buf_addc(&out, '\n');
		at = s.v[i].end;
		(*nr_stripped)++;
	}
	wl_buf_add(&out, src->text + at, src->len - at);
	if (!out.s)
		wl_buf_adds(&out, "");
	*len = out.len;
	free(s.v);
	return wl_buf_detach(&out);
}
