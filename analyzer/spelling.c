/* SPDX-License-Identifier: MIT */
/* Spellings that nvcc accepts and clang does not, rewritten in place. */
#include "analyzer/spelling.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* How far a launch's closing chevrons may be from its opening ones. */
#define MAX_LAUNCH_CONFIG 4096

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
	       c == '\v';
}

/*
 * The index just past the comment or literal that starts at @i, or @i
 * when none does.  A quote after a digit is a digit separator (1'000).
 */
static size_t skip_opaque(const char *t, size_t len, size_t i)
{
	char quote;

	if (t[i] == '/' && i + 1 < len && t[i + 1] == '/') {
		while (i < len && t[i] != '\n')
			i++;
		return i;
	}
	if (t[i] == '/' && i + 1 < len && t[i + 1] == '*') {
		for (i += 2; i + 1 < len; i++)
			if (t[i] == '*' && t[i + 1] == '/')
				return i + 2;
		return len;
	}
	if (t[i] != '"' && t[i] != '\'')
		return i;
	if (t[i] == '\'' && i > 0 && isalnum((unsigned char)t[i - 1]))
		return i + 1;
	quote = t[i++];
	while (i < len && t[i] != quote && t[i] != '\n')
		i += t[i] == '\\' ? 2 : 1;
	return i < len ? i + 1 : len;
}

/* Whether the word that ends just before @end (blanks skipped) is @word. */
static bool word_before(const char *t, size_t end, const char *word)
{
	size_t n = strlen(word), start;

	while (end > 0 && is_space(t[end - 1]))
		end--;
	start = end;
	while (start > 0 && wl_ident_char(t[start - 1]))
		start--;
	return end - start == n && !memcmp(t + start, word, n);
}

/*
 * Whether the "<<" at @i opens a launch: written "<<<", or "<<" then
 * blanks then "<" (*@third is that last "<"), after a kernel's name, its
 * template arguments or a parenthesised callee, and not in
 * "operator<< <T>".
 */
static bool opens_launch(const char *t, size_t len, size_t i, size_t *third)
{
	size_t k = i, p = i + 2;

	while (k > 0 && is_space(t[k - 1]))
		k--;
	if (k == 0 || !(wl_ident_char(t[k - 1]) || t[k - 1] == '>' ||
			t[k - 1] == ')') || word_before(t, i, "operator"))
		return false;
	while (p < len && is_space(t[p]))
		p++;
	if (p >= len || t[p] != '<' || (p + 1 < len && (t[p + 1] == '<' ||
							t[p + 1] == '=')))
		return false;
	*third = p;
	return true;
}

/*
 * Find the ">>>" or ">> >" that closes a launch configuration starting at
 * @from: at bracket depth 0, followed by the "(" of the arguments.  Sets
 * *@gt2 to the first ">" and *@gt3 to the third.
 */
static bool find_close(const char *t, size_t len, size_t from, size_t *gt2,
		       size_t *gt3)
{
	size_t i = from, end = len - from > MAX_LAUNCH_CONFIG ?
				       from + MAX_LAUNCH_CONFIG : len, p;
	int depth = 0;

	while (i < end) {
		size_t j = skip_opaque(t, len, i);

		if (j != i) {
			i = j;
			continue;
		}
		if (t[i] == '(' || t[i] == '[' || t[i] == '{') {
			depth++;
		} else if (t[i] == ')' || t[i] == ']' || t[i] == '}') {
			if (--depth < 0)
				return false;
		} else if (t[i] == ';') {
			return false;
		} else if (!depth && t[i] == '>' && i + 1 < len &&
			   t[i + 1] == '>') {
			p = i + 2;
			while (p < len && is_space(t[p]))
				p++;
			if (p < len && t[p] == '>') {
				size_t q = p + 1;

				while (q < len && is_space(t[q]))
					q++;
				if (q < len && t[q] == '(') {
					*gt2 = i;
					*gt3 = p;
					return true;
				}
			}
		}
		i++;
	}
	return false;
}

/* Move the chevron at @chevron back to @at, the blanks after it. */
static void join(char *out, const char *t, size_t at, size_t chevron)
{
	char c = t[chevron];

	memmove(out + at + 1, t + at, chevron - at);
	out[at] = c;
}

char *wl_spelling_fix_launches(const char *text, size_t len)
{
	char *out = NULL;
	size_t i = 0, third, gt2, gt3;

	while (i + 1 < len) {
		size_t j = skip_opaque(text, len, i);

		if (j != i) {
			i = j;
			continue;
		}
		if (text[i] != '<' || text[i + 1] != '<' ||
		    (i > 0 && text[i - 1] == '<') ||
		    !opens_launch(text, len, i, &third) ||
		    !find_close(text, len, third + 1, &gt2, &gt3)) {
			i++;
			continue;
		}
		if (third != i + 2 || gt3 != gt2 + 2) {
			if (!out) {
				out = wl_xmalloc(len + 1);
				memcpy(out, text, len);
				out[len] = '\0';
			}
			if (third != i + 2)
				join(out, text, i + 2, third);
			if (gt3 != gt2 + 2)
				join(out, text, gt2 + 2, gt3);
		}
		i = gt3 + 1;
	}
	return out;
}

/* ---- asm operand escapes ---------------------------------------------- */

/* Whether clang reads the '%' at @p (in a literal ending at @end) as valid. */
static bool valid_escape(const char *p, const char *end)
{
	char c = p + 1 < end ? p[1] : '\0';
	char d = p + 2 < end ? p[2] : '\0';

	if (c == '%' || c == '=' || c == '{' || c == '|' || c == '}' ||
	    c == '[' || isdigit((unsigned char)c))
		return true;
	/* a modifier letter, then an operand: %h0, %x[name] */
	return isalpha((unsigned char)c) &&
	       (isdigit((unsigned char)d) || d == '[');
}

/*
 * What the invalid escapes become: respelled in place in a copy (@out,
 * allocated on the first change), or, where offsets need not be kept,
 * listed (@at) to have their '%' doubled.
 */
struct escapes {
	bool in_place;
	char *out;
	size_t *at;
	unsigned nr, alloc;
};

/*
 * Respell the invalid escapes of the literal @t[@begin..@end) (its
 * quotes excluded).
 */
static void respell_literal(const char *t, size_t len, size_t begin,
			    size_t end, struct escapes *e)
{
	size_t k;

	for (k = begin; k < end; k++) {
		if (t[k] == '\\') {
			k++;
			continue;
		}
		if (t[k] != '%')
			continue;
		if (valid_escape(t + k, t + end)) {
			k += t[k + 1] == '%';
			continue;
		}
		if (k + 1 >= end)
			continue;	/* a '%' that ends the literal */
		if (!e->in_place) {
			WL_GROW(e->at, e->nr, e->alloc);
			e->at[e->nr++] = k;
			continue;
		}
		if (!e->out) {
			e->out = wl_xmalloc(len + 1);
			memcpy(e->out, t, len);
			e->out[len] = '\0';
		}
		/*
		 * The parse must keep every offset.  `, %laneid` reads
		 * `,%%laneid`: the blank before it moves; a tab escape
		 * before it (`\t%warpid`) becomes a blank and the room.
		 * With neither (`{%al,%ah}`, scoped registers), the letter
		 * after the '%' becomes the `%=` escape, which needs no
		 * operand: the register's name is lost to the parse (never
		 * to a fix), so code built from this text would be wrong:
		 * see wl_spelling_escape_asm_percents().
		 */
		if (k > begin && (t[k - 1] == ' ' || t[k - 1] == '\t')) {
			e->out[k - 1] = '%';
		} else if (k >= begin + 2 && t[k - 2] == '\\' &&
			   t[k - 1] == 't') {
			e->out[k - 2] = ' ';
			e->out[k - 1] = '%';
		} else {
			e->out[k + 1] = '=';
		}
	}
}

/* The length of the one of @words (@nr) spelled whole at @i, or 0. */
static size_t word_at(const char *t, size_t len, size_t i,
		      const char *const *words, unsigned nr)
{
	unsigned w;

	for (w = 0; w < nr; w++) {
		size_t n = strlen(words[w]);

		if (len - i > n && !memcmp(t + i, words[w], n) &&
		    !wl_ident_char(t[i + n]))
			return n;
	}
	return 0;
}

/* The index past the qualifiers at @i that may come between `asm` and '('. */
static size_t skip_asm_qualifiers(const char *t, size_t len, size_t i)
{
	static const char *const quals[] = {
		"volatile", "__volatile__", "__volatile", "goto", "inline",
	};
	size_t n;

	do {
		while (i < len && is_space(t[i]))
			i++;
		n = i < len ? word_at(t, len, i, quals, WL_ARRAY_SIZE(quals))
			    : 0;
		i += n;
	} while (n);
	return i;
}

/*
 * The asm statement whose '(' is at @open: its template's literals are
 * respelled when operands follow them (a basic asm reads '%' as is).
 * Returns the index past what was looked at.
 */
static size_t respell_asm(const char *t, size_t len, size_t open,
			  struct escapes *e)
{
	size_t lits[32][2], i = open + 1;
	unsigned nr = 0, k;

	for (;;) {
		size_t j;

		/* blanks and comments between the literals */
		while (i < len && (is_space(t[i]) ||
				   (t[i] == '/' && skip_opaque(t, len, i) != i)))
			i = is_space(t[i]) ? i + 1 : skip_opaque(t, len, i);
		if (i >= len || t[i] != '"')
			break;
		j = skip_opaque(t, len, i);
		if (nr < WL_ARRAY_SIZE(lits)) {
			lits[nr][0] = i + 1;
			lits[nr++][1] = j - 1;
		}
		i = j;
	}
	if (i >= len || t[i] != ':')
		return i;
	for (k = 0; k < nr; k++)
		respell_literal(t, len, lits[k][0], lits[k][1], e);
	return i;
}

/* Every asm statement of @text through respell_asm(). */
static void find_escapes(const char *text, size_t len, struct escapes *e)
{
	static const char *const words[] = { "__asm__", "__asm", "asm" };
	size_t i = 0;

	while (i < len) {
		size_t j = skip_opaque(text, len, i), p, n;

		if (j != i) {
			i = j;
			continue;
		}
		if (!wl_ident_char(text[i]) || (i > 0 && wl_ident_char(text[i - 1]))) {
			i++;
			continue;
		}
		n = word_at(text, len, i, words, WL_ARRAY_SIZE(words));
		if (!n) {
			while (i < len && wl_ident_char(text[i]))
				i++;
			continue;
		}
		p = skip_asm_qualifiers(text, len, i + n);
		i = p < len && text[p] == '(' ? respell_asm(text, len, p, e)
					      : p;
	}
}

char *wl_spelling_fix_asm_escapes(const char *text, size_t len)
{
	struct escapes e = { .in_place = true };

	find_escapes(text, len, &e);
	return e.out;
}

char *wl_spelling_escape_asm_percents(const char *text, size_t len,
				      size_t *out_len)
{
	struct escapes e = { .in_place = false };
	char *out, *o;
	size_t from = 0;
	unsigned k;

	find_escapes(text, len, &e);
	if (!e.nr)
		return NULL;
	*out_len = len + e.nr;
	o = out = wl_xmalloc(*out_len + 1);
	for (k = 0; k < e.nr; k++) {
		memcpy(o, text + from, e.at[k] - from);
		o += e.at[k] - from;
		*o++ = '%';
		from = e.at[k];
	}
	memcpy(o, text + from, len - from);
	out[*out_len] = '\0';
	free(e.at);
	return out;
}

/* ---- explicit specializations without a target ------------------------ */

/* How far back from a specialization's name its `template <>` may be. */
#define MAX_SPECIALIZATION_HEAD 1024

static const char *const specialization_markers[] = {
	[WL_SPEC_DEVICE] = "__wl_dspec",
	[WL_SPEC_HOST_DEVICE] = "__wl_hdspc",
};

/*
 * The length of `template <>` spelled at @i (blanks allowed inside), or
 * 0.  Comments inside are not looked for: nobody writes them there.
 */
static size_t empty_template_head(const char *t, size_t len, size_t i)
{
	static const char word[] = "template";
	size_t n = sizeof(word) - 1, p = i + n;

	if (len - i < n || memcmp(t + i, word, n) ||
	    (i > 0 && wl_ident_char(t[i - 1])))
		return 0;
	while (p < len && is_space(t[p]))
		p++;
	if (p >= len || t[p] != '<')
		return 0;
	for (p++; p < len && is_space(t[p]); p++)
		;
	return p < len && t[p] == '>' ? p + 1 - i : 0;
}

/* Whether a marker is spelled at @i (an earlier site respelled it). */
static bool marker_at(const char *t, size_t len, size_t i)
{
	unsigned k;

	for (k = 0; k < WL_ARRAY_SIZE(specialization_markers); k++) {
		size_t m = strlen(specialization_markers[k]);

		if (len - i >= m && !memcmp(t + i, specialization_markers[k], m))
			return true;
	}
	return false;
}

/*
 * Respell the `template <>` nearest before @at, within the declaration
 * that holds @at (no ';', '{' or '}' between them), unless an earlier
 * site of the same declaration did.
 */
static bool respell_head_before(char *text, size_t len, size_t at,
				const char *marker)
{
	size_t m = strlen(marker), floor, i, n;

	floor = at > MAX_SPECIALIZATION_HEAD ? at - MAX_SPECIALIZATION_HEAD : 0;
	for (i = at; i-- > floor;) {
		if (text[i] == ';' || text[i] == '{' || text[i] == '}')
			return false;
		if (marker_at(text, len, i))
			return true;
		n = empty_template_head(text, len, i);
		if (!n)
			continue;
		/* `template<>int f()` has no room for the marker's blank */
		if (n < m || (n == m && i + n < len && wl_ident_char(text[i + n])))
			return false;
		memcpy(text + i, marker, m);
		memset(text + i + m, ' ', n - m);
		return true;
	}
	return false;
}

/*
 * Whether the identifier @name is spelled whole at @i, then '(' or the
 * '<' of explicit template arguments.
 */
static bool names_declarator(const char *t, size_t len, size_t i,
			     const char *name)
{
	size_t n = strlen(name), p = i + n;

	if (len - i < n || memcmp(t + i, name, n) ||
	    (i > 0 && wl_ident_char(t[i - 1])) || (p < len && wl_ident_char(t[p])))
		return false;
	while (p < len && is_space(t[p]))
		p++;
	return p < len && (t[p] == '(' || t[p] == '<');
}

/*
 * Respell, in the bodies of the `#define`s of @text, every specialization
 * of a function named @name: clang places an error inside a macro at the
 * macro's use, so the body that spelled it is found by the name.
 */
static bool respell_macro_bodies(char *text, size_t len, const char *name,
				 const char *marker)
{
	bool changed = false;
	size_t i = 0;

	while (i < len) {
		size_t e = i, p = i;

		while (e < len && text[e] != '\n')
			e += text[e] == '\\' && e + 1 < len ? 2 : 1;
		while (p < e && is_space(text[p]))
			p++;
		if (p < e && text[p] == '#') {
			for (p++; p < e && is_space(text[p]); p++)
				;
			if (e - p > 6 && !memcmp(text + p, "define", 6))
				for (; p < e; p++)
					if (names_declarator(text, e, p, name))
						changed |= respell_head_before(
							text, len, p, marker);
		}
		i = e + 1;
	}
	return changed;
}

bool wl_spelling_fix_specialization(char *text, size_t len, size_t at,
				    const char *name,
				    enum wl_spec_target target)
{
	const char *marker = specialization_markers[target];

	if (at > len || !*name)
		return false;
	if (names_declarator(text, len, at, name))
		return respell_head_before(text, len, at, marker);
	return respell_macro_bodies(text, len, name, marker);
}

bool wl_spelling_same_but_specializations(const char *disk,
					  const char *parsed, size_t len)
{
	size_t i = 0;

	while (i < len) {
		unsigned k;
		size_t n = 0;

		if (disk[i] == parsed[i]) {
			i++;
			continue;
		}
		for (k = 0; k < WL_ARRAY_SIZE(specialization_markers); k++) {
			const char *marker = specialization_markers[k];
			size_t m = strlen(marker), p;

			n = empty_template_head(disk, len, i);
			if (n < m || memcmp(parsed + i, marker, m))
				continue;
			for (p = i + m; p < i + n && parsed[p] == ' '; p++)
				;
			if (p == i + n)
				break;
		}
		if (k == WL_ARRAY_SIZE(specialization_markers))
			return false;
		i += n;
	}
	return true;
}
