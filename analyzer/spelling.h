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

#include <stdbool.h>
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
 * A copy of @text, every offset kept, in which each PTX register named
 * in an asm template with operands, `asm("mov.u32 %0, %laneid;" :
 * "=r"(l))`, reads as clang accepts it: nvcc passes an unknown `%` escape
 * through, clang rejects the statement.  A blank (or a `\t`) before the
 * register makes room for a second '%' (`%%laneid`); with none, the
 * letter after the '%' becomes `%=`, fine for a parse but not for code
 * built from it.  Returns NULL (and allocates nothing) when nothing needs
 * it.
 */
char *wl_spelling_fix_asm_escapes(const char *text, size_t len);

/*
 * The same registers with their '%' doubled, for a build (the text grows
 * by one byte each; *@out_len is its length).  NULL when none.
 */
char *wl_spelling_escape_asm_percents(const char *text, size_t len,
				      size_t *out_len);

/*
 * An explicit specialization written without `__device__`, `template <>
 * template <> void Load<CG>::Ld(int &v, int *p) {...}` (often in a macro
 * body, one per type), of a `__device__` member template: nvcc gives it
 * the targets of its template, clang finds that no template matches and
 * drops it.  The `template <>` nearest before @at, where clang placed
 * the error (the specialization's name @name, within the same
 * declaration), is respelled in place as a marker that the shim defines
 * as `template <> __device__` (or with `__host__` too), padded with
 * blanks to the same length.  When @at is a macro's use (clang places an
 * error in a macro body there), every specialization of @name in the
 * text's `#define` bodies is.  False when none was respelled (none
 * found, or no room for the marker: `template<>int f()`).
 */
enum wl_spec_target { WL_SPEC_DEVICE, WL_SPEC_HOST_DEVICE };

bool wl_spelling_fix_specialization(char *text, size_t len, size_t at,
				    const char *name,
				    enum wl_spec_target target);

/*
 * Whether @parsed is @disk (both @len bytes) with some `template <>`
 * respelled by wl_spelling_fix_specialization() and nothing else.
 */
bool wl_spelling_same_but_specializations(const char *disk,
					  const char *parsed, size_t len);

#endif
