/* SPDX-License-Identifier: MIT */
/*
 * Code written for nvcc that clang rejects, parsed again the way nvcc
 * read it.  Legacy CUDA was compiled by nvcc for the architectures of its
 * day, and some of what it accepted stops a clang parse for sm_70 in a
 * header that every file of a project includes:
 *
 *   - a PTX register in an asm template with operands, `asm("mov.u32 %0,
 *     %laneid;" : "=r"(l))`: clang drops the statement.  wl_parse()
 *     respells the main file; a header is respelled (spelling.h) once a
 *     parse shows the error in it;
 *   - an `#error` that rejects architectures the code did not know yet
 *     (`#if __CUDA_ARCH__ <= 620 ... #else #error ...`): the parse goes
 *     on without what the branch declared, and every use is an error.
 *     The file is parsed again for the newest architecture before sm_70
 *     that the code accepts, as its own build did;
 *   - an explicit specialization written without `__device__` of a
 *     `__device__` template (b40c's cache-modified loads, stamped out by
 *     macros): nvcc gives it the template's targets, clang drops it.  Its
 *     `template <>` is respelled (spelling.h) in the file that spells it.
 *
 * The new parse is kept only when it has fewer errors than the first.
 */
#ifndef WL_ANALYZER_DIALECT_H
#define WL_ANALYZER_DIALECT_H

#include "analyzer/libclang.h"
#include <stdbool.h>
#include <stddef.h>

struct wl_pch;
struct wl_source;

/*
 * @tu, or a new parse of @src (@tu disposed) when one of the above made
 * the first fail.  *@arch is set to the architecture parsed for ("sm_61",
 * static) when it is not sm_70, else NULL.  The last @nr_guessed of @args
 * are include folders guessed (struct wl_parse_variant's nr_unkeyed).
 */
CXTranslationUnit wl_dialect_reparse(CXIndex index,
				     const struct wl_source *src,
				     const char *const *args, unsigned nr_args,
				     unsigned nr_guessed, struct wl_pch *pch,
				     CXTranslationUnit tu, const char **arch);

/*
 * Whether @parsed (@len bytes) is @disk (@len bytes) as a reparse above
 * respelled it: a header whose text differs from the file on disk only
 * so is still the file on disk.
 */
bool wl_dialect_same_text(const char *disk, const char *parsed, size_t len);

#endif
