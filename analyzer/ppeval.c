/* SPDX-License-Identifier: MIT */
/*
 * Preprocessor conditions (see ppcond.c): lexing a condition and
 * evaluating it in three values (true, false, unknown) under each
 * architecture a CUDA 13 build targets.
 */

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/model.h"
#include "analyzer/ppint.h"
#include "base/source.h"
#include "base/util.h"

/* ---- conditions: lexing and three-valued evaluation ---- */

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

void pp_lex_condition(const char *s, size_t len, bool in_file,
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

bool pp_model_knows(const char *name)
{
	unsigned i;

	for (i = 0; i < WL_ARRAY_SIZE(toolkit_macros); i++)
		if (!strcmp(name, toolkit_macros[i].name))
			return true;
	return is_hip_macro(name) || !strcmp(name, "__CUDA_ARCH__");
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

		pp_lex_condition(text, strlen(text), false, 0, &body);
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
	d = pp_find_def(ev->pp, name);
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
	pp_lex_condition(ev->pp->src->text + start, b->line_nl - start, true,
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

void pp_classify(struct wl_ppcond *pp, unsigned i)
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
