/* SPDX-License-Identifier: MIT */
/*
 * What a kernel's own code says about the block it must run in, so that
 * a kernel nobody wrote a spec for is launched the way it was written:
 *
 * - a __shared__ array indexed by the thread (s[threadIdx.x], s[tid + k]
 *   with tid = threadIdx.x) holds one element per thread: the block is at
 *   most its extent, and a reduction over it assumes exactly that many;
 * - __launch_bounds__(N) caps the block at N;
 * - a check of blockDim.x against a constant (== or !=) names the size.
 *
 * Extents and bounds that depend on template parameters are evaluated
 * for an instance's arguments; macros defined in the translation unit
 * are expanded.  A template parameter that plays any of these roles, or
 * is named like a block size, is a block-size parameter: without an
 * instantiation anywhere it is tried at the powers of two that fit.
 */
#ifndef WL_GPU_VERIFY_BLOCKS_H
#define WL_GPU_VERIFY_BLOCKS_H

#include "analyzer/libclang.h"
#include <stdbool.h>

struct gv_macros;

/* The object-like macros of @tu (name -> replacement), for evaluation. */
struct gv_macros *gv_macros_read(CXTranslationUnit tu);
void gv_macros_free(struct gv_macros *m);

/* Tokens of @c's extent joined by single blanks (caller frees). */
char *gv_cursor_tokens(CXTranslationUnit tu, CXCursor c);

/*
 * Evaluate the integer expression @text (tokens as gv_cursor_tokens
 * writes them) with @names[i] replaced by @vals[i] and macros of @m
 * expanded.  Returns 0, or -1 when it is not a constant.
 */
int gv_eval_tokens(const char *text, const struct gv_macros *m,
		   const char *const *names, const char *const *vals,
		   unsigned nr, long long *out);

struct gv_block_facts {
	unsigned exact; /* the block size the code is written for, or 0 */
	unsigned max;	/* the largest it allows, or 0 (no limit seen) */
	long long smem; /* static shared memory in bytes, -1 unknown */
	char why[200];	/* where exact/max came from, for the plan */
};

/*
 * The facts of kernel @fn (its FunctionDecl or FunctionTemplate cursor),
 * with template parameters @names given @vals (@nr of them, 0 for a
 * plain kernel).
 */
void gv_block_facts(CXTranslationUnit tu, CXCursor fn,
		    const struct gv_macros *m, const char *const *names,
		    const char *const *vals, unsigned nr,
		    struct gv_block_facts *out);

/* Whether template parameter @name of @fn is used as a block size. */
bool gv_is_block_param(CXTranslationUnit tu, CXCursor fn, const char *name);

#endif
