/* SPDX-License-Identifier: MIT */
/* The tokens of a node, with their byte ranges, for rules that edit text. */
#ifndef WL_ANALYZER_TOKENS_H
#define WL_ANALYZER_TOKENS_H

#include "analyzer/libclang.h"
#include <stdbool.h>

struct wl_model;
struct wl_node;

struct wl_token {
	CXTokenKind kind;
	unsigned begin, end;	/* byte offsets in the main file */
	char *text;
};

struct wl_tokens {
	struct wl_token *v;
	unsigned nr;
};

/*
 * Tokenize @node's range in the main file.  Returns 0, or -1 when the
 * node is not written in the main file (a macro expansion, a header).
 */
int wl_tokens_of(struct wl_model *model, const struct wl_node *node,
		 struct wl_tokens *out);

/*
 * Tokenize bytes [@begin, @end) of @file as clang's raw lexer sees them:
 * every token, also those in #if branches the build skips and in
 * directive lines (comments are not tokens).  Offsets are in @file.
 */
void wl_tokens_of_range(CXTranslationUnit tu, CXFile file, unsigned begin,
			unsigned end, struct wl_tokens *out);

/* The index of the first token that begins at or after @offset. */
unsigned wl_tokens_find(const struct wl_tokens *tokens, unsigned offset);

/* Whether token @i exists and is spelled @text. */
bool wl_token_is(const struct wl_tokens *tokens, unsigned i, const char *text);
void wl_tokens_release(struct wl_tokens *tokens);

#endif
