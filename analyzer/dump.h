/* SPDX-License-Identifier: MIT */
/* --dump-model: the model's trees, for developers and bug reports. */
#ifndef WL_ANALYZER_DUMP_H
#define WL_ANALYZER_DUMP_H

#include <stdio.h>

struct wl_ctx;

/* Print every function's tree with roles, ranges and uniformity. */
void wl_dump_model(FILE *out, struct wl_ctx *ctx);

#endif
