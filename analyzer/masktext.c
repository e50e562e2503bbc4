/* SPDX-License-Identifier: MIT */
/*
 * The source text of an inferred mask: the predicate of the lanes that
 * go on past the divergence points, a ballot of it declared before them,
 * a fresh name, the constant or the variable spelled.
 */
#include <stdlib.h>
#include <string.h>

#include "analyzer/maskint.h"
#include "base/source.h"
#include "base/util.h"
#include "fixits/edit.h"

char *wl_mask_const_text(struct wl_ctx *ctx, uint32_t bits)
{
	if (bits == FULL)
		return wl_xstrdup(ctx->model.full_mask_name
					  ? ctx->model.full_mask_name
					  : "0xffffffff");
	return wl_xasprintf("0x%08x", bits);
}

char *wl_mask_describe_lanes(uint32_t bits)
{
	struct wl_buf b = WL_BUF_INIT;
	int lane = 0;

	if (!bits)
		return wl_xstrdup("no lane");
	while (lane < 32) {
		int end;

		if (!(bits & (1u << lane))) {
			lane++;
			continue;
		}
		for (end = lane; end + 1 < 32 && (bits & (1u << (end + 1)));)
			end++;
		wl_buf_adds(&b, b.len ? ", " : "");
		if (end > lane)
			wl_buf_addf(&b, "%d-%d", lane, end);
		else
			wl_buf_addf(&b, "%d", lane);
		lane = end + 1;
	}
	{
		char *list = wl_buf_detach(&b);
		char *s = wl_xasprintf(strchr(list, ',') || strchr(list, '-')
					       ? "lanes %s"
					       : "lane %s",
				       list);

		free(list);
		return s;
	}
}

static bool is_identifier(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!(*s == '_' || (*s >= 'a' && *s <= 'z') ||
		      (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9')))
			return false;
	return true;
}

/* "a >= b" -> "a < b" for integer comparisons; else "!(text)". */
static char *negated_text(struct wl_ctx *ctx, struct wl_node *cond)
{
	static const struct {
		enum CXBinaryOperatorKind op;
		const char *neg;
	} inv[] = {
		{ CXBinaryOperator_LT, ">=" }, { CXBinaryOperator_GE, "<" },
		{ CXBinaryOperator_GT, "<=" }, { CXBinaryOperator_LE, ">" },
		{ CXBinaryOperator_EQ, "!=" }, { CXBinaryOperator_NE, "==" },
	};
	struct wl_node *c = cond;
	char *text = wl_node_text(&ctx->model, cond), *l, *r, *s;
	unsigned i;

	while (c->kind == CXCursor_ParenExpr && c->nr_kids == 1)
		c = c->kids[0];
	if (c->kind == CXCursor_BinaryOperator && c->nr_kids == 2 &&
	    !c->in_macro) {
		enum CXBinaryOperatorKind op =
			wl_node_binop(c);
		enum CXTypeKind lt = clang_getCanonicalType(
			clang_getCursorType(c->kids[0]->cursor)).kind;

		for (i = 0; i < WL_ARRAY_SIZE(inv); i++) {
			if (inv[i].op != op || lt < CXType_Bool ||
			    lt > CXType_Int128)
				continue;
			l = wl_node_text(&ctx->model, c->kids[0]);
			r = wl_node_text(&ctx->model, c->kids[1]);
			if (l && r) {
				s = wl_xasprintf("%s %s %s", l, inv[i].neg, r);
				free(l);
				free(r);
				free(text);
				return s;
			}
			free(l);
			free(r);
		}
	}
	if (c->kind == CXCursor_UnaryOperator && c->nr_kids == 1 &&
	    clang_getCursorUnaryOperatorKind(c->cursor) == CXUnaryOperator_LNot) {
		s = wl_node_text(&ctx->model, c->kids[0]);
		if (s) {
			free(text);
			return s;
		}
	}
	s = wl_xasprintf(is_identifier(text) ? "!%s" : "!(%s)", text);
	free(text);
	return s;
}

static void add_term(struct wl_buf *b, const char *term, bool many)
{
	if (b->len)
		wl_buf_adds(b, " && ");
	if (many && !is_identifier(term))
		wl_buf_addf(b, "(%s)", term);
	else
		wl_buf_adds(b, term);
}

char *wl_mask_predicate_text(struct wl_ctx *ctx, struct point *pts, unsigned n)
{
	struct wl_buf b = WL_BUF_INIT;
	unsigned i, j, terms = 0;

	for (i = 0; i < n; i++)
		terms += pts[i].exit ? 1 : pts[i].nr;
	for (i = 0; i < n; i++) {
		struct point *p = &pts[i];
		char *t;

		if (p->exit && p->nr == 1) {
			t = p->negs[0] ? wl_node_text(&ctx->model, p->conds[0])
				       : negated_text(ctx, p->conds[0]);
			add_term(&b, t, terms > 1);
			free(t);
			continue;
		}
		if (p->exit) {
			struct wl_buf inner = WL_BUF_INIT;
			char *it;

			for (j = 0; j < p->nr; j++) {
				t = p->negs[j] ? negated_text(ctx, p->conds[j])
					       : wl_node_text(&ctx->model, p->conds[j]);
				add_term(&inner, t, true);
				free(t);
			}
			it = wl_buf_detach(&inner);
			t = wl_xasprintf("!(%s)", it);
			free(it);
			add_term(&b, t, false);
			free(t);
			continue;
		}
		for (j = 0; j < p->nr; j++) {
			t = p->negs[j] ? negated_text(ctx, p->conds[j])
				       : wl_node_text(&ctx->model, p->conds[j]);
			add_term(&b, t, terms > 1);
			free(t);
		}
	}
	return wl_buf_detach(&b);
}

static bool word_in(const char *text, size_t len, const char *word)
{
	size_t n = strlen(word), i;

	for (i = 0; i + n <= len; i++) {
		if (memcmp(text + i, word, n))
			continue;
		if (i > 0 && (is_identifier((char[]){ text[i - 1], 0 })))
			continue;
		if (i + n < len && is_identifier((char[]){ text[i + n], 0 }))
			continue;
		return true;
	}
	return false;
}

char *wl_mask_fresh_name(struct wl_ctx *ctx, struct wl_func *fn)
{
	struct wl_mask_cache *c = ctx->masks;
	const char *text = ctx->src->text + fn->root->begin;
	size_t len = fn->root->end - fn->root->begin;
	unsigned i, k;

	/* "mask", then "mask2", "mask3"...: the first unused in @fn. */
	for (k = 1;; k++) {
		char *name = k == 1 ? wl_xstrdup("mask") : wl_xasprintf("mask%u", k);
		bool taken = word_in(text, len, name);

		for (i = 0; i < c->nr_ballots && !taken; i++)
			taken = c->ballots[i].fn == fn &&
				!strcmp(c->ballots[i].name, name);
		for (i = 0; i < c->nr_entries && !taken; i++)
			taken = c->entries[i].fn == fn && c->entries[i].param &&
				!strcmp(c->entries[i].param, name);
		if (!taken)
			return name;
		free(name);
	}
}

/* Indentation of the line @offset is on, or NULL if code precedes it. */
static char *indent_before(struct wl_ctx *ctx, unsigned offset)
{
	const char *t = ctx->src->text;
	unsigned start = offset;

	while (start > 0 && t[start - 1] != '\n') {
		if (t[start - 1] != ' ' && t[start - 1] != '\t')
			return NULL;
		start--;
	}
	return wl_xstrndup(t + start, offset - start);
}

/* End of the statement @n, past its ';' (extents stop before it). */
static unsigned statement_end(struct wl_ctx *ctx, const struct wl_node *n)
{
	const char *t = ctx->src->text;
	unsigned e = n->end;

	if (e > 0 && (t[e - 1] == ';' || t[e - 1] == '}'))
		return e;
	while (e < ctx->src->len && (t[e] == ' ' || t[e] == '\t' ||
				     t[e] == '\n' || t[e] == '\r'))
		e++;
	return e < ctx->src->len && t[e] == ';' ? e + 1 : n->end;
}

/*
 * The mask variable of @fn planned before @anchor under @key (its mask
 * and what it ballots): the same one when asked again, else a new name.
 */
static const char *mask_variable(struct wl_ctx *ctx, struct wl_func *fn,
				 struct wl_node *anchor, char *key)
{
	struct wl_mask_cache *c = ctx->masks;
	struct ballot *b;
	unsigned i;

	for (i = 0; i < c->nr_ballots; i++) {
		b = &c->ballots[i];
		if (b->fn == fn && b->anchor == anchor->begin &&
		    !strcmp(b->key, key)) {
			free(key);
			return b->name;
		}
	}
	WL_GROW(c->ballots, c->nr_ballots, c->alloc_ballots);
	b = &c->ballots[c->nr_ballots];
	b->fn = fn;
	b->anchor = anchor->begin;
	b->name = wl_mask_fresh_name(ctx, fn);	/* before it counts */
	b->key = key;
	c->nr_ballots++;
	return b->name;
}

/*
 * Insert `unsigned NAME = INIT;` before @anchor: on a line of its own
 * when the anchor starts one, and inside braces of its own when the
 * anchor is an unbraced body (@wrap).
 */
static void declare_before(struct wl_ctx *ctx, struct wl_node *anchor,
			   bool wrap, const char *name, const char *init,
			   struct wl_fix *setup)
{
	char *indent, *stmt;

	if (wrap) {
		stmt = wl_xasprintf("{ unsigned %s = %s; ", name, init);
		wl_fix_insert(setup, anchor->begin, stmt);
		wl_fix_insert(setup, statement_end(ctx, anchor), " }");
		free(stmt);
		return;
	}
	indent = indent_before(ctx, anchor->begin);
	if (indent)
		stmt = wl_xasprintf("unsigned %s = %s;%s%s", name, init,
				    wl_source_newline(ctx->src), indent);
	else
		stmt = wl_xasprintf("unsigned %s = %s; ", name, init);
	wl_fix_insert(setup, anchor->begin, stmt);
	free(stmt);
	free(indent);
}

/*
 * Plan `unsigned NAME = __ballot_sync(MASK, PRED);` before @anchor and
 * return NAME; the same ballot asked for twice gets the same name.
 */
const char *wl_mask_plan_ballot(struct wl_ctx *ctx, struct wl_func *fn,
				struct wl_node *anchor, bool wrap,
				const char *mask, const char *pred,
				struct wl_fix *setup)
{
	const char *name = mask_variable(ctx, fn, anchor,
					 wl_xasprintf("%s\n%s", mask, pred));
	char *init = wl_xasprintf("__ballot_sync(%s, %s)", mask, pred);

	declare_before(ctx, anchor, wrap, name, init, setup);
	free(init);
	return name;
}

/* @cond as a ballot's int predicate: pointers and floats tested as `if` would. */
static char *predicate_of(struct wl_ctx *ctx, struct wl_node *cond)
{
	char *text = wl_node_text(&ctx->model, cond), *s;
	enum CXTypeKind k;

	/* the test's own type, under the conversion to bool */
	while (cond->kind == CXCursor_UnexposedExpr && cond->nr_kids == 1)
		cond = cond->kids[0];
	k = clang_getCanonicalType(clang_getCursorType(cond->cursor)).kind;

	if ((k >= CXType_Bool && k <= CXType_Int128) || k == CXType_Enum)
		return text;
	s = wl_xasprintf(is_identifier(text) ? "!!%s" : "!!(%s)", text);
	free(text);
	return s;
}

const char *wl_mask_plan_trip_ballot(struct wl_ctx *ctx, struct wl_func *fn,
				     struct wl_node *anchor, bool wrap,
				     const char *mask, struct wl_node *loop,
				     struct wl_fix *setup)
{
	struct wl_node *cond = wl_node_kid(loop, WL_ROLE_COND);
	const char *name = mask_variable(
		ctx, fn, anchor,
		wl_xasprintf("%s\ntrips of %u", mask, loop->begin));
	char *text = wl_node_text(&ctx->model, cond);
	char *pred = predicate_of(ctx, cond);
	char *test;

	/* Lanes leave as the test fails: each trip's ballot names the rest. */
	test = wl_xasprintf("(%s = __ballot_sync(%s, %s)), %s", name, name,
			    pred, text);
	wl_fix_replace(setup, cond->begin, cond->end - cond->begin, test);
	declare_before(ctx, anchor, wrap, name, mask, setup);
	free(test);
	free(pred);
	free(text);
	return name;
}

char *wl_mask_render(struct wl_ctx *ctx, const char *var, uint32_t bits)
{
	if (!var)
		return wl_mask_const_text(ctx, bits);
	if (bits == FULL)
		return wl_xstrdup(var);
	return wl_xasprintf("%s & 0x%08x", var, bits);
}
