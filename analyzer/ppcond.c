/* SPDX-License-Identifier: MIT */
/*
 * The preprocessor conditions of the main file.  libclang reports which
 * ranges the parse skipped but not the conditional structure, so the
 * directives are read here from the text; the skipped ranges then say
 * which branches were compiled, and the preprocessing record says which
 * macros a condition named were defined.
 *
 * "CUDA 13" below is a model of the builds a current toolkit makes: the
 * toolkit macros at 13.0, __CUDA_ARCH__ one of the architectures nvcc 13
 * targets (sm_75 and later; the device pass, as warplint parses), no HIP
 * macro, and every other macro as this file's translation unit defines
 * it; a macro the unit leaves undefined is unknown (the build may define
 * it).  Conditions are evaluated in three values under each architecture.
 */
#include "analyzer/ppcond.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/diag.h"
#include "analyzer/model.h"
#include "analyzer/source.h"
#include "analyzer/util.h"
#include "fixits/edit.h"

/* A macro definition of the translation unit (open-addressing slot). */
struct wl_pp_macro_def {
	char *name;
	CXCursor cursor;
};

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

static void scan_directives(struct wl_ppcond *pp)
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

static void mark_active(struct wl_ppcond *pp, CXFile main_file)
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

static struct wl_pp_macro_def *find_def(const struct wl_ppcond *pp,
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

static void collect_macros(struct wl_ppcond *pp, CXFile main_file)
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
		struct wl_pp_macro_def *d = find_def(pp, name);

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

static void find_missing_header(struct wl_ppcond *pp, CXFile main_file)
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
	return find_def(pp, name) != NULL;
}

/* ---- conditions: lexing and three-valued evaluation ---- */

enum ctok_kind { CT_NUM, CT_ID, CT_PUNCT, CT_OTHER };

struct ctok {
	enum ctok_kind kind;
	char text[64];
	long long value;
	bool value_known;
	bool in_file;		/* from the main file (not a macro body) */
	unsigned offset;	/* in the main file, if in_file */
};

struct ctoks {
	struct ctok *v;
	unsigned nr, alloc;
};

static void lex_number(const char *s, size_t len, struct ctok *t)
{
	char buf[64];
	char *end;

	if (len >= sizeof(buf))
		len = sizeof(buf) - 1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	t->value = (long long)strtoull(buf, &end, 0);
	while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
		end++;
	t->value_known = *end == '\0';
}

/*
 * Lex @len bytes of condition text; @in_file: they are the main file's
 * from offset @base.
 */
static void lex_condition(const char *s, size_t len, bool in_file,
			  unsigned base, struct ctoks *out)
{
	static const char *const puncts[] = {
		"<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
	};
	size_t i = 0;

	while (i < len) {
		struct ctok *t;
		size_t j = i, k;

		if (isspace((unsigned char)s[i]) || s[i] == '\\') {
			i++;
			continue;
		}
		if (s[i] == '/' && i + 1 < len && s[i + 1] == '*') {
			const char *close = strstr(s + i + 2, "*/");

			i = close ? (size_t)(close - s) + 2 : len;
			continue;
		}
		if (s[i] == '/' && i + 1 < len && s[i + 1] == '/')
			break;
		WL_GROW(out->v, out->nr, out->alloc);
		t = &out->v[out->nr++];
		memset(t, 0, sizeof(*t));
		t->in_file = in_file;
		t->offset = base + (unsigned)i;
		if (isalpha((unsigned char)s[i]) || s[i] == '_') {
			while (j < len && (isalnum((unsigned char)s[j]) || s[j] == '_'))
				j++;
			t->kind = CT_ID;
		} else if (isdigit((unsigned char)s[i])) {
			while (j < len && (isalnum((unsigned char)s[j]) || s[j] == '.'))
				j++;
			t->kind = CT_NUM;
			lex_number(s + i, j - i, t);
		} else if (s[i] == '\'') {
			j = i + 1;
			if (j < len && s[j] == '\\')
				j++;
			t->kind = CT_NUM;
			t->value = j < len ? (unsigned char)s[j] : 0;
			t->value_known = j < len && s[j - 1] != '\\';
			while (j < len && s[j] != '\'')
				j++;
			j++;
		} else {
			t->kind = CT_PUNCT;
			j = i + 1;
			for (k = 0; k < WL_ARRAY_SIZE(puncts); k++)
				if (i + 1 < len && !memcmp(s + i, puncts[k], 2))
					j = i + 2;
		}
		if (j > len)
			j = len;
		k = j - i < sizeof(t->text) ? j - i : sizeof(t->text) - 1;
		memcpy(t->text, s + i, k);
		t->text[k] = '\0';
		i = j;
	}
}

/* A value in three states: known, or unknown to the CUDA 13 model. */
struct val {
	bool known;
	long long v;
};

static const struct val UNKNOWN = { false, 0 };

static struct val known(long long v)
{
	struct val r = { true, v };

	return r;
}

struct eval {
	const struct wl_ppcond *pp;
	const struct ctoks *toks;
	unsigned pos;
	int arch;		/* __CUDA_ARCH__, 0: the host pass */
	bool evaluated;		/* the parse evaluated this condition */
	unsigned why;		/* enum wl_pp_why bits consulted */
	char unknown[64];	/* the first name that was unknown */
	unsigned depth;		/* macro bodies being expanded */
};

static const struct {
	const char *name;
	long long value;
} toolkit_macros[] = {
	{ "CUDA_VERSION", 13000 },	    { "CUDART_VERSION", 13000 },
	{ "__CUDA_API_VERSION", 13000 },    { "__CUDACC_VER_MAJOR__", 13 },
	{ "__CUDACC_VER_MINOR__", 0 },	    { "__CUDACC_VER_BUILD__", 0 },
	/* Removed in CUDA 9 (a string since): only older toolkits test it. */
	{ "__CUDACC_VER__", 130000 },
};

static bool is_hip_macro(const char *name)
{
	return wl_starts_with(name, "__HIP") || !strcmp(name, "__HCC__");
}

static void note_unknown(struct eval *ev, const char *name)
{
	if (!ev->unknown[0])
		snprintf(ev->unknown, sizeof(ev->unknown), "%s", name);
}

static struct val eval_expr(struct eval *ev, int min_prec);

/* Evaluate a macro's object-like body under the model. */
static struct val eval_body(struct eval *ev, struct wl_pp_macro_def *d)
{
	CXSourceRange r = clang_getCursorExtent(d->cursor);
	CXToken *toks = NULL;
	unsigned nr = 0, i;
	struct ctoks body = { NULL, 0, 0 };
	struct eval sub;
	struct val v = UNKNOWN;

	if (clang_Cursor_isMacroFunctionLike(d->cursor) || ev->depth >= 8)
		return UNKNOWN;
	clang_tokenize(ev->pp->tu, r, &toks, &nr);
	/* The first token is the macro's name. */
	for (i = 1; i < nr; i++) {
		CXString s = clang_getTokenSpelling(ev->pp->tu, toks[i]);
		const char *text = clang_getCString(s);

		lex_condition(text, strlen(text), false, 0, &body);
		clang_disposeString(s);
	}
	clang_disposeTokens(ev->pp->tu, toks, nr);
	if (body.nr) {
		sub = *ev;
		sub.toks = &body;
		sub.pos = 0;
		sub.depth = ev->depth + 1;
		v = eval_expr(&sub, 0);
		if (sub.pos != body.nr)
			v = UNKNOWN;
		ev->why |= sub.why;
		memcpy(ev->unknown, sub.unknown, sizeof(ev->unknown));
	}
	free(body.v);
	return v;
}

/*
 * Whether the project's macro @d counts as defined at name token @t:
 * where the parse evaluated the condition, as the parse found it; else a
 * definition later in the main file does not count (`#ifndef X` then
 * `#define X`).  1, 0, or -1 for unknown.
 */
static int defined_at(struct eval *ev, const struct ctok *t,
		      struct wl_pp_macro_def *d)
{
	CXFile f = NULL;
	unsigned off = 0;

	if (!t || !t->in_file)
		return d ? 1 : -1;
	if (ev->evaluated)
		return wl_pp_is_expansion(ev->pp, t->offset) ? 1 : -1;
	if (!d)
		return -1;
	clang_getSpellingLocation(clang_getCursorLocation(d->cursor), &f, NULL,
				  NULL, &off);
	if (f && wl_same_file(f, ev->pp->main_file) && off > t->offset)
		return -1;
	return 1;
}

/*
 * A name's value under the model; *@defined gets whether it is defined
 * (1), not (0) or unknown (-1).  @t is the name's token, if any.
 */
static struct val lookup(struct eval *ev, const char *name,
			 const struct ctok *t, int *defined)
{
	struct wl_pp_macro_def *d;
	unsigned i;

	if (!strcmp(name, "__CUDA_ARCH__")) {
		ev->why |= WL_PP_WHY_ARCH;
		*defined = ev->arch != 0;
		return known(ev->arch);
	}
	for (i = 0; i < WL_ARRAY_SIZE(toolkit_macros); i++)
		if (!strcmp(name, toolkit_macros[i].name)) {
			ev->why |= WL_PP_WHY_TOOLKIT;
			*defined = 1;
			return known(toolkit_macros[i].value);
		}
	if (!strcmp(name, "__CUDACC__") || !strcmp(name, "__NVCC__") ||
	    !strcmp(name, "__CUDA__")) {
		*defined = 1;
		return known(1);
	}
	if (is_hip_macro(name)) {
		ev->why |= WL_PP_WHY_HIP;
		*defined = 0;
		return known(0);
	}
	d = find_def(ev->pp, name);
	*defined = defined_at(ev, t, d);
	if (*defined < 0 || !d) {
		note_unknown(ev, name);
		*defined = -1;
		return UNKNOWN;
	}
	return eval_body(ev, d);
}

static const struct ctok *peek(struct eval *ev)
{
	return ev->pos < ev->toks->nr ? &ev->toks->v[ev->pos] : NULL;
}

static bool accept(struct eval *ev, const char *p)
{
	const struct ctok *t = peek(ev);

	if (t && t->kind == CT_PUNCT && !strcmp(t->text, p)) {
		ev->pos++;
		return true;
	}
	return false;
}

static struct val eval_unary(struct eval *ev)
{
	const struct ctok *t = peek(ev);
	struct val v;

	if (!t)
		return UNKNOWN;
	if (t->kind == CT_PUNCT) {
		if (accept(ev, "(")) {
			v = eval_expr(ev, 0);
			if (!accept(ev, ")"))
				return UNKNOWN;
			return v;
		}
		if (accept(ev, "!")) {
			v = eval_unary(ev);
			return v.known ? known(!v.v) : UNKNOWN;
		}
		if (accept(ev, "-")) {
			v = eval_unary(ev);
			return v.known && v.v != LLONG_MIN ? known(-v.v)
							   : UNKNOWN;
		}
		if (accept(ev, "+"))
			return eval_unary(ev);
		if (accept(ev, "~")) {
			v = eval_unary(ev);
			return v.known ? known(~v.v) : UNKNOWN;
		}
		ev->pos = ev->toks->nr;
		return UNKNOWN;
	}
	ev->pos++;
	if (t->kind == CT_NUM)
		return t->value_known ? known(t->value) : UNKNOWN;
	if (t->kind != CT_ID)
		return UNKNOWN;
	if (!strcmp(t->text, "defined")) {
		bool paren = accept(ev, "(");
		const struct ctok *n = peek(ev);
		int defined = -1;

		if (!n || n->kind != CT_ID)
			return UNKNOWN;
		ev->pos++;
		if (paren && !accept(ev, ")"))
			return UNKNOWN;
		lookup(ev, n->text, n, &defined);
		return defined < 0 ? UNKNOWN : known(defined);
	}
	/* A function-like macro call: its value is beyond this model. */
	if (peek(ev) && peek(ev)->kind == CT_PUNCT && !strcmp(peek(ev)->text, "(")) {
		int depth = 0;

		note_unknown(ev, t->text);
		do {
			if (accept(ev, "("))
				depth++;
			else if (accept(ev, ")"))
				depth--;
			else
				ev->pos++;
		} while (depth > 0 && ev->pos < ev->toks->nr);
		return UNKNOWN;
	}
	{
		int defined;
		struct val v2 = lookup(ev, t->text, t, &defined);

		/* An undefined name is 0 in #if; unknown to the model. */
		return defined == 0 ? known(0) : v2;
	}
}

static int prec_of(const struct ctok *t)
{
	static const struct {
		const char *op;
		int prec;
	} ops[] = {
		{ "||", 1 }, { "&&", 2 }, { "|", 3 },	{ "^", 4 },  { "&", 5 },
		{ "==", 6 }, { "!=", 6 }, { "<", 7 },	{ ">", 7 },  { "<=", 7 },
		{ ">=", 7 }, { "<<", 8 }, { ">>", 8 },	{ "+", 9 },  { "-", 9 },
		{ "*", 10 }, { "/", 10 }, { "%", 10 },
	};
	unsigned i;

	if (!t || t->kind != CT_PUNCT)
		return -1;
	for (i = 0; i < WL_ARRAY_SIZE(ops); i++)
		if (!strcmp(t->text, ops[i].op))
			return ops[i].prec;
	return -1;
}

static struct val apply(const char *op, struct val a, struct val b)
{
	long long r;

	if (!strcmp(op, "&&")) {
		if ((a.known && !a.v) || (b.known && !b.v))
			return known(0);
		return a.known && b.known ? known(1) : UNKNOWN;
	}
	if (!strcmp(op, "||")) {
		if ((a.known && a.v) || (b.known && b.v))
			return known(1);
		return a.known && b.known ? known(0) : UNKNOWN;
	}
	if (!a.known || !b.known)
		return UNKNOWN;
	/* an overflow is an error the preprocessor reports: no value */
	switch (op[0]) {
	case '|': return known(a.v | b.v);
	case '^': return known(a.v ^ b.v);
	case '&': return known(a.v & b.v);
	case '+': return __builtin_add_overflow(a.v, b.v, &r) ? UNKNOWN : known(r);
	case '-': return __builtin_sub_overflow(a.v, b.v, &r) ? UNKNOWN : known(r);
	case '*': return __builtin_mul_overflow(a.v, b.v, &r) ? UNKNOWN : known(r);
	case '/':
	case '%':
		if (!b.v || (b.v == -1 && a.v == LLONG_MIN))
			return UNKNOWN;
		return known(op[0] == '/' ? a.v / b.v : a.v % b.v);
	case '=': return known(a.v == b.v);
	case '!': return known(a.v != b.v);
	case '<':
		if (op[1] == '<')
			return b.v >= 0 && b.v < 63
				       ? known((long long)((unsigned long long)a.v
							   << b.v))
				       : UNKNOWN;
		return known(op[1] == '=' ? a.v <= b.v : a.v < b.v);
	case '>':
		if (op[1] == '>')
			return b.v >= 0 && b.v < 63 ? known(a.v >> b.v) : UNKNOWN;
		return known(op[1] == '=' ? a.v >= b.v : a.v > b.v);
	}
	return UNKNOWN;
}

/* Precedence climbing over binary operators, then ?: at the top. */
static struct val eval_expr(struct eval *ev, int min_prec)
{
	struct val lhs = eval_unary(ev);

	for (;;) {
		const struct ctok *t = peek(ev);
		int prec = prec_of(t);
		char op[4] = "";
		struct val rhs;
		unsigned why;
		char unknown[sizeof(ev->unknown)];
		bool decided;

		if (prec < 0 || prec < min_prec)
			break;
		why = ev->why;
		memcpy(op, t->text, strlen(t->text) < 3 ? strlen(t->text) : 3);
		memcpy(unknown, ev->unknown, sizeof(unknown));
		ev->pos++;
		rhs = eval_expr(ev, prec + 1);
		/* What the left side decides alone, the right did not decide. */
		decided = lhs.known && ((!strcmp(op, "&&") && !lhs.v) ||
					(!strcmp(op, "||") && lhs.v));
		if (decided) {
			ev->why = why;
			memcpy(ev->unknown, unknown, sizeof(unknown));
		}
		lhs = apply(op, lhs, rhs);
	}
	if (min_prec == 0 && accept(ev, "?")) {
		struct val a = eval_expr(ev, 0), b;

		if (!accept(ev, ":"))
			return UNKNOWN;
		b = eval_expr(ev, 0);
		if (lhs.known)
			return lhs.v ? a : b;
		return a.known && b.known && a.v == b.v ? a : UNKNOWN;
	}
	return lhs;
}

/* The value of branch @b's own condition under @ev's architecture. */
static struct val eval_cond(struct eval *ev, const struct wl_pp_branch *b)
{
	struct ctoks toks = { NULL, 0, 0 };
	struct val v = UNKNOWN;
	int defined = -1;
	unsigned start = b->keyword + b->keyword_len;

	if (b->kind == WL_PP_ELSE)
		return known(1);
	lex_condition(ev->pp->src->text + start, b->line_nl - start, true,
		      start, &toks);
	ev->evaluated = b->evaluated;
	ev->toks = &toks;
	ev->pos = 0;
	if (b->kind == WL_PP_IF || b->kind == WL_PP_ELIF) {
		v = eval_expr(ev, 0);
		if (ev->pos != toks.nr)
			v = UNKNOWN;
	} else if (toks.nr && toks.v[0].kind == CT_ID) {
		lookup(ev, toks.v[0].text, &toks.v[0], &defined);
		if (defined >= 0)
			v = known(b->kind == WL_PP_IFDEF || b->kind == WL_PP_ELIFDEF
					  ? defined
					  : !defined);
	}
	free(toks.v);
	ev->toks = NULL;
	return v;
}

/* Whether branch @i of its group is taken: its condition, no earlier one. */
static struct val taken(struct eval *ev, const struct wl_ppcond *pp,
			unsigned i)
{
	const struct wl_pp_branch *b = &pp->branches[i];
	const struct wl_pp_group *g = &pp->groups[b->group];
	struct val t = eval_cond(ev, b);
	unsigned k;

	/* Its own condition fails: the earlier ones are not why. */
	if (t.known && !t.v)
		return t;
	for (k = 0; k < g->nr && g->members[k] != i; k++) {
		struct val c = eval_cond(ev, &pp->branches[g->members[k]]);

		t = apply("&&", t, c.known ? known(!c.v) : UNKNOWN);
	}
	return t;
}

/* Device architectures nvcc 13 targets, one per threshold old code tests. */
static const int cuda13_archs[] = { 750, 800, 860, 870, 890, 900, 1000, 1200 };

static void classify(struct wl_ppcond *pp, unsigned i)
{
	struct wl_pp_branch *b = &pp->branches[i];
	unsigned yes = 0, no = 0, k;
	struct eval ev;

	memset(&ev, 0, sizeof(ev));
	ev.pp = pp;
	for (k = 0; k < WL_ARRAY_SIZE(cuda13_archs); k++) {
		struct val t;

		ev.arch = cuda13_archs[k];
		t = taken(&ev, pp, i);
		if (t.known && t.v)
			yes++;
		else if (t.known)
			no++;
	}
	b->why = ev.why;
	if (ev.unknown[0])
		b->unknown = wl_xstrdup(ev.unknown);
	if (no == WL_ARRAY_SIZE(cuda13_archs))
		b->cuda13 = WL_PP_NEVER;
	else if (yes == WL_ARRAY_SIZE(cuda13_archs))
		b->cuda13 = WL_PP_ALWAYS;
	else
		b->cuda13 = WL_PP_MAYBE;
	/*
	 * Only the model's own macros may overrule what the parse did: a
	 * branch compiled here that the model calls dead (or the reverse)
	 * for any other reason is the model's mistake.
	 */
	if (b->evaluated &&
	    !(b->why & (WL_PP_WHY_TOOLKIT | WL_PP_WHY_ARCH | WL_PP_WHY_HIP)) &&
	    ((b->active && b->cuda13 == WL_PP_NEVER) ||
	     (!b->active && b->cuda13 == WL_PP_ALWAYS)))
		b->cuda13 = WL_PP_MAYBE;
	if (b->why & WL_PP_WHY_ARCH) {
		struct val t;

		ev.arch = 0;
		t = taken(&ev, pp, i);
		if (!t.known || t.v)
			b->why |= WL_PP_WHY_HOST;
	}
}

/* ---- what the parse knew of each name ---- */

static bool is_reserved(const char *name)
{
	return name[0] == '_' && (name[1] == '_' || isupper((unsigned char)name[1]));
}

/* Whether the body of @b starts by defining @name (include guards). */
static bool body_defines(const struct wl_ppcond *pp,
			 const struct wl_pp_branch *b, const char *name)
{
	const char *t = pp->src->text + b->body_begin;
	const char *end = pp->src->text + b->body_end;
	size_t n = strlen(name);

	while (t < end && isspace((unsigned char)*t))
		t++;
	if (t >= end || *t != '#')
		return false;
	t++;
	while (t < end && (*t == ' ' || *t == '\t'))
		t++;
	if (end - t < 6 || memcmp(t, "define", 6))
		return false;
	t += 6;
	while (t < end && (*t == ' ' || *t == '\t'))
		t++;
	return (size_t)(end - t) >= n && !memcmp(t, name, n) &&
	       (t + n == end || !(isalnum((unsigned char)t[n]) || t[n] == '_'));
}

static void record_names(struct wl_ppcond *pp, struct wl_pp_branch *b)
{
	struct ctoks toks = { NULL, 0, 0 };
	const char *t = pp->src->text;
	unsigned k, start = b->keyword + b->keyword_len;
	bool header_missing_before =
		pp->missing_header && pp->missing_offset <= b->line_begin;

	lex_condition(t + start, b->line_nl - start, true, start, &toks);
	for (k = 0; k < toks.nr; k++) {
		struct wl_pp_name *nm;
		bool model_known = false;
		unsigned m;

		if (toks.v[k].kind != CT_ID || !strcmp(toks.v[k].text, "defined"))
			continue;
		b->names = wl_xrealloc(b->names,
				       (b->nr_names + 1) * sizeof(*b->names));
		nm = &b->names[b->nr_names++];
		nm->name = wl_xstrdup(toks.v[k].text);
		nm->offset = toks.v[k].offset;
		nm->defined = wl_pp_is_expansion(pp, nm->offset);
		for (m = 0; m < WL_ARRAY_SIZE(toolkit_macros); m++)
			model_known |= !strcmp(nm->name, toolkit_macros[m].name);
		model_known |= is_hip_macro(nm->name) ||
			       !strcmp(nm->name, "__CUDA_ARCH__");
		/*
		 * A name the parse left undefined is unresolved when a
		 * header it may come from was not found, unless it is the
		 * compiler's (reserved), the model's, or the guard this
		 * very branch defines.
		 */
		nm->resolved = nm->defined || model_known ||
			       is_reserved(nm->name) || !header_missing_before ||
			       body_defines(pp, b, nm->name);
	}
	free(toks.v);
}

void wl_ppcond_build(struct wl_ppcond *pp, CXTranslationUnit tu,
		     CXFile main_file, const struct wl_source *src)
{
	unsigned i;

	memset(pp, 0, sizeof(*pp));
	pp->src = src;
	pp->tu = tu;
	pp->main_file = main_file;
	scan_directives(pp);
	if (!tu)
		return;
	mark_active(pp, main_file);
	collect_macros(pp, main_file);
	find_missing_header(pp, main_file);
	for (i = 0; i < pp->nr_branches; i++) {
		struct wl_pp_branch *b = &pp->branches[i];
		const struct wl_pp_group *g = &pp->groups[b->group];
		bool parent_active = b->parent < 0 ||
				     pp->branches[b->parent].active;
		unsigned k;

		/* Evaluated: reached, and no earlier branch was taken. */
		b->evaluated = parent_active;
		for (k = 0; k < g->nr && g->members[k] != i; k++)
			if (pp->branches[g->members[k]].active)
				b->evaluated = false;
		record_names(pp, b);
		classify(pp, i);
	}
}

void wl_ppcond_release(struct wl_ppcond *pp)
{
	unsigned i, k;

	for (i = 0; i < pp->nr_branches; i++) {
		struct wl_pp_branch *b = &pp->branches[i];

		for (k = 0; k < b->nr_names; k++)
			free(b->names[k].name);
		free(b->names);
		free(b->cond);
		free(b->unknown);
	}
	for (i = 0; i < pp->nr_def_slots; i++)
		free(pp->defs[i].name);
	free(pp->defs);
	for (i = 0; i < pp->nr_groups; i++)
		free(pp->groups[i].members);
	free(pp->branches);
	free(pp->groups);
	free(pp->directives);
	free(pp->expansions);
	free(pp->missing_header);
	memset(pp, 0, sizeof(*pp));
}

/* ---- queries ---- */

static bool holds(const struct wl_pp_branch *b, unsigned offset)
{
	return offset >= b->body_begin && offset < b->body_end;
}

const struct wl_pp_branch *wl_pp_inactive_at(const struct wl_ppcond *pp,
					     unsigned offset)
{
	unsigned i;

	/* Branches come in file order, so an outer one is met first. */
	for (i = 0; i < pp->nr_branches; i++)
		if (!pp->branches[i].active && holds(&pp->branches[i], offset))
			return &pp->branches[i];
	return NULL;
}

bool wl_pp_in_directive(const struct wl_ppcond *pp, unsigned offset)
{
	unsigned lo = 0, hi = pp->nr_directives / 2;

	while (lo < hi) {
		unsigned mid = lo + (hi - lo) / 2;

		if (pp->directives[2 * mid + 1] <= offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < pp->nr_directives / 2 && pp->directives[2 * lo] <= offset;
}

static char *short_cond(const char *cond)
{
	size_t n = strlen(cond);

	if (n <= 70)
		return wl_xstrdup(cond);
	return wl_xasprintf("%.67s...", cond);
}

static const char *kind_name(enum wl_pp_kind kind)
{
	static const char *const names[] = {
		"if", "ifdef", "ifndef", "elif", "elifdef", "elifndef", "else",
	};

	return names[kind];
}

char *wl_pp_describe(const struct wl_ppcond *pp, const struct wl_pp_branch *b)
{
	const struct wl_pp_branch *first =
		&pp->branches[pp->groups[b->group].members[0]];
	char *c, *s;

	if (b->kind != WL_PP_ELSE) {
		c = short_cond(b->cond);
		s = wl_xasprintf("`#%s %s`", kind_name(b->kind), c);
	} else {
		c = short_cond(first->cond);
		s = wl_xasprintf("`#else` of `#%s %s`", kind_name(first->kind), c);
	}
	free(c);
	return s;
}

/* Whether the conditions that decide @b name a macro left unresolved. */
static const struct wl_pp_name *unresolved_name(const struct wl_ppcond *pp,
						const struct wl_pp_branch *b)
{
	const struct wl_pp_group *g = &pp->groups[b->group];
	unsigned i, k;

	for (i = 0; i < g->nr; i++) {
		const struct wl_pp_branch *d = &pp->branches[g->members[i]];

		for (k = 0; k < d->nr_names; k++)
			if (!d->names[k].resolved)
				return &d->names[k];
		if (d == b)
			break;
	}
	return NULL;
}

char *wl_pp_edit_blocker(const struct wl_ppcond *pp, unsigned offset)
{
	int i;

	for (i = (int)pp->nr_branches - 1; i >= 0; i--) {
		const struct wl_pp_branch *b = &pp->branches[i];
		const struct wl_pp_name *nm;
		char *where, *why = NULL;

		if (!b->active || !holds(b, offset))
			continue;
		where = wl_pp_describe(pp, b);
		if (b->cuda13 == WL_PP_NEVER && (b->why & WL_PP_WHY_HIP))
			why = wl_xasprintf("it is in a HIP branch (%s); HIP's "
					   "_sync shuffles take 64-bit masks, "
					   "and hipify migrates that code",
					   where);
		else if (b->cuda13 == WL_PP_NEVER && (b->why & WL_PP_WHY_TOOLKIT))
			why = wl_xasprintf("it is in a branch for toolkits "
					   "before CUDA 9 (%s), which have no "
					   "_sync intrinsics; CUDA 13 never "
					   "compiles it",
					   where);
		else if (b->cuda13 == WL_PP_NEVER && (b->why & WL_PP_WHY_ARCH))
			why = wl_xasprintf("it is in a branch for GPU "
					   "architectures CUDA 13 cannot target "
					   "(%s)",
					   where);
		else if (b->cuda13 == WL_PP_NEVER)
			why = wl_xasprintf("it is in a branch CUDA 13 builds "
					   "never compile (%s)",
					   where);
		else if ((nm = unresolved_name(pp, b)) != NULL)
			why = wl_xasprintf("it is inside %s, and '%s' was not "
					   "defined in this parse because "
					   "'%s' was not found: the build may "
					   "compile the other branch",
					   where, nm->name, pp->missing_header);
		free(where);
		if (why)
			return why;
	}
	return NULL;
}

static void delete_range(struct wl_fix *fix, unsigned b, unsigned e)
{
	if (e > b)
		wl_fix_replace(fix, b, e - b, "");
}

bool wl_pp_dead_branch_fix(const struct wl_ppcond *pp,
			   const struct wl_pp_branch *b, struct wl_fix *fix)
{
	const struct wl_pp_group *g = &pp->groups[b->group];
	const struct wl_pp_branch *br[64];
	unsigned i, nr_dead = 0, first_kept = g->nr;

	if (!g->complete || g->nr > WL_ARRAY_SIZE(br))
		return false;
	for (i = 0; i < g->nr; i++)
		br[i] = &pp->branches[g->members[i]];
	for (i = 0; i < g->nr; i++) {
		if (br[i]->cuda13 == WL_PP_NEVER)
			nr_dead++;
		else if (first_kept == g->nr)
			first_kept = i;
	}
	if (!nr_dead)
		return false;
	if (first_kept == g->nr) {
		/* No build takes any branch: the whole group goes. */
		delete_range(fix, br[0]->line_begin, g->endif_end);
		return true;
	}
	if (br[first_kept]->cuda13 == WL_PP_ALWAYS) {
		/* Every build takes it: keep its body, drop the rest. */
		delete_range(fix, br[0]->line_begin, br[first_kept]->body_begin);
		delete_range(fix, br[first_kept]->body_end, g->endif_end);
		return true;
	}
	for (i = 0; i < g->nr; i++)
		if (br[i]->cuda13 == WL_PP_NEVER)
			delete_range(fix, br[i]->line_begin, br[i]->body_end);
	/* The first branch kept now opens the group: #elif becomes #if. */
	if (first_kept > 0)
		wl_fix_replace(fix, br[first_kept]->keyword, 2, "");
	return true;
}

void wl_pp_guard_fixes(const struct wl_ppcond *pp, struct wl_findings *findings)
{
	unsigned i, k;

	for (i = 0; i < findings->nr; i++) {
		struct wl_finding *f = &findings->v[i];
		char *why = NULL;

		if (!f->fix || f->rule == WL105)
			continue;
		for (k = 0; k < f->fix->nr_edits && !why; k++) {
			const struct wl_edit *e = &f->fix->edits[k];

			why = wl_pp_edit_blocker(pp, e->offset);
			if (!why && e->length)
				why = wl_pp_edit_blocker(pp, e->offset +
								 e->length - 1);
		}
		if (!why)
			continue;
		wl_fix_free(f->fix);
		f->fix = NULL;
		wl_finding_note(f, "no fix: %s", why);
		free(why);
	}
}
