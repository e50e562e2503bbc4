/* SPDX-License-Identifier: MIT */
/* What a kernel's own code says about its block size (blocks.h). */
#include "gpu_verify/blocks.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "gpu_verify/expr.h"

/* ---- tokens and macros ------------------------------------------------ */

/*
 * @c's extent between the expansion locations of its ends: a function
 * that starts with a macro (__global__) has its start spelled in the
 * header that defines it, and clang_tokenize() wants one file.
 */
static CXSourceRange file_extent(CXTranslationUnit tu, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile fa, fb;
	unsigned a, b, line, col;

	clang_getExpansionLocation(clang_getRangeStart(r), &fa, &line, &col,
				   &a);
	clang_getExpansionLocation(clang_getRangeEnd(r), &fb, &line, &col,
				   &b);
	if (!fa || !fb || !clang_File_isEqual(fa, fb) || b < a)
		return r;
	return clang_getRange(clang_getLocationForOffset(tu, fa, a),
			      clang_getLocationForOffset(tu, fb, b));
}

char *gv_cursor_tokens(CXTranslationUnit tu, CXCursor c)
{
	struct wl_buf b = WL_BUF_INIT;
	CXToken *toks = NULL;
	unsigned n = 0, i;

	clang_tokenize(tu, file_extent(tu, c), &toks, &n);
	for (i = 0; i < n; i++) {
		CXString s = clang_getTokenSpelling(tu, toks[i]);

		wl_buf_addf(&b, "%s%s", i ? " " : "", clang_getCString(s));
		clang_disposeString(s);
	}
	if (toks)
		clang_disposeTokens(tu, toks, n);
	if (!b.s)
		wl_buf_adds(&b, "");
	return wl_buf_detach(&b);
}

struct gv_macros {
	char **names, **texts;
	unsigned nr, alloc;
};

static enum CXChildVisitResult visit_macro(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct gv_macros *m = data;
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	char *toks, *sp;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_MacroDefinition ||
	    clang_Cursor_isMacroFunctionLike(c) ||
	    clang_Cursor_isMacroBuiltin(c))
		return CXChildVisit_Continue;
	toks = gv_cursor_tokens(tu, c);
	sp = strchr(toks, ' ');
	if (sp) {
		unsigned alloc = m->alloc;

		WL_GROW(m->names, m->nr, m->alloc);
		if (alloc != m->alloc)
			m->texts = wl_xrealloc(m->texts,
					       m->alloc * sizeof(*m->texts));
		m->names[m->nr] = wl_xstrndup(toks, (size_t)(sp - toks));
		m->texts[m->nr] = wl_xstrdup(sp + 1);
		m->nr++;
	}
	free(toks);
	return CXChildVisit_Continue;
}

struct gv_macros *gv_macros_read(CXTranslationUnit tu)
{
	struct gv_macros *m = wl_xcalloc(1, sizeof(*m));

	clang_visitChildren(clang_getTranslationUnitCursor(tu), visit_macro,
			    m);
	return m;
}

void gv_macros_free(struct gv_macros *m)
{
	unsigned i;

	if (!m)
		return;
	for (i = 0; i < m->nr; i++) {
		free(m->names[i]);
		free(m->texts[i]);
	}
	free(m->names);
	free(m->texts);
	free(m);
}

/* The last definition wins, as it would in the preprocessor. */
static const char *macro_text(const struct gv_macros *m, const char *name)
{
	unsigned i;

	for (i = m ? m->nr : 0; i-- > 0;)
		if (!strcmp(m->names[i], name))
			return m->texts[i];
	return NULL;
}

static void expand(struct wl_buf *b, const char *text,
		   const struct gv_macros *m, const char *const *names,
		   const char *const *vals, unsigned nr, int depth)
{
	const char *p = text;

	while (*p) {
		const char *start = p, *rep = NULL;
		char *word;
		unsigned i;

		if (!isalpha((unsigned char)*p) && *p != '_') {
			if (isdigit((unsigned char)*p)) {
				/* 256u, 1UL: the value without its suffix. */
				while (isalnum((unsigned char)*p))
					p++;
				while (p > start && strchr("uUlL", p[-1]))
					p--;
				wl_buf_add(b, start, (size_t)(p - start));
				while (isalnum((unsigned char)*p))
					p++;
				continue;
			}
			wl_buf_addc(b, *p++);
			continue;
		}
		while (isalnum((unsigned char)*p) || *p == '_')
			p++;
		word = wl_xstrndup(start, (size_t)(p - start));
		for (i = 0; i < nr && !rep; i++)
			if (!strcmp(names[i], word))
				rep = vals[i];
		if (!rep && depth < 8)
			rep = macro_text(m, word);
		if (rep) {
			wl_buf_addc(b, '(');
			expand(b, rep, m, names, vals, nr, depth + 1);
			wl_buf_addc(b, ')');
		} else {
			wl_buf_adds(b, word);
		}
		free(word);
	}
}

int gv_eval_tokens(const char *text, const struct gv_macros *m,
		   const char *const *names, const char *const *vals,
		   unsigned nr, long long *out)
{
	struct gv_vars none = {0, 0, 0, 0, 0};
	struct wl_buf b = WL_BUF_INIT;
	char *s;
	int r = -1;

	expand(&b, text, m, names, vals, nr, 0);
	s = wl_buf_detach(&b);
	/* Only numbers and operators may be left: the variables of a
	 * shape (n, grid...) are no constants here. */
	if (s && !strpbrk(s, "abcdefghijklmnopqrstuvwxyz"
			     "ABCDEFGHIJKLMNOPQRSTUVWXYZ_"))
		r = gv_expr_eval(s, &none, out);
	free(s);
	return r;
}

/* ---- the walk over a kernel ------------------------------------------ */

/* Whether @word occurs in @text as a whole identifier. */
static bool has_word(const char *text, const char *word)
{
	size_t n = strlen(word);
	const char *p = text;

	while (n && (p = strstr(p, word))) {
		bool left = p == text || (!isalnum((unsigned char)p[-1]) &&
					  p[-1] != '_');
		bool right = !isalnum((unsigned char)p[n]) && p[n] != '_';

		if (left && right)
			return true;
		p += n;
	}
	return false;
}

struct walk {
	CXTranslationUnit tu;
	const struct gv_macros *m;
	const char *const *names, *const *vals;
	unsigned nr;
	char **tid;	     /* locals holding threadIdx.x */
	unsigned nr_tid, alloc_tid;
	unsigned lo_extent;  /* smallest extent indexed by the thread */
	unsigned hi_extent;  /* largest */
	unsigned checked;    /* blockDim.x compared with this constant */
	long long smem;	     /* static shared bytes, -1 unknown */
	const char *block_name; /* gv_is_block_param: the parameter */
	bool block_use;
};

static char *squeezed_tokens(CXTranslationUnit tu, CXCursor c)
{
	char *t = gv_cursor_tokens(tu, c), *p, *q;

	for (p = q = t; *p; p++)
		if (*p != ' ')
			*q++ = *p;
	*q = '\0';
	return t;
}

static unsigned children(CXCursor c, CXCursor *out, unsigned max);

struct kids {
	CXCursor *v;
	unsigned nr, max;
};

static enum CXChildVisitResult visit_kid(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct kids *k = data;

	(void)parent;
	if (k->nr < k->max)
		k->v[k->nr] = c;
	k->nr++;
	return CXChildVisit_Continue;
}

static unsigned children(CXCursor c, CXCursor *out, unsigned max)
{
	struct kids k = {out, 0, max};

	clang_visitChildren(c, visit_kid, &k);
	return k.nr < max ? k.nr : max;
}

static enum CXChildVisitResult find_shared(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CUDASharedAttr) {
		*(bool *)data = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

static bool is_shared(CXCursor decl)
{
	bool shared = false;

	clang_visitChildren(decl, find_shared, &shared);
	return shared;
}

/* The declared extent of dimension @dim of array @decl, or 0. */
static unsigned extent(struct walk *w, CXCursor decl, unsigned dim)
{
	CXType t = clang_getCursorType(decl);
	char *toks, *p;
	long long v = 0;
	unsigned i;

	if (t.kind == CXType_ConstantArray) {
		for (i = 0; i < dim; i++)
			t = clang_getArrayElementType(t);
		v = t.kind == CXType_ConstantArray ? clang_getArraySize(t) : 0;
		return v > 0 && v < (1 << 30) ? (unsigned)v : 0;
	}
	/* Dependent ("T s[BLOCK]"): the bracketed tokens, evaluated. */
	toks = gv_cursor_tokens(w->tu, decl);
	p = toks;
	for (i = 0; p && i <= dim; i++) {
		p = strchr(p, '[');
		if (p)
			p++;
	}
	if (p) {
		char *end = strchr(p, ']');

		if (end) {
			*end = '\0';
			if (gv_eval_tokens(p, w->m, w->names, w->vals, w->nr,
					   &v) < 0)
				v = 0;
		}
	}
	free(toks);
	return v > 0 && v < (1 << 30) ? (unsigned)v : 0;
}

/* Whether @idx (squeezed) is threadIdx.x or a tid local, maybe + k. */
static bool thread_index(const struct walk *w, const char *idx)
{
	const char *rest = NULL;
	unsigned i;

	if (wl_starts_with(idx, "threadIdx.x"))
		rest = idx + strlen("threadIdx.x");
	for (i = 0; !rest && i < w->nr_tid; i++)
		if (wl_starts_with(idx, w->tid[i]) &&
		    !isalnum((unsigned char)idx[strlen(w->tid[i])]) &&
		    idx[strlen(w->tid[i])] != '_')
			rest = idx + strlen(w->tid[i]);
	return rest && (!*rest || *rest == '+');
}

/* Strip implicit casts and parentheses down to the expression itself. */
static CXCursor unwrap(CXCursor c)
{
	CXCursor k[2];

	while ((clang_getCursorKind(c) == CXCursor_UnexposedExpr ||
		clang_getCursorKind(c) == CXCursor_ParenExpr) &&
	       children(c, k, 2) == 1)
		c = k[0];
	return c;
}

/* The declaration a subscript base names (s, smem.sum), and its root
 * variable (s, smem). */
static bool base_decl(CXCursor base, CXCursor *decl, CXCursor *root)
{
	CXCursor k[2];
	enum CXCursorKind kind = clang_getCursorKind(base);

	if (kind == CXCursor_DeclRefExpr) {
		*decl = *root = clang_getCursorReferenced(base);
		return clang_getCursorKind(*decl) == CXCursor_VarDecl;
	}
	if (kind == CXCursor_MemberRefExpr && children(base, k, 2) >= 1) {
		CXCursor inner = unwrap(k[0]);

		*decl = clang_getCursorReferenced(base);
		if (clang_getCursorKind(inner) != CXCursor_DeclRefExpr)
			return false;
		*root = clang_getCursorReferenced(inner);
		return clang_getCursorKind(*root) == CXCursor_VarDecl;
	}
	return false;
}

static void note_extent(struct walk *w, unsigned e)
{
	if (!e)
		return;
	if (!w->lo_extent || e < w->lo_extent)
		w->lo_extent = e;
	if (e > w->hi_extent)
		w->hi_extent = e;
}

static void subscript(struct walk *w, CXCursor c)
{
	CXCursor k[2], base, decl, root;
	unsigned dim = 0;
	char *idx;

	if (children(c, k, 2) != 2)
		return;
	base = unwrap(k[0]);
	/* s[y][x]: x indexes the second dimension of s. */
	if (clang_getCursorKind(base) == CXCursor_ArraySubscriptExpr) {
		CXCursor k2[2];

		if (children(base, k2, 2) != 2)
			return;
		base = unwrap(k2[0]);
		dim = 1;
	}
	if (!base_decl(base, &decl, &root) || !is_shared(root))
		return;
	idx = squeezed_tokens(w->tu, k[1]);
	if (thread_index(w, idx))
		note_extent(w, extent(w, decl, dim));
	free(idx);
}

static void var_decl(struct walk *w, CXCursor c)
{
	char *toks = squeezed_tokens(w->tu, c), *eq = strchr(toks, '=');
	static const char *const forms[] = {
	    "threadIdx.x",	    "(int)threadIdx.x",
	    "(unsigned)threadIdx.x", "(unsignedint)threadIdx.x",
	    "int(threadIdx.x)",	    "static_cast<int>(threadIdx.x)",
	};
	unsigned i;

	if (is_shared(c)) {
		long long sz = clang_Type_getSizeOf(clang_getCursorType(c));

		if (strstr(toks, "extern"))
			sz = 0;
		if (sz < 0 || w->smem < 0)
			w->smem = -1;
		else
			w->smem += sz;
		/* "s[BLOCK]" names the parameter as an extent. */
		if (w->block_name && strchr(toks, '[') &&
		    has_word(strchr(toks, '['), w->block_name))
			w->block_use = true;
	}
	for (i = 0; eq && i < WL_ARRAY_SIZE(forms); i++)
		if (!strcmp(eq + 1, forms[i])) {
			CXString s = clang_getCursorSpelling(c);

			WL_GROW(w->tid, w->nr_tid, w->alloc_tid);
			w->tid[w->nr_tid++] = wl_xstrdup(clang_getCString(s));
			clang_disposeString(s);
		}
	free(toks);
}

static void comparison(struct walk *w, CXCursor c)
{
	enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
	CXCursor k[2];
	char *l, *r;
	long long v;
	unsigned i;

	if (op < CXBinaryOperator_LT || op > CXBinaryOperator_NE ||
	    children(c, k, 2) != 2)
		return;
	l = squeezed_tokens(w->tu, k[0]);
	r = squeezed_tokens(w->tu, k[1]);
	if (w->block_name &&
	    (strstr(l, "threadIdx") || strstr(l, "blockDim") ||
	     strstr(r, "threadIdx") || strstr(r, "blockDim")) &&
	    (has_word(l, w->block_name) || has_word(r, w->block_name)))
		w->block_use = true;
	if (op == CXBinaryOperator_EQ || op == CXBinaryOperator_NE) {
		for (i = 0; i < 2; i++) {
			const char *me = i ? r : l;
			char *other = gv_cursor_tokens(w->tu, k[!i]);

			if (!strcmp(me, "blockDim.x") &&
			    gv_eval_tokens(other, w->m, w->names, w->vals,
					   w->nr, &v) == 0 &&
			    v > 0 && v <= 1024)
				w->checked = (unsigned)v;
			free(other);
		}
	}
	free(l);
	free(r);
}

static enum CXChildVisitResult walk_body(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct walk *w = data;

	(void)parent;
	switch (clang_getCursorKind(c)) {
	case CXCursor_VarDecl:
		var_decl(w, c);
		break;
	case CXCursor_ArraySubscriptExpr:
		subscript(w, c);
		break;
	case CXCursor_BinaryOperator:
		comparison(w, c);
		break;
	default:
		break;
	}
	return CXChildVisit_Recurse;
}

/* The first argument of __launch_bounds__ in @fn's declaration, or NULL. */
static char *launch_bounds_arg(CXTranslationUnit tu, CXCursor fn)
{
	char *toks = gv_cursor_tokens(tu, fn), *p, *r = NULL;
	char *body = strstr(toks, " {");

	if (body)
		*body = '\0';
	p = strstr(toks, "__launch_bounds__ (");
	if (!p)
		p = strstr(toks, "launch_bounds (");
	if (p) {
		size_t n;

		p = strchr(p, '(') + 1;
		n = strcspn(p, ",)");
		r = wl_xstrndup(p, n);
	}
	free(toks);
	return r;
}

void gv_block_facts(CXTranslationUnit tu, CXCursor fn,
		    const struct gv_macros *m, const char *const *names,
		    const char *const *vals, unsigned nr,
		    struct gv_block_facts *out)
{
	struct walk w;
	char *lb = launch_bounds_arg(tu, fn);
	long long bound = 0;
	unsigned i;

	memset(&w, 0, sizeof(w));
	memset(out, 0, sizeof(*out));
	w.tu = tu;
	w.m = m;
	w.names = names;
	w.vals = vals;
	w.nr = nr;
	clang_visitChildren(fn, walk_body, &w);
	out->smem = w.smem;
	if (lb && gv_eval_tokens(lb, m, names, vals, nr, &bound) == 0 &&
	    bound > 0 && bound <= 1024) {
		out->max = (unsigned)bound;
		snprintf(out->why, sizeof(out->why),
			 "__launch_bounds__(%lld)", bound);
	}
	if (w.lo_extent) {
		unsigned e = w.lo_extent > 1024 ? 1024 : w.lo_extent;

		if (!out->max || e < out->max)
			out->max = e;
		/* One extent, whole warps: a reduction over one element a
		 * thread assumes the block is exactly that. */
		if (w.lo_extent == w.hi_extent && e % 32 == 0)
			out->exact = e;
		snprintf(out->why + strlen(out->why),
			 sizeof(out->why) - strlen(out->why),
			 "%sshared array of %u indexed by the thread",
			 out->why[0] ? ", " : "", w.lo_extent);
	}
	if (w.checked) {
		out->exact = w.checked;
		snprintf(out->why + strlen(out->why),
			 sizeof(out->why) - strlen(out->why),
			 "%sblockDim.x checked against %u",
			 out->why[0] ? ", " : "", w.checked);
	}
	if (out->exact && out->max && out->exact > out->max)
		out->exact = 0;
	for (i = 0; i < w.nr_tid; i++)
		free(w.tid[i]);
	free(w.tid);
	free(lb);
}

bool gv_is_block_param(CXTranslationUnit tu, CXCursor fn, const char *name)
{
	static const char *const like[] = {
	    "blocksize",     "block_size",   "blockthreads", "block_threads",
	    "nthreads",	     "num_threads",  "ctasize",	     "cta_size",
	    "threadsperblock", "threads_per_block", "tpb",   "blockdim",
	    "block_dim",     "nt",	     "bdim",	     "block",
	};
	char low[64], *lb;
	struct walk w;
	size_t i;
	bool r = false;

	for (i = 0; name[i] && i + 1 < sizeof(low); i++)
		low[i] = (char)tolower((unsigned char)name[i]);
	low[i] = '\0';
	for (i = 0; i < WL_ARRAY_SIZE(like); i++)
		if (!strcmp(low, like[i]))
			return true;
	lb = launch_bounds_arg(tu, fn);
	if (lb && has_word(lb, name))
		r = true;
	free(lb);
	if (r)
		return true;
	memset(&w, 0, sizeof(w));
	w.tu = tu;
	w.block_name = name;
	clang_visitChildren(fn, walk_body, &w);
	for (i = 0; i < w.nr_tid; i++)
		free(w.tid[i]);
	free(w.tid);
	return w.block_use;
}
