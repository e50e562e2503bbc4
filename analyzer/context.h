/* SPDX-License-Identifier: MIT */
/*
 * The per-file analysis context handed to every rule: the source, the
 * parsed translation unit, the model and its analyses, and the findings.
 * There are no globals: one context per file, one file per worker.
 */
#ifndef WL_ANALYZER_CONTEXT_H
#define WL_ANALYZER_CONTEXT_H

#include "analyzer/libclang.h"
#include <stdbool.h>

#include "analyzer/diag.h"
#include "analyzer/eval.h"
#include "analyzer/model.h"
#include "analyzer/ppcond.h"

struct wl_mask_cache;
struct wl_mem;
struct wl_source;

/* Which fix a rule with two styles should offer (WL301/WL401). */
enum wl_fix_style {
	WL_FIX_STYLE_SYNCWARP,
	WL_FIX_STYLE_SHUFFLE,
};

struct wl_ctx {
	const struct wl_source *src;
	CXTranslationUnit tu;
	struct wl_model model;
	struct wl_ppcond pp;	/* the main file's #if structure */
	struct wl_eval eval;
	/*
	 * WL501's view: the parameters of a helper whose callers are not
	 * in sight are taken as block-uniform.  A helper with a barrier is
	 * written to be called by every thread with the same bounds; the
	 * call that breaks that contract is reported where it is seen.
	 */
	struct wl_eval barrier_eval;
	struct wl_mask_cache *masks;
	/*
	 * The memory analysis, built for the first rule that asks
	 * (wl_mem_of()): WL301, WL302 and WL401 read the same races, and
	 * the walk is the costliest part of a file's analysis.
	 */
	struct wl_mem *mem;
	struct wl_findings findings;
	struct wl_findings discarded;	/* on nodes of other files */
	bool enabled[WL_NR_RULES];
	enum wl_fix_style fix_style;
	/*
	 * Which headers this run reports on their own (NULL: none), so
	 * that what they hold is not reported again where they are used.
	 */
	bool (*want_header)(const char *path, void *data);
	void *want_header_data;
};

#endif
