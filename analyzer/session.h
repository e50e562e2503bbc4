/* SPDX-License-Identifier: MIT */
/* Parsing one CUDA file with libclang, the embedded shim in front. */
#ifndef WL_ANALYZER_SESSION_H
#define WL_ANALYZER_SESSION_H

#include <clang-c/Index.h>

struct wl_source;

/* Where the embedded shim headers appear to clang. */
#define WL_SHIM_ROOT "/__warplint__"

/*
 * Parse @src (its text, not what is on disk now) as CUDA device code for
 * sm_70 with @user_args (-I, -D, -std...) added.  Returns the translation
 * unit, or NULL with *@err set to an allocated message.
 */
CXTranslationUnit wl_parse(CXIndex index, const struct wl_source *src,
			   const char *const *user_args, unsigned nr_user_args,
			   char **err);

/* Describe a libclang error code in words. */
const char *wl_describe_cxerror(enum CXErrorCode code);

#endif
