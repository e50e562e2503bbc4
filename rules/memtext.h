/* SPDX-License-Identifier: MIT */
/*
 * The source text that WL301's and WL401's fixes are written into: where
 * lines and statements start and end, indentation, trailing comments, a
 * fresh name for the register, and the register's type as the code can
 * spell it.
 */
#ifndef WL_RULES_MEMTEXT_H
#define WL_RULES_MEMTEXT_H

#include "analyzer/libclang.h"
#include <stdbool.h>

struct wl_ctx;
struct wl_mem;
struct wl_node;

/* The offset just past the ';' that ends statement @s (or its end). */
unsigned wl_memtext_stmt_end(struct wl_ctx *ctx, const struct wl_node *s);

/*
 * The type of a register that holds access @a's value, as a fix may
 * write it ("T" inside a template over `volatile T *`), or NULL when no
 * spelling would compile (a template's dependent type, an unnamed
 * union's).  The caller frees it.
 */
char *wl_memtext_register_type(struct wl_mem *mem, int a);

/*
 * Where statement @n really ends: past the ';' of its last sub-statement
 * (an if's or loop's unbraced body included).
 */
unsigned wl_memtext_full_end(struct wl_ctx *ctx, struct wl_node *n);

/* The whitespace at the start of the line holding @offset (caller frees). */
char *wl_memtext_indent(struct wl_ctx *ctx, unsigned offset);

/* The offset of the start of the line holding @offset. */
unsigned wl_memtext_line_start(struct wl_ctx *ctx, unsigned offset);

/*
 * Past the blanks that end the line at @pos, if only blanks are left
 * on it (an insertion there leaves the line as it was); else @pos.
 */
unsigned wl_memtext_past_line_blanks(struct wl_ctx *ctx, unsigned pos);
/*
 * The `// comment` that follows offset *@end on its line (with the space
 * before it), or ""; moves *@end past it.  Caller frees.
 */
char *wl_memtext_trailing_comment(struct wl_ctx *ctx, unsigned *end);

/* A name not used as an identifier in @fn's text: @base, @base2, ... */
char *wl_memtext_fresh_name(struct wl_ctx *ctx, const struct wl_node *fn,
			     const char *base);

/* The same, and none of the @nr names in @taken (NULL entries skipped). */
char *wl_memtext_fresh_name_except(struct wl_ctx *ctx,
				   const struct wl_node *fn, const char *base,
				   char *const *taken, unsigned nr);

/* One level deeper than @indent, in the file's own style (caller frees). */
char *wl_memtext_deeper(const char *indent);

/* @n's text as written (inside a macro's body for an expansion). */
char *wl_memtext_of(struct wl_ctx *ctx, const struct wl_node *n);

/* Whether @n needs no parentheses as the right operand of a binary op. */
bool wl_memtext_is_primary(struct wl_node *n);

/* The operator of compound assignment @op without its '=' ("+"), or NULL. */
const char *wl_memtext_compound_op(enum CXBinaryOperatorKind op);

#endif
