/* SPDX-License-Identifier: MIT */
/* The tokens of a node, with their byte ranges, for rules that edit text. */
#include "analyzer/tokens.h"

#include <stdlib.h>
#include <string.h>

#include "analyzer/model.h"
#include "base/util.h"

int wl_tokens_of(struct wl_model *m, const struct wl_node *node,
		 struct wl_tokens *out)
{
	CXToken *toks = NULL;
	unsigned nr = 0, i;

	memset(out, 0, sizeof(*out));
	if (!node->in_main || node->in_macro)
		return -1;
	clang_tokenize(m->tu, clang_getCursorExtent(node->cursor), &toks, &nr);
	out->v = wl_xcalloc(nr + 1, sizeof(*out->v));
	for (i = 0; i < nr; i++) {
		CXSourceRange r = clang_getTokenExtent(m->tu, toks[i]);
		CXString s = clang_getTokenSpelling(m->tu, toks[i]);
		struct wl_token *t = &out->v[out->nr];

		clang_getFileLocation(clang_getRangeStart(r), NULL, NULL, NULL,
				      &t->begin);
		clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL,
				      &t->end);
		t->kind = clang_getTokenKind(toks[i]);
		t->text = wl_xstrdup(clang_getCString(s));
		clang_disposeString(s);
		/* The range may reach one token past the node: drop it. */
		if (t->begin >= node->end) {
			free(t->text);
			continue;
		}
		out->nr++;
	}
	clang_disposeTokens(m->tu, toks, nr);
	return 0;
}

void wl_tokens_of_range(CXTranslationUnit tu, CXFile file, unsigned begin,
			unsigned end, struct wl_tokens *out)
{
	CXToken *toks = NULL;
	unsigned nr = 0, i;
	CXSourceRange r;

	memset(out, 0, sizeof(*out));
	if (end <= begin)
		return;
	r = clang_getRange(clang_getLocationForOffset(tu, file, begin),
			   clang_getLocationForOffset(tu, file, end));
	clang_tokenize(tu, r, &toks, &nr);
	out->v = wl_xcalloc(nr + 1, sizeof(*out->v));
	for (i = 0; i < nr; i++) {
		CXSourceRange tr = clang_getTokenExtent(tu, toks[i]);
		CXString s;
		struct wl_token *t = &out->v[out->nr];

		clang_getFileLocation(clang_getRangeStart(tr), NULL, NULL, NULL,
				      &t->begin);
		clang_getFileLocation(clang_getRangeEnd(tr), NULL, NULL, NULL,
				      &t->end);
		/* clang_tokenize may run one token past the range's end. */
		if (t->begin >= end)
			continue;
		s = clang_getTokenSpelling(tu, toks[i]);
		t->kind = clang_getTokenKind(toks[i]);
		t->text = wl_xstrdup(clang_getCString(s));
		clang_disposeString(s);
		out->nr++;
	}
	clang_disposeTokens(tu, toks, nr);
}

unsigned wl_tokens_find(const struct wl_tokens *tokens, unsigned offset)
{
	unsigned lo = 0, hi = tokens->nr;

	while (lo < hi) {
		unsigned mid = lo + (hi - lo) / 2;

		if (tokens->v[mid].begin < offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

bool wl_token_is(const struct wl_tokens *tokens, unsigned i, const char *text)
{
	return i < tokens->nr && !strcmp(tokens->v[i].text, text);
}

void wl_tokens_release(struct wl_tokens *tokens)
{
	unsigned i;

	for (i = 0; i < tokens->nr; i++)
		free(tokens->v[i].text);
	free(tokens->v);
	memset(tokens, 0, sizeof(*tokens));
}
