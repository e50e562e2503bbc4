/* SPDX-License-Identifier: MIT */
/* Parsing one CUDA file with libclang, the embedded shim in front. */
#ifndef WL_ANALYZER_PARSE_H
#define WL_ANALYZER_PARSE_H

#include "analyzer/libclang.h"

struct wl_pch;
struct wl_source;

/* Where the embedded shim headers appear to clang. */
#define WL_SHIM_ROOT "/__warplint__"

/*
 * Parse @src (its text, not what is on disk now, with the spellings of
 * spelling.h respelled) as CUDA device code for sm_70 with @user_args (-I, -D, -std...) added, the shim precompiled in
 * @pch when it can be (NULL: parsed as text).  Returns the translation
 * unit, or NULL with *@err set to an allocated message.
 */
CXTranslationUnit wl_parse(CXIndex index, const struct wl_source *src,
			   const char *const *user_args, unsigned nr_user_args,
			   struct wl_pch *pch, char **err);

/* What a parse may change to read code written for nvcc (dialect.c). */
struct wl_parse_variant {
	const char *arch;		/* "sm_60"; NULL: sm_70 */
	/* headers' texts to parse instead of the files on disk */
	struct CXUnsavedFile *files;
	unsigned nr_files;
	/* the main file's, instead of its source's (the same length) */
	const char *main_text;
	/*
	 * The last @nr_unkeyed user arguments are include folders that
	 * warplint guessed: the parse gets them, the shim's PCH is the one
	 * of the arguments before them.  The shim includes only system
	 * headers, which a guessed folder never shadows (it comes after
	 * them when it could, wl_incguess_flag()), so the PCH is the one
	 * the shim would make; keying them would make one PCH per guess.
	 */
	unsigned nr_unkeyed;
};

/* wl_parse(), varied by @v (NULL: as wl_parse()). */
CXTranslationUnit wl_parse_variant(CXIndex index, const struct wl_source *src,
				   const char *const *user_args,
				   unsigned nr_user_args, struct wl_pch *pch,
				   const struct wl_parse_variant *v, char **err);

/*
 * The clang arguments wl_parse() puts before the user's, for tools that
 * must parse exactly as warplint does (bench/run's parsing floor).
 */
const char *const *wl_parse_base_args(unsigned *nr);

/*
 * The CUDA toolkit's include folders as -idirafter arguments (after every
 * user folder), looked up once: $CUDA_PATH, $CUDA_HOME, $CUDA_ROOT or
 * /usr/local/cuda, its include/ and include/cccl (Thrust, CUB).  None
 * when no toolkit is installed; the shim alone is enough to parse.
 */
const char *const *wl_parse_toolkit_args(unsigned *nr);

/* Write the embedded shim under @dir (created), as WL_SHIM_ROOT holds it. */
int wl_dump_shim(const char *dir);

/*
 * An index for wl_parse(): its translation units list only their own
 * declarations, not the precompiled shim's (thousands, each read from
 * the PCH when visited).  Instantiations it then lists among them:
 * wl_cursor_is_instantiation().
 */
CXIndex wl_parse_index(void);

/* Describe a libclang error code in words. */
const char *wl_describe_cxerror(enum CXErrorCode code);

#endif
