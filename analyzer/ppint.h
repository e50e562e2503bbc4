/* SPDX-License-Identifier: MIT */
/*
 * Private to the preprocessor conditions: what ppscan.c reads of the text
 * and of the parse, what ppeval.c evaluates, and what ppcond.c builds
 * from both.
 */
#ifndef WL_ANALYZER_PPINT_H
#define WL_ANALYZER_PPINT_H

#include "analyzer/libclang.h"
#include <stdbool.h>
#include <stddef.h>

#include "analyzer/ppcond.h"

/* A macro definition of the translation unit (open-addressing slot). */
struct wl_pp_macro_def {
	char *name;
	CXCursor cursor;
};

/* A token of a condition. */
enum ctok_kind { CT_NUM, CT_ID, CT_PUNCT, CT_OTHER };

struct ctok {
	enum ctok_kind kind;
	char text[64];
	long long value;
	bool value_known;
	bool in_file;		/* from the main file (not a macro body) */
	unsigned offset;	/* in the main file, if in_file */
};

struct ctoks {
	struct ctok *v;
	unsigned nr, alloc;
};

/* ---- ppscan.c: the text and the parse ---- */

/* Read the file's #if/#ifdef/#elif/#else/#endif groups into pp->branches. */
void pp_scan_directives(struct wl_ppcond *pp);

/* Which branches the parse compiled: those it did not skip. */
void pp_mark_active(struct wl_ppcond *pp, CXFile main_file);

/* The macros the translation unit defines, for pp_find_def(). */
void pp_collect_macros(struct wl_ppcond *pp, CXFile main_file);

/* The definition of macro @name in the translation unit, or NULL. */
struct wl_pp_macro_def *pp_find_def(const struct wl_ppcond *pp,
				    const char *name);

/* Note a header the parse did not find (its guards stay unknown). */
void pp_find_missing_header(struct wl_ppcond *pp, CXFile main_file);

/* ---- ppeval.c: conditions ---- */

/*
 * Lex @len bytes of condition text; @in_file: they are the main file's
 * from offset @base.
 */
void pp_lex_condition(const char *s, size_t len, bool in_file,
		      unsigned base, struct ctoks *out);

/*
 * Whether the CUDA 13 model gives macro @name its value whatever the
 * parse knew: a toolkit version, __CUDA_ARCH__, a HIP macro (undefined).
 */
bool pp_model_knows(const char *name);

/* Evaluate branch @i's condition under CUDA 13 and under this parse. */
void pp_classify(struct wl_ppcond *pp, unsigned i);

#endif
