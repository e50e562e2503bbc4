/* SPDX-License-Identifier: MIT */
/*
 * Which functions no kernel of the translation unit reaches.  A header's
 * helper is analysed once per file that includes it; a file that never
 * calls it (dlib's CMake probe includes the header of warp reductions
 * and launches none of them) knows nothing of the lanes that enter it.
 * The run's report takes the word of a pass that saw a caller over one
 * that saw none, and the mask of a helper is what its live callers
 * agree on: a dead wrapper's call runs in no lane.
 */
#ifndef WL_ANALYZER_REACH_H
#define WL_ANALYZER_REACH_H

#include <stdbool.h>

struct wl_ctx;
struct wl_func;
struct wl_model;

/*
 * Whether a kernel may call @fn, directly or through other functions.
 * A call written outside the analysed file counts as one (reach.c says
 * why).
 */
bool wl_func_reached(struct wl_model *m, struct wl_func *fn);

/* Set `unreached` on each finding of @ctx inside a function never reached. */
void wl_reach_mark_findings(struct wl_ctx *ctx);

#endif
