/* SPDX-License-Identifier: MIT */
/*
 * The prefilter's reading of one text (see prefilter.c): the names a rule
 * can fire on (the triggers), line splices that could paste one together,
 * and the #include directives, without a parse.
 */
#define _GNU_SOURCE	/* memmem */
#include "analyzer/prefilter_text.h"

#include <stdlib.h>
#include <string.h>

#include "analyzer/prefilter.h"
#include "base/util.h"

/*
 * The triggers: what the rules look for, as substrings, so that one
 * covers a family (a name inside a comment or a string costs a parse):
 *   shfl                __shfl*, asm shfl., cooperative groups' shfl*()
 *   vote                asm vote.
 *   _sync               every *_sync collective, __syncwarp, __syncthreads*
 *   __ballot __any __all  legacy votes
 *   any( all(           the toolkit's bare votes, whole words only
 *                       (`call(` and `company` are not)
 *   syncthreads         CUDA 8's bare barrier
 *   activemask          __activemask() (WL201, WL303)
 *   __shared            __shared__ memory (WL301, WL302, WL401)
 *   volatile            volatile reduction tails (WL301)
 *   threadIdx           lanes exchanging through global memory, or a
 *                       pointer an unseen caller hands in (WL301): the
 *                       lane index is all such a race needs
 *   asm                 asm, __asm, __asm__ (WL103, WL104)
 *   warplint NOLINT     suppression comments (WL901)
 *   cooperative_groups  groups' sync()/ballot()/any()/all()
 *   __nvvm              the NVVM builtins under every primitive
 * and what could assemble a name unseen:
 *   ##                  token pasting
 *   %:                  the digraph for # (so also for ##)
 *   ??= ??/             trigraphs for # and for a line splice
 */
/* Whether the literal @lit starts at @p. */
#define AT(lit) \
	(end - p >= (long)sizeof(lit) - 1 && !memcmp(p, lit, sizeof(lit) - 1))

/* `any (` or `all(` as a whole word at @p (@start: the text's start). */
static bool bare_vote_at(const char *start, const char *p, const char *end)
{
	const char *q = p + 3;

	if ((p > start && wl_ident_char(p[-1])) || !(AT("any") || AT("all")))
		return false;
	while (q < end && (*q == ' ' || *q == '\t'))
		q++;
	return q < end && *q == '(';
}

/*
 * Whether a trigger starts at @p.  A switch on the first two bytes, so
 * that common letters cost one or two compares.
 */
static bool trigger_at(const char *start, const char *p, const char *end)
{
	switch (p[0]) {
	case 's':
		return AT("shfl") || AT("syncthreads");
	case 'v':
		return AT("vote") || AT("volatile");
	case '_':
		if (end - p < 2)
			return false;
		if (p[1] == 's')
			return AT("_sync");
		if (p[1] != '_')
			return false;
		return AT("__ballot") || AT("__any") || AT("__all") ||
		       AT("__shared") || AT("__nvvm");
	case 'a':
		return AT("asm") || AT("activemask") ||
		       bare_vote_at(start, p, end);
	case 'w':
		return AT("warplint");
	case 'N':
		return AT("NOLINT");
	case 'c':
		return AT("cooperative_groups");
	case 't':
		return AT("threadIdx");
	case '#':
		return AT("##");
	case '%':
		return AT("%:");
	case '?':
		return AT("?\?=") || AT("?\?/");
	}
	return false;
}

#undef AT

/*
 * One pass over the text: only bytes that can start a trigger are looked
 * at closely, which keeps the scan near memory speed on clean code.
 */
static bool has_trigger(const char *s, size_t n)
{
	static const unsigned char first[256] = {
		['s'] = 1, ['v'] = 1, ['_'] = 1, ['a'] = 1, ['w'] = 1,
		['c'] = 1, ['N'] = 1, ['#'] = 1, ['%'] = 1, ['?'] = 1,
		['t'] = 1,
	};
	const char *end = s + n, *p;

	for (p = s; p < end; p++)
		if (first[(unsigned char)*p] && trigger_at(s, p, end))
			return true;
	return false;
}

/* Length of a line splice (backslash, blanks, newline) at @p, or 0. */
static size_t splice_at(const char *p, const char *end)
{
	const char *q = p + 1;

	if (*p != '\\')
		return 0;
	while (q < end && (*q == ' ' || *q == '\t' || *q == '\f' ||
			   *q == '\v' || *q == '\r'))
		q++;
	return q < end && *q == '\n' ? (size_t)(q + 1 - p) : 0;
}

/*
 * The text with line splices removed, as the preprocessor sees it (a
 * splice may split a name: __sh\<newline>fl).  Returns NULL when there is
 * none, the common case, so that nothing is copied.
 */
static char *unsplice(const char *s, size_t n, size_t *out_len)
{
	const char *end = s + n, *p = memchr(s, '\\', n);
	char *out = NULL, *o = NULL;
	size_t k;

	for (; p; p = memchr(p, '\\', (size_t)(end - p))) {
		k = splice_at(p, end);
		if (!k) {
			p++;
			continue;
		}
		if (!out) {
			out = wl_xmalloc(n + 1);
			memcpy(out, s, (size_t)(p - s));
			o = out + (p - s);
		}
		p += k;
		/* Copy up to the next splice. */
		{
			const char *next = p;

			while (next < end && !(*next == '\\' && splice_at(next, end)))
				next++;
			memcpy(o, p, (size_t)(next - p));
			o += next - p;
			p = next;
		}
		if (p >= end)
			break;
	}
	if (out) {
		*o = '\0';
		*out_len = (size_t)(o - out);
	}
	return out;
}

bool wl_prefilter_text_is_dirty(const char *text, size_t len)
{
	size_t n = 0;
	char *flat = unsplice(text, len, &n);
	bool dirty;

	if (!flat)
		return has_trigger(text, len);
	dirty = has_trigger(flat, n);
	free(flat);
	return dirty;
}

bool wl_prefilter_text_spells(const char *text, size_t len,
			      const char *const *words, unsigned nr)
{
	size_t n = 0;
	char *flat = unsplice(text, len, &n);
	const char *s = flat ? flat : text;
	bool found = memmem(text, len, "?" "?/", 3) != NULL;
	unsigned i;

	if (!flat)
		n = len;
	for (i = 0; i < nr && !found; i++)
		found = memmem(s, n, words[i], strlen(words[i])) != NULL;
	free(flat);
	return found;
}

void wl_prefilter_scan_release(struct wl_prefilter_scan *sc)
{
	unsigned i;

	for (i = 0; i < sc->nr; i++)
		free(sc->v[i].name);
	free(sc->v);
	memset(sc, 0, sizeof(*sc));
}

/* Skip blanks and block comments that stay on this line. */
static const char *skip_blanks(const char *p, const char *end)
{
	for (;;) {
		while (p < end && (*p == ' ' || *p == '\t' || *p == '\f' ||
				   *p == '\v' || *p == '\r'))
			p++;
		if (end - p >= 2 && p[0] == '/' && p[1] == '*') {
			const char *q = p + 2;

			while (end - q >= 2 && !(q[0] == '*' && q[1] == '/'))
				q++;
			if (end - q < 2)
				return end;
			p = q + 2;
			continue;
		}
		return p;
	}
}

/*
 * Read the directive starting at @p (just after the '#').  An include we
 * can follow is added to @sc; one we cannot (computed, #include_next,
 * #import) makes the file dirty.
 */
static void scan_directive(struct wl_prefilter_scan *sc, const char *p,
			   const char *end)
{
	const char *w, *close;
	size_t n;
	char want;

	p = skip_blanks(p, end);
	w = p;
	while (p < end && ((*p >= 'a' && *p <= 'z') || *p == '_'))
		p++;
	n = (size_t)(p - w);
	if ((n == 12 && !memcmp(w, "include_next", 12)) ||
	    (n == 6 && !memcmp(w, "import", 6))) {
		/* Which file these find depends on where the includer was. */
		sc->dirty = true;
		return;
	}
	if (n != 7 || memcmp(w, "include", 7))
		return;
	p = skip_blanks(p, end);
	if (p >= end || (*p != '"' && *p != '<')) {
		sc->dirty = true;	/* #include MACRO */
		return;
	}
	want = *p == '"' ? '"' : '>';
	for (close = p + 1; close < end && *close != want && *close != '\n';
	     close++)
		;
	if (close >= end || *close != want || close == p + 1) {
		sc->dirty = true;
		return;
	}
	WL_GROW(sc->v, sc->nr, sc->alloc);
	sc->v[sc->nr].name = wl_xstrndup(p + 1, (size_t)(close - p - 1));
	sc->v[sc->nr].angle = want == '>';
	sc->nr++;
}

/* Every line that starts with '#', up to the first dirty one. */
static void scan_lines(struct wl_prefilter_scan *sc, const char *p,
		       const char *end)
{
	while (p < end && (!sc->dirty || sc->all_lines)) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *q = skip_blanks(p, nl ? nl : end);

		if (q < end && *q == '#')
			scan_directive(sc, q + 1, nl ? nl : end);
		p = nl ? nl + 1 : end;
	}
}

void wl_prefilter_scan_text(struct wl_prefilter_scan *sc, const char *text,
			    size_t len)
{
	size_t n = len;
	char *flat = unsplice(text, len, &n);
	const char *s = flat ? flat : text;

	memset(sc, 0, sizeof(*sc));
	if (has_trigger(s, n)) {
		sc->dirty = true;
		free(flat);
		return;
	}
	scan_lines(sc, s, s + n);
	free(flat);
}

void wl_prefilter_includes(const char *text, size_t len,
			   void (*fn)(const char *name, void *data),
			   void *data)
{
	size_t n = len;
	char *flat = unsplice(text, len, &n);
	const char *s = flat ? flat : text;
	struct wl_prefilter_scan sc;
	unsigned i;

	memset(&sc, 0, sizeof(sc));
	sc.all_lines = true;
	scan_lines(&sc, s, s + n);
	for (i = 0; i < sc.nr; i++)
		fn(sc.v[i].name, data);
	wl_prefilter_scan_release(&sc);
	free(flat);
}
