/* SPDX-License-Identifier: MIT */
/* Private to the model: what model.c, modelcall.c and node.c share. */
#ifndef WL_ANALYZER_MODELINT_H
#define WL_ANALYZER_MODELINT_H

#include "analyzer/libclang.h"
#include <stddef.h>

struct wl_model;

/* The cache of file texts, one entry per file the model read. */
struct wl_file_text {
	CXFile file;
	const char *text;
	size_t size;
};

/* Index the functions by their canonical cursor for wl_call_target(). */
void wl_model_index_functions(struct wl_model *m);

/* Link each call of the file to its target's callers. */
void wl_model_link_callers(struct wl_model *m);

#endif
