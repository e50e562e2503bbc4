/* SPDX-License-Identifier: MIT */
/* The tokens of a node, with their byte ranges, for rules that edit text. */
#include "analyzer/tokens.h"

#include <stdlib.h>
#include <string.h>

#include "analyzer/model.h"
#include "analyzer/util.h"

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

void wl_tokens_release(struct wl_tokens *tokens)
{
	unsigned i;

	for (i = 0; i < tokens->nr; i++)
		free(tokens->v[i].text);
	free(tokens->v);
	memset(tokens, 0, sizeof(*tokens));
}
