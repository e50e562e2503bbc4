/* SPDX-License-Identifier: MIT */
/*
 * The preprocessor conditions of the main file: its #if/#ifdef/#elif/#else
 * structure, which branches this parse compiled (clang's skipped ranges),
 * each condition's text and the macros it names, whether the parse could
 * resolve them, and what a CUDA 13 build does with each branch.
 *
 * Rules ask two questions of it: where legacy code sits that the parse
 * never compiled (WL105), and whether a fix may edit an offset at all: a
 * branch for HIP, for toolkits without the _sync intrinsics, or one that is
 * active only because a header was missing, must keep its text.
 */
#ifndef WL_ANALYZER_PPCOND_H
#define WL_ANALYZER_PPCOND_H

#include "analyzer/libclang.h"
#include <stdbool.h>

struct wl_source;
struct wl_fix;

enum wl_pp_kind {
	WL_PP_IF,
	WL_PP_IFDEF,
	WL_PP_IFNDEF,
	WL_PP_ELIF,
	WL_PP_ELIFDEF,
	WL_PP_ELIFNDEF,
	WL_PP_ELSE,
};

/* Whether a CUDA 13 device compilation takes a branch. */
enum wl_pp_taken {
	WL_PP_MAYBE,	/* it depends on the build (a feature macro, -arch) */
	WL_PP_NEVER,	/* no CUDA 13 build compiles it */
	WL_PP_ALWAYS,	/* every CUDA 13 build compiles it */
};

/* What a branch's status under CUDA 13 rests on (bits). */
enum wl_pp_why {
	WL_PP_WHY_TOOLKIT = 1 << 0,	/* CUDA_VERSION, __CUDACC_VER_MAJOR__... */
	WL_PP_WHY_ARCH = 1 << 1,	/* __CUDA_ARCH__ */
	WL_PP_WHY_HIP = 1 << 2,		/* __HIP_PLATFORM_*, __HIPCC__, __HIP__ */
	WL_PP_WHY_HOST = 1 << 3,	/* the host pass (no __CUDA_ARCH__) takes it */
};

/* A macro named in a condition. */
struct wl_pp_name {
	char *name;
	unsigned offset;
	bool defined;		/* the parse had it defined there */
	bool resolved;		/* its state is known: see ppcond.c */
};

struct wl_pp_branch {
	enum wl_pp_kind kind;
	unsigned line_begin;	/* the '#' line's first byte */
	unsigned line_nl;	/* the newline that ends the directive */
	unsigned line_end;	/* just past that newline */
	unsigned keyword, keyword_len;	/* "elif" in "#elif X" */
	unsigned body_begin, body_end;	/* the code the branch guards */
	char *cond;		/* condition text, one line; "" for #else */
	bool active;		/* this parse compiled it */
	bool evaluated;		/* this parse evaluated its condition */
	enum wl_pp_taken cuda13;
	unsigned why;		/* enum wl_pp_why bits */
	char *unknown;		/* a macro the CUDA 13 model cannot decide */
	struct wl_pp_name *names;
	unsigned nr_names;
	unsigned group;
	int parent;		/* enclosing branch, or -1 */
};

struct wl_pp_group {
	unsigned *members;	/* its branches, in order (nested groups sit
				 * between them in pp->branches) */
	unsigned nr;
	unsigned endif_begin, endif_end;	/* the #endif line */
	bool complete;		/* an #endif closes it */
};

struct wl_pp_macro_def;

struct wl_ppcond {
	const struct wl_source *src;
	struct wl_pp_branch *branches;	/* in file order */
	unsigned nr_branches, alloc_branches;
	struct wl_pp_group *groups;
	unsigned nr_groups, alloc_groups;
	/* Every directive line ([begin, end) pairs, file order). */
	unsigned *directives;
	unsigned nr_directives, alloc_directives;
	/* Offsets of macro expansions in the main file, sorted. */
	unsigned *expansions;
	unsigned nr_expansions, alloc_expansions;
	/* Macro definitions of the translation unit, by name. */
	struct wl_pp_macro_def *defs;
	unsigned nr_def_slots;
	CXTranslationUnit tu;
	CXFile main_file;
	char *missing_header;	/* the first include not found, or NULL */
	unsigned missing_offset;	/* where, if in the main file; else 0 */
};

/* Build @pp for the main file @main_file (@src) of @tu.  Never fails. */
void wl_ppcond_build(struct wl_ppcond *pp, CXTranslationUnit tu,
		     CXFile main_file, const struct wl_source *src);
void wl_ppcond_release(struct wl_ppcond *pp);

/* The outermost branch this parse skipped that holds @offset, or NULL. */
const struct wl_pp_branch *wl_pp_inactive_at(const struct wl_ppcond *pp,
					     unsigned offset);

/* Whether @offset lies in a directive line (#define, #if, ...). */
bool wl_pp_in_directive(const struct wl_ppcond *pp, unsigned offset);

/* Whether a macro expansion begins at @offset in this parse. */
bool wl_pp_is_expansion(const struct wl_ppcond *pp, unsigned offset);

/* Whether the translation unit defines a macro named @name. */
bool wl_pp_macro_defined(const struct wl_ppcond *pp, const char *name);

/*
 * Why no fix may edit @offset, or NULL when it may (caller frees): the
 * offset is in a branch the parse compiled that no CUDA 13 build takes
 * (HIP, a toolkit before CUDA 9, an architecture CUDA 13 cannot target),
 * or one whose condition names a macro the parse could not resolve
 * because a header was missing.
 */
char *wl_pp_edit_blocker(const struct wl_ppcond *pp, unsigned offset);

/*
 * "`#if CUDA_VERSION < 9000`", "`#else` of `#if USE_SYNC`": how messages
 * name @b's condition (caller frees).
 */
char *wl_pp_describe(const struct wl_ppcond *pp, const struct wl_pp_branch *b);

/*
 * Add to @fix the edits that delete the branches of @b's group that no
 * CUDA 13 build takes, with their directive lines, and unwrap a branch
 * every build takes.  Returns false (adding nothing) when the group is
 * not closed by an #endif or has no such branch.
 */
bool wl_pp_dead_branch_fix(const struct wl_ppcond *pp,
			   const struct wl_pp_branch *b, struct wl_fix *fix);

/*
 * Take away the fixes of @findings that edit an offset where
 * wl_pp_edit_blocker() objects; each such finding keeps its report and
 * its note says why it has no fix.  WL105's own fix (deleting a dead
 * branch) is not subject to it.
 */
struct wl_findings;
void wl_pp_guard_fixes(const struct wl_ppcond *pp, struct wl_findings *findings);

#endif
