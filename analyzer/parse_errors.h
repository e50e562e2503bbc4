/* SPDX-License-Identifier: MIT */
/*
 * WL900: clang's errors reduced to the one that explains the others.
 *
 * Real files rarely parse completely without their build's flags, and the
 * first errors clang prints are often consequences (a missing header makes
 * every type it declares unknown) or land inside system headers.  One
 * finding per file names the root cause: the first header that was not
 * found, else the first error in the project's own code, else the system
 * header that did not parse.  Its note says how many errors followed and
 * which device functions they touched: those analysed on the statements
 * that parsed, and those skipped because their declaration did not parse.
 *
 * An error that clang recovers from by reading the code as nvcc does (a
 * dependent member template named without `template`) is not counted.
 *
 * A partial parse is a warning.  A file none of whose device code parsed
 * gets an error-level WL900 that is marked so the driver exits with 2.
 */
#ifndef WL_ANALYZER_PARSE_ERRORS_H
#define WL_ANALYZER_PARSE_ERRORS_H

#include <stdio.h>

struct wl_ctx;

/*
 * Report the translation unit's errors as one WL900 finding on the main
 * file.  With @verbose non-NULL, every error is also printed there, one
 * line each, as clang would print it.
 */
void wl_parse_errors_report(struct wl_ctx *ctx, FILE *verbose);

#endif
