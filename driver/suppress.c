/* SPDX-License-Identifier: MIT */
/*
 * Inline suppressions.  The scan works on the raw text, not on libclang's
 * tokens, so that it sees comments in code the preprocessor skipped and
 * works the same in the CLI and the corpus runner.
 */
#include "driver/suppress.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "base/source.h"
#include "base/util.h"
#include "fixits/edit.h"

enum supp_kind {
	SUPP_LINE,		/* this line */
	SUPP_NEXT_LINE,		/* the line after the comment */
	SUPP_BLOCK,		/* up to the matching enable, or the end */
};

struct supp {
	enum supp_kind kind;
	unsigned begin, end;		/* the comment, bytes [begin, end) */
	unsigned first_line;
	unsigned last_line[WL_NR_RULES];	/* per rule: blocks close per rule */
	bool rules[WL_NR_RULES];
	bool used[WL_NR_RULES];
	bool open[WL_NR_RULES];		/* block not yet closed for the rule */
	bool foreign;			/* the comment also serves another tool */
	bool closer_exact;		/* one enable closed exactly these rules */
	unsigned closer_begin, closer_end;
	char *justification;
};

struct supp_list {
	struct supp *v;
	unsigned nr, alloc;
};

/* One comment found by the scanner: bytes [begin, end), body inside. */
struct comment {
	unsigned begin, end;
	unsigned body, body_end;
};

/*
 * Find the next comment at or after *@pos, skipping string and character
 * literals.  Returns false at the end of the text.
 */
static bool next_comment(const char *s, size_t len, size_t *pos,
			 struct comment *c)
{
	size_t i = *pos;

	while (i < len) {
		if (s[i] == '"' || s[i] == '\'') {
			char q = s[i++];

			while (i < len && s[i] != q && s[i] != '\n')
				i += s[i] == '\\' && i + 1 < len ? 2 : 1;
			i++;
		} else if (s[i] == '/' && i + 1 < len && s[i + 1] == '/') {
			c->begin = (unsigned)i;
			c->body = (unsigned)i + 2;
			while (i < len && s[i] != '\n')
				i++;
			/* A trailing '\r' of a CRLF line is not comment text. */
			c->body_end = c->end = (unsigned)
				(i > c->body && s[i - 1] == '\r' ? i - 1 : i);
			*pos = i;
			return true;
		} else if (s[i] == '/' && i + 1 < len && s[i + 1] == '*') {
			const char *close = strstr(s + i + 2, "*/");

			c->begin = (unsigned)i;
			c->body = (unsigned)i + 2;
			c->body_end = close ? (unsigned)(close - s) : (unsigned)len;
			c->end = close ? c->body_end + 2 : (unsigned)len;
			*pos = c->end;
			return true;
		} else {
			i++;
		}
	}
	*pos = i;
	return false;
}

/* Is @p the start of a token that names a warplint rule (WL + digit)? */
static bool looks_like_wl_id(const char *p, size_t n)
{
	return n > 2 && (p[0] == 'W' || p[0] == 'w') &&
	       (p[1] == 'L' || p[1] == 'l') && isdigit((unsigned char)p[2]);
}

static void report_error(struct wl_ctx *ctx, const struct comment *c,
			 const char *what, const char *tok, size_t n)
{
	struct wl_finding *f;

	f = wl_report_at(ctx, WL901, c->begin, c->end - c->begin,
			 "%s '%.*s' in suppression comment", what, (int)n, tok);
	/* A broken suppression is the user's error, never a mere warning. */
	f->level = WL_LEVEL_ERROR;
	wl_finding_note(f, "see 'warplint --list-rules' for the rule ids");
}

/*
 * Parse the rule list in [@p, @end): ids or names separated by commas or
 * blanks.  In NOLINT lists (@tolerant) names of other tools are skipped
 * and make the comment foreign; elsewhere an unknown name is an error.
 * Returns the number of warplint rules named.
 */
static unsigned parse_ids(struct wl_ctx *ctx, const struct comment *c,
			  const char *p, const char *end, bool tolerant,
			  bool rules[WL_NR_RULES], bool *foreign)
{
	unsigned count = 0;

	while (p < end) {
		const char *tok;
		const struct wl_rule *r;
		char name[64];
		size_t n;

		while (p < end && (*p == ',' || isspace((unsigned char)*p)))
			p++;
		tok = p;
		while (p < end && *p != ',' && !isspace((unsigned char)*p))
			p++;
		n = (size_t)(p - tok);
		if (!n)
			break;
		r = NULL;
		if (n < sizeof(name)) {
			memcpy(name, tok, n);
			name[n] = '\0';
			/* Bare numbers are not accepted: "101" is not an id. */
			if (!isdigit((unsigned char)name[0]))
				r = wl_rule_find(name);
		}
		if (r) {
			rules[r->id] = true;
			count++;
		} else if (tolerant && !looks_like_wl_id(tok, n)) {
			*foreign = true;
		} else {
			report_error(ctx, c, "unknown rule", tok, n);
		}
	}
	return count;
}

static const char *skip_blank(const char *p, const char *end)
{
	while (p < end && isspace((unsigned char)*p))
		p++;
	return p;
}

/* The text after "--", trimmed, or NULL. */
static char *justification(const char *p, const char *end)
{
	while (end > p && isspace((unsigned char)end[-1]))
		end--;
	p = skip_blank(p, end);
	return end > p ? wl_xstrndup(p, (size_t)(end - p)) : NULL;
}

static struct supp *add_supp(struct supp_list *list, enum supp_kind kind,
			     const struct comment *c, unsigned line)
{
	struct supp *s;
	unsigned i;

	WL_GROW(list->v, list->nr, list->alloc);
	s = &list->v[list->nr++];
	memset(s, 0, sizeof(*s));
	s->kind = kind;
	s->begin = c->begin;
	s->end = c->end;
	s->first_line = line;
	for (i = 0; i < WL_NR_RULES; i++)
		s->last_line[i] = line;
	return s;
}

/* warplint-enable IDS: close the latest open block of each rule. */
static void close_blocks(struct wl_ctx *ctx, struct supp_list *list,
			 const struct comment *c, const bool rules[WL_NR_RULES],
			 unsigned line)
{
	struct supp *closed = NULL;
	bool same = true;
	unsigned r, k, nr_rules = 0;

	for (r = 0; r < WL_NR_RULES; r++) {
		struct supp *s = NULL;

		if (!rules[r])
			continue;
		nr_rules++;
		for (k = list->nr; k-- > 0;)
			if (list->v[k].kind == SUPP_BLOCK && list->v[k].open[r]) {
				s = &list->v[k];
				break;
			}
		if (!s) {
			report_error(ctx, c, "warplint-enable without a "
				     "warplint-disable for",
				     wl_rules[r].code, strlen(wl_rules[r].code));
			same = false;
			continue;
		}
		s->open[r] = false;
		s->last_line[r] = line;
		if (closed && closed != s)
			same = false;
		closed = s;
	}
	if (!closed || !same)
		return;
	/* The enable may be deleted with its disable if it closes just it. */
	for (r = 0, k = 0; r < WL_NR_RULES; r++)
		k += closed->rules[r];
	if (k == nr_rules) {
		closed->closer_exact = true;
		closed->closer_begin = c->begin;
		closed->closer_end = c->end;
	}
}

static bool has_word(const char *p, const char *end, const char *word)
{
	size_t n = strlen(word);

	return (size_t)(end - p) >= n && !memcmp(p, word, n) &&
	       ((size_t)(end - p) == n || isspace((unsigned char)p[n]));
}

/* "NOLINT(" or "NOLINTNEXTLINE(" anywhere in the comment. */
static void parse_nolint(struct wl_ctx *ctx, struct supp_list *list,
			 const struct comment *c, const char *body,
			 const char *end, unsigned line)
{
	static const char *const words[] = { "NOLINTNEXTLINE(", "NOLINT(" };
	unsigned w;

	for (w = 0; w < WL_ARRAY_SIZE(words); w++) {
		const char *p = body, *close;
		size_t n = strlen(words[w]);
		bool rules[WL_NR_RULES] = { false }, foreign = false;
		struct supp *s;

		while (p + n <= end && memcmp(p, words[w], n))
			p++;
		if (p + n > end)
			continue;
		close = memchr(p + n, ')', (size_t)(end - p - n));
		if (!close)
			continue;
		/* Text around the marker belongs to the user, not to us. */
		foreign = skip_blank(body, end) != p ||
			  skip_blank(close + 1, end) != end;
		if (!parse_ids(ctx, c, p + n, close, true, rules, &foreign))
			return;
		s = add_supp(list, w == 0 ? SUPP_NEXT_LINE : SUPP_LINE, c, line);
		memcpy(s->rules, rules, sizeof(rules));
		s->foreign = foreign;
		return;
	}
}

static void parse_comment(struct wl_ctx *ctx, struct supp_list *list,
			  const struct comment *c)
{
	static const struct {
		const char *word;
		int kind;	/* enum supp_kind, or -1 for enable */
	} words[] = {
		{ "warplint-disable-next-line", SUPP_NEXT_LINE },
		{ "warplint-disable-line", SUPP_LINE },
		{ "warplint-disable", SUPP_BLOCK },
		{ "warplint-enable", -1 },
	};
	const char *text = ctx->src->text;
	const char *body = text + c->body, *end = text + c->body_end, *p, *dash;
	bool rules[WL_NR_RULES] = { false }, foreign = false;
	unsigned line, col, w, r;
	struct supp *s;

	wl_source_line_col(ctx->src, c->begin, &line, &col);
	p = skip_blank(body, end);
	for (w = 0; w < WL_ARRAY_SIZE(words); w++)
		if (has_word(p, end, words[w].word))
			break;
	if (w == WL_ARRAY_SIZE(words)) {
		parse_nolint(ctx, list, c, body, end, line);
		return;
	}
	p += strlen(words[w].word);
	for (dash = p; dash + 1 < end; dash++)
		if (dash[0] == '-' && dash[1] == '-')
			break;
	if (dash + 1 >= end)
		dash = end;
	if (!parse_ids(ctx, c, p, dash, false, rules, &foreign)) {
		if (skip_blank(p, dash) == dash)
			report_error(ctx, c, "no rule named after",
				     words[w].word, strlen(words[w].word));
		return;
	}
	if (words[w].kind < 0) {
		close_blocks(ctx, list, c, rules, line);
		return;
	}
	s = add_supp(list, (enum supp_kind)words[w].kind, c, line);
	memcpy(s->rules, rules, sizeof(rules));
	if (dash < end)
		s->justification = justification(dash + 2, end);
	for (r = 0; r < WL_NR_RULES; r++) {
		s->open[r] = s->kind == SUPP_BLOCK && rules[r];
		if (s->open[r])
			s->last_line[r] = UINT_MAX;
	}
}

static bool covers(const struct supp *s, const struct wl_finding *f,
		   const struct wl_source *src)
{
	unsigned end_line, col;

	if (!s->rules[f->rule])
		return false;
	switch (s->kind) {
	case SUPP_LINE:
		/* A block comment may span lines: it covers all of them. */
		wl_source_line_col(src, s->end, &end_line, &col);
		return f->line >= s->first_line && f->line <= end_line;
	case SUPP_NEXT_LINE:
		wl_source_line_col(src, s->end, &end_line, &col);
		return f->line == end_line + 1;
	case SUPP_BLOCK:
		return f->line >= s->first_line &&
		       f->line <= s->last_line[f->rule];
	}
	return false;
}

/*
 * The bytes to delete to remove the comment [@begin, @end): its whole line
 * when it stands alone, otherwise the comment and the blanks before it.
 */
static void deletion_range(const struct wl_source *src, unsigned begin,
			   unsigned end, unsigned *del_begin, unsigned *del_end)
{
	const char *s = src->text;
	unsigned ls = begin, le = end;

	while (ls > 0 && s[ls - 1] != '\n' && (s[ls - 1] == ' ' || s[ls - 1] == '\t'))
		ls--;
	while (le < src->len && (s[le] == ' ' || s[le] == '\t' || s[le] == '\r'))
		le++;
	if ((ls == 0 || s[ls - 1] == '\n') && (le == src->len || s[le] == '\n')) {
		*del_begin = ls;
		*del_end = le < src->len ? le + 1 : le;
	} else if (ls == 0 || s[ls - 1] == '\n') {
		/* A comment before code on its line: keep the indentation. */
		*del_begin = begin;
		*del_end = le;
	} else {
		*del_begin = ls;
		*del_end = end;
	}
}

static void report_unused(struct wl_ctx *ctx, const struct supp *s)
{
	struct wl_buf ids = WL_BUF_INIT;
	unsigned r, nr_unused = 0, nr_named = 0, b, e;
	bool unknown = false, unclosed = false;
	struct wl_finding *f;

	for (r = 0; r < WL_NR_RULES; r++) {
		if (!s->rules[r])
			continue;
		nr_named++;
		/* A disabled rule cannot match: its use is unknown, not nil. */
		if (!ctx->enabled[r]) {
			unknown = true;
			continue;
		}
		if (s->used[r])
			continue;
		wl_buf_addf(&ids, "%s%s", nr_unused ? ", " : "", wl_rules[r].code);
		nr_unused++;
	}
	if (!nr_unused) {
		wl_buf_release(&ids);
		return;
	}
	f = wl_report_at(ctx, WL901, s->begin, s->end - s->begin,
			 "suppression of %s matched no finding", ids.s);
	wl_buf_release(&ids);
	for (r = 0; r < WL_NR_RULES; r++)
		unclosed |= s->open[r];
	/* Deleting a disable whose enable stays would break the enable. */
	if (nr_unused != nr_named || unknown || s->foreign ||
	    (s->kind == SUPP_BLOCK && !unclosed && !s->closer_exact)) {
		wl_finding_note(f, "remove the unused rule ids by hand");
		return;
	}
	f->fix = wl_fix_new("delete the unused suppression comment");
	deletion_range(ctx->src, s->begin, s->end, &b, &e);
	wl_fix_replace(f->fix, b, e - b, "");
	if (s->kind == SUPP_BLOCK && s->closer_exact) {
		deletion_range(ctx->src, s->closer_begin, s->closer_end, &b, &e);
		wl_fix_replace(f->fix, b, e - b, "");
	}
}

void wl_suppress_apply(struct wl_ctx *ctx)
{
	struct supp_list list = { NULL, 0, 0 };
	struct comment c;
	size_t pos = 0;
	unsigned i, k, nr_findings;

	while (next_comment(ctx->src->text, ctx->src->len, &pos, &c))
		parse_comment(ctx, &list, &c);
	/* Only the rules' findings: errors reported above stay visible. */
	nr_findings = ctx->findings.nr;
	for (i = 0; i < nr_findings; i++) {
		struct wl_finding *f = &ctx->findings.v[i];

		if (f->rule == WL901)
			continue;
		for (k = 0; k < list.nr; k++) {
			struct supp *s = &list.v[k];

			if (!covers(s, f, ctx->src))
				continue;
			s->used[f->rule] = true;
			if (!f->suppressed && s->justification)
				f->justification = wl_xstrdup(s->justification);
			f->suppressed = true;
		}
	}
	for (k = 0; k < list.nr; k++) {
		if (ctx->enabled[WL901])
			report_unused(ctx, &list.v[k]);
		free(list.v[k].justification);
	}
	free(list.v);
}
