/* SPDX-License-Identifier: MIT */
/*
 * Spellings that nvcc accepts and clang does not, rewritten in the text
 * handed to the parser.  Every rewrite keeps the length of the text and
 * the offset of every token that is not rewritten, so that locations,
 * findings and fixes computed on the parsed text apply to the file as it
 * is on disk.
 */
#ifndef WL_ANALYZER_SPELLING_H
#define WL_ANALYZER_SPELLING_H

#include <stddef.h>

/*
 * A copy of @len bytes of @text in which each kernel launch written with
 * spaces inside its chevrons, `k<< <grid, block>> >(args)` (the way older
 * clang-format releases reformatted `<<<...>>>`), reads `k<<< grid,
 * block>>> (args)`.  Returns NULL (and allocates nothing) when the text
 * has no such launch.
 */
char *wl_spelling_fix_launches(const char *text, size_t len);

/*
 * A copy of @text in which each PTX register named in an asm template
 * with operands, `asm("mov.u32 %0, %laneid;" : "=r"(l))`, reads as clang
 * wants it, `%%laneid`: nvcc passes an unknown `%` escape through, clang
 * rejects the statement.  The blank before the register makes room for
 * the second '%', so a register with none before it stays as it is.
 * Returns NULL (and allocates nothing) when nothing needs it.
 */
char *wl_spelling_fix_asm_escapes(const char *text, size_t len);

#endif
