/* SPDX-License-Identifier: MIT */
/*
 * Threading a lane mask into a __device__ helper whose callers warplint
 * cannot all see (a helper in a header, or one with no caller in the
 * file): the old signature stays as a forwarding overload marked
 * [[deprecated("pass a lane mask")]], so that callers elsewhere still
 * compile and are told.  The overload passes __activemask(): the lanes
 * converged at the call, which is what the legacy primitives used.
 * Private to mask inference (mask.c).
 */
#ifndef WL_ANALYZER_MASKPARAM_H
#define WL_ANALYZER_MASKPARAM_H

#include <stdbool.h>

struct wl_ctx;
struct wl_func;
struct wl_fix;

/*
 * Whether the translation unit shows every caller @fn can have: it is
 * defined in a source file (not a header) with no declaration before its
 * definition, so no other file can name it.
 */
bool wl_maskparam_callers_all_seen(struct wl_ctx *ctx, struct wl_func *fn);

/*
 * Add to @edits the old signature of @fn as a deprecated overload that
 * forwards to the threaded one with __activemask() as the mask, right
 * after @fn's body.  Returns NULL, or why it cannot (allocated): default
 * arguments (a call could then bind to either), unnamed or variadic
 * parameters, a parameter pack, extern "C", a method.
 */
char *wl_maskparam_add_overload(struct wl_ctx *ctx, struct wl_func *fn,
				struct wl_fix *edits);

/*
 * The name of a 32-bit unsigned parameter of @fn that @fn's own text
 * passes as a lane mask (the first argument of a `*_sync` collective, or
 * an operand of an asm statement with a `.sync` instruction), in any
 * preprocessor branch; NULL if none (maskown.c).  Caller frees.
 */
char *wl_maskparam_existing(struct wl_ctx *ctx, struct wl_func *fn);

#endif
