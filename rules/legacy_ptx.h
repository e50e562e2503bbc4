/* SPDX-License-Identifier: MIT */
/*
 * Inline PTX as WL103, WL104 and WL105 read it: the template of an asm
 * statement taken from its own tokens (a statement in the file or in a
 * macro body, never the text between a macro and its use), the shfl and
 * vote instructions in it, and whether each has .sync among its
 * modifiers, where PTX allows it anywhere: `vote.ballot.sync.b32` and
 * `vote.sync.ballot.b32` are both the modern form.
 */
#ifndef WL_RULES_LEGACY_PTX_H
#define WL_RULES_LEGACY_PTX_H

#include <stdbool.h>

#include "analyzer/tokens.h"

/* One instruction of a template that names shfl or vote. */
struct wl_ptx_insn {
	const char *op;		/* "shfl" or "vote" */
	unsigned op_begin;	/* offset of the opcode in the file */
	unsigned op_end;	/* just past it: where ".sync" goes */
	bool legacy;		/* no .sync among its modifiers */
	bool opaque;		/* a macro argument is part of it */
	unsigned nr_operands;	/* when !opaque */
	unsigned semi;		/* offset of its ';'; 0: none */
};

/* The operand sections of an extended asm statement. */
struct wl_asm {
	unsigned keyword;	/* offset of "asm" */
	unsigned first, last;	/* its tokens: [first, last] */
	unsigned nr_colons;
	unsigned colons[4];	/* offsets of the section colons */
	unsigned close;		/* offset of the final ')' */
	unsigned outputs, inputs;	/* operand counts */
	unsigned last_input_end;	/* end of the last input operand */
	bool named;		/* [name] operands: not handled */
	bool complete;		/* the closing ')' was found */
	struct wl_ptx_insn insns[16];
	unsigned nr_insns;
	unsigned nr_legacy;
};

/* Whether token @i of @toks starts an asm statement ("asm", "__asm__"). */
bool wl_asm_keyword(const struct wl_tokens *toks, unsigned i);

/*
 * Read the asm statement whose keyword is token @first of @toks: its
 * operand layout and the shfl/vote instructions of its template.
 */
void wl_asm_parse(const struct wl_tokens *toks, unsigned first,
		  struct wl_asm *out);

/*
 * The operand count an instruction has without its member mask: 4 for
 * shfl (d[|p], a, b, c), 2 for vote (d, {!}a).
 */
unsigned wl_ptx_legacy_operands(const struct wl_ptx_insn *insn);

/*
 * The first legacy instruction of the asm statement @c anywhere in @tu (a
 * header, or a macro body that spells it), read from its own tokens; its
 * opcode in *@op and its spelling location in *@loc.  False if none.
 */
bool wl_asm_cursor_legacy(CXTranslationUnit tu, CXCursor c, const char **op,
			  CXSourceLocation *loc);

#endif
