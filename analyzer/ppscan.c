/* SPDX-License-Identifier: MIT */
/*
 * Preprocessor conditions (see ppcond.c): the #if groups read from the
 * file's text, and what the parse did with them (skipped ranges, macro
 * expansions and definitions, headers not found).
 */

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/model.h"
#include "analyzer/ppint.h"
#include "base/source.h"
#include "base/util.h"

/* ---- reading directives from the text ---- */

/*
 * From @i, the end of the logical line: the offset of the newline that
 * ends it (or @n).  Backslash-newlines continue it; strings and comments
 * are skipped.  In a directive a block comment carries the line on; in
 * code the newline ends the line and *@in_comment remembers the comment.
 */
static unsigned line_end(const char *t, unsigned n, unsigned i,
			 bool *in_comment, bool directive)
{
	while (i < n) {
		char c = t[i];

		if (*in_comment) {
			if (c == '*' && i + 1 < n && t[i + 1] == '/') {
				*in_comment = false;
				i += 2;
				continue;
			}
			if (c == '\n' && !directive)
				return i;
			i++;
			continue;
		}
		if (c == '\n')
			return i;
		if (c == '\\' && i + 1 < n && t[i + 1] == '\n') {
			i += 2;
			continue;
		}
		if (c == '\\' && i + 2 < n && t[i + 1] == '\r' && t[i + 2] == '\n') {
			i += 3;
			continue;
		}
		if (c == '/' && i + 1 < n && t[i + 1] == '*') {
			*in_comment = true;
			i += 2;
			continue;
		}
		if (c == '/' && i + 1 < n && t[i + 1] == '/') {
			while (i < n && t[i] != '\n') {
				if (t[i] == '\\' && i + 1 < n && t[i + 1] == '\n')
					i++;
				i++;
			}
			return i;
		}
		if (c == '"' || c == '\'') {
			i++;
			while (i < n && t[i] != c && t[i] != '\n') {
				if (t[i] == '\\' && i + 1 < n)
					i++;
				i++;
			}
			if (i < n && t[i] == c)
				i++;
			continue;
		}
		i++;
	}
	return n;
}

static bool keyword_kind(const char *kw, size_t len, enum wl_pp_kind *out)
{
	static const struct {
		const char *name;
		enum wl_pp_kind kind;
	} kws[] = {
		{ "if", WL_PP_IF },	    { "ifdef", WL_PP_IFDEF },
		{ "ifndef", WL_PP_IFNDEF }, { "elif", WL_PP_ELIF },
		{ "elifdef", WL_PP_ELIFDEF }, { "elifndef", WL_PP_ELIFNDEF },
		{ "else", WL_PP_ELSE },
	};
	unsigned i;

	for (i = 0; i < WL_ARRAY_SIZE(kws); i++)
		if (strlen(kws[i].name) == len && !memcmp(kws[i].name, kw, len)) {
			*out = kws[i].kind;
			return true;
		}
	return false;
}

/* The condition as one line: continuations and comments become spaces. */
static char *condition_text(const char *t, unsigned b, unsigned e)
{
	struct wl_buf buf = WL_BUF_INIT;
	bool space = false;
	unsigned i = b;

	while (i < e) {
		if (t[i] == '/' && i + 1 < e && t[i + 1] == '*') {
			const char *close = strstr(t + i + 2, "*/");

			i = close && (unsigned)(close - t) + 2 <= e
				    ? (unsigned)(close - t) + 2
				    : e;
			space = true;
			continue;
		}
		if (t[i] == '/' && i + 1 < e && t[i + 1] == '/')
			break;
		if (t[i] == '\\' || isspace((unsigned char)t[i])) {
			space = true;
			i++;
			continue;
		}
		if (space && buf.len)
			wl_buf_addc(&buf, ' ');
		space = false;
		wl_buf_addc(&buf, t[i++]);
	}
	return wl_buf_detach(&buf);
}

static struct wl_pp_branch *new_branch(struct wl_ppcond *pp)
{
	struct wl_pp_branch *b;

	WL_GROW(pp->branches, pp->nr_branches, pp->alloc_branches);
	b = &pp->branches[pp->nr_branches++];
	memset(b, 0, sizeof(*b));
	b->parent = -1;
	return b;
}

/* The last branch of group @g so far (groups are built in order). */
static struct wl_pp_branch *last_branch(struct wl_ppcond *pp, unsigned g)
{
	struct wl_pp_group *grp = &pp->groups[g];

	return &pp->branches[grp->members[grp->nr - 1]];
}

struct scan_state {
	unsigned *stack;	/* open groups */
	unsigned depth, alloc;
};

static void on_directive(struct wl_ppcond *pp, struct scan_state *st,
			 unsigned begin, unsigned kw, unsigned kw_len,
			 unsigned nl, unsigned end)
{
	const char *t = pp->src->text;
	enum wl_pp_kind kind;
	struct wl_pp_branch *b;
	struct wl_pp_group *g;

	WL_GROW(pp->directives, pp->nr_directives, pp->alloc_directives);
	pp->directives[pp->nr_directives++] = begin;
	WL_GROW(pp->directives, pp->nr_directives, pp->alloc_directives);
	pp->directives[pp->nr_directives++] = end;
	if (kw_len == 5 && !memcmp(t + kw, "endif", 5)) {
		if (!st->depth)
			return;
		g = &pp->groups[st->stack[--st->depth]];
		last_branch(pp, (unsigned)(g - pp->groups))->body_end = begin;
		g->endif_begin = begin;
		g->endif_end = end;
		g->complete = true;
		return;
	}
	if (!keyword_kind(t + kw, kw_len, &kind))
		return;
	if (kind <= WL_PP_IFNDEF) {
		int parent = -1;

		if (st->depth)
			parent = (int)(last_branch(pp, st->stack[st->depth - 1]) -
				       pp->branches);
		WL_GROW(pp->groups, pp->nr_groups, pp->alloc_groups);
		g = &pp->groups[pp->nr_groups];
		memset(g, 0, sizeof(*g));
		WL_GROW(st->stack, st->depth, st->alloc);
		st->stack[st->depth++] = pp->nr_groups++;
		b = new_branch(pp);
		b->parent = parent;
	} else {
		struct wl_pp_branch *prev;
		int parent;

		if (!st->depth)
			return;
		prev = last_branch(pp, st->stack[st->depth - 1]);
		prev->body_end = begin;
		parent = prev->parent;
		b = new_branch(pp);
		b->parent = parent;
		g = &pp->groups[st->stack[st->depth - 1]];
	}
	g->members = wl_xrealloc(g->members, (g->nr + 1) * sizeof(*g->members));
	g->members[g->nr++] = (unsigned)(b - pp->branches);
	b->kind = kind;
	b->group = (unsigned)(g - pp->groups);
	b->line_begin = begin;
	b->line_nl = nl;
	b->line_end = end;
	b->keyword = kw;
	b->keyword_len = kw_len;
	b->body_begin = end;
	b->body_end = (unsigned)pp->src->len;
	b->cond = condition_text(t, kw + kw_len, nl);
}

void pp_scan_directives(struct wl_ppcond *pp)
{
	const char *t = pp->src->text;
	unsigned n = (unsigned)pp->src->len, i = 0;
	struct scan_state st = { NULL, 0, 0 };
	bool in_comment = false;

	while (i < n) {
		unsigned j = i, nl, kw, kw_end;

		if (!in_comment) {
			while (j < n && (t[j] == ' ' || t[j] == '\t'))
				j++;
		}
		if (in_comment || j >= n || t[j] != '#') {
			nl = line_end(t, n, i, &in_comment, false);
			i = nl < n ? nl + 1 : n;
			continue;
		}
		kw = j + 1;
		while (kw < n && (t[kw] == ' ' || t[kw] == '\t'))
			kw++;
		kw_end = kw;
		while (kw_end < n && (isalnum((unsigned char)t[kw_end]) ||
				      t[kw_end] == '_'))
			kw_end++;
		nl = line_end(t, n, kw_end, &in_comment, true);
		in_comment = false;
		on_directive(pp, &st, i, kw, kw_end - kw, nl,
			     nl < n ? nl + 1 : n);
		i = nl < n ? nl + 1 : n;
	}
	free(st.stack);
}

/* ---- what the parse did: skipped ranges, expansions, definitions ---- */

void pp_mark_active(struct wl_ppcond *pp, CXFile main_file)
{
	CXSourceRangeList *list = clang_getSkippedRanges(pp->tu, main_file);
	unsigned i, k;

	for (i = 0; i < pp->nr_branches; i++)
		pp->branches[i].active = true;
	if (!list)
		return;
	for (k = 0; k < list->count; k++) {
		unsigned b = 0, e = 0;

		clang_getFileLocation(clang_getRangeStart(list->ranges[k]), NULL,
				      NULL, NULL, &b);
		clang_getFileLocation(clang_getRangeEnd(list->ranges[k]), NULL,
				      NULL, NULL, &e);
		/*
		 * A skipped range runs from the '#' of the directive that
		 * starts skipping to the end of the one that stops it: a
		 * branch is skipped when its directive's newline is inside.
		 */
		for (i = 0; i < pp->nr_branches; i++)
			if (pp->branches[i].line_nl >= b &&
			    pp->branches[i].line_nl < e)
				pp->branches[i].active = false;
	}
	clang_disposeSourceRangeList(list);
}

static unsigned hash_name(const char *s)
{
	unsigned h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

struct wl_pp_macro_def *pp_find_def(const struct wl_ppcond *pp,
				    const char *name)
{
	unsigned h, i;

	if (!pp->nr_def_slots)
		return NULL;
	h = hash_name(name);
	for (i = 0; i < pp->nr_def_slots; i++) {
		struct wl_pp_macro_def *d =
			&pp->defs[(h + i) & (pp->nr_def_slots - 1)];

		if (!d->name)
			return NULL;
		if (!strcmp(d->name, name))
			return d;
	}
	return NULL;
}

struct collect {
	struct wl_ppcond *pp;
	CXFile main_file;
	CXCursor *defs;
	unsigned nr_defs, alloc_defs;
};

static enum CXChildVisitResult collect_entity(CXCursor c, CXCursor parent,
					      CXClientData data)
{
	struct collect *cl = data;
	enum CXCursorKind kind = clang_getCursorKind(c);

	(void)parent;
	if (kind == CXCursor_MacroDefinition) {
		WL_GROW(cl->defs, cl->nr_defs, cl->alloc_defs);
		cl->defs[cl->nr_defs++] = c;
	} else if (kind == CXCursor_MacroExpansion) {
		CXFile f = NULL;
		unsigned off = 0;

		clang_getSpellingLocation(clang_getCursorLocation(c), &f, NULL,
					  NULL, &off);
		if (f && wl_same_file(f, cl->main_file)) {
			struct wl_ppcond *pp = cl->pp;

			WL_GROW(pp->expansions, pp->nr_expansions,
				pp->alloc_expansions);
			pp->expansions[pp->nr_expansions++] = off;
		}
	}
	return CXChildVisit_Continue;
}

static int cmp_unsigned(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;

	return x < y ? -1 : x > y;
}

void pp_collect_macros(struct wl_ppcond *pp, CXFile main_file)
{
	struct collect cl = { pp, main_file, NULL, 0, 0 };
	unsigned i;

	clang_visitChildren(clang_getTranslationUnitCursor(pp->tu),
			    collect_entity, &cl);
	if (pp->nr_expansions)	/* qsort's base may not be NULL */
		qsort(pp->expansions, pp->nr_expansions,
		      sizeof(*pp->expansions), cmp_unsigned);
	pp->nr_def_slots = 16;
	while (pp->nr_def_slots < 2 * cl.nr_defs)
		pp->nr_def_slots *= 2;
	pp->defs = wl_xcalloc(pp->nr_def_slots, sizeof(*pp->defs));
	/* A later definition of a name replaces an earlier one. */
	for (i = 0; i < cl.nr_defs; i++) {
		CXString s = clang_getCursorSpelling(cl.defs[i]);
		const char *name = clang_getCString(s);
		struct wl_pp_macro_def *d = pp_find_def(pp, name);

		if (!d) {
			unsigned h = hash_name(name), k = 0;

			while (pp->defs[(h + k) & (pp->nr_def_slots - 1)].name)
				k++;
			d = &pp->defs[(h + k) & (pp->nr_def_slots - 1)];
			d->name = wl_xstrdup(name);
		}
		d->cursor = cl.defs[i];
		clang_disposeString(s);
	}
	free(cl.defs);
}

void pp_find_missing_header(struct wl_ppcond *pp, CXFile main_file)
{
	unsigned n = clang_getNumDiagnostics(pp->tu), i;

	for (i = 0; i < n && !pp->missing_header; i++) {
		CXDiagnostic d = clang_getDiagnostic(pp->tu, i);
		CXString s = clang_getDiagnosticSpelling(d);
		const char *text = clang_getCString(s);
		const char *q = strchr(text, '\'');
		const char *end = q ? strstr(q + 1, "' file not found") : NULL;

		if (end) {
			CXFile f = NULL;
			unsigned off = 0;

			pp->missing_header = wl_xstrndup(q + 1,
							 (size_t)(end - q - 1));
			clang_getSpellingLocation(clang_getDiagnosticLocation(d),
						  &f, NULL, NULL, &off);
			pp->missing_offset =
				f && wl_same_file(f, main_file) ? off : 0;
		}
		clang_disposeString(s);
		clang_disposeDiagnostic(d);
	}
}

bool wl_pp_is_expansion(const struct wl_ppcond *pp, unsigned offset)
{
	unsigned lo = 0, hi = pp->nr_expansions;

	while (lo < hi) {
		unsigned mid = lo + (hi - lo) / 2;

		if (pp->expansions[mid] < offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < pp->nr_expansions && pp->expansions[lo] == offset;
}

bool wl_pp_macro_defined(const struct wl_ppcond *pp, const char *name)
{
	return pp_find_def(pp, name) != NULL;
}
