/* SPDX-License-Identifier: MIT */
/* The tokens of a node, with their byte ranges, for rules that edit text. */
#ifndef WL_ANALYZER_TOKENS_H
#define WL_ANALYZER_TOKENS_H

#include <clang-c/Index.h>

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
void wl_tokens_release(struct wl_tokens *tokens);

#endif
