/* SPDX-License-Identifier: MIT */
/*
 * The project files a case needs, so that a bundle is self-contained.
 *
 * The GPU machine has nvcc and the CUDA headers but not the user's
 * project: every file the case's source includes from the project (from
 * its own directory, or an -I/-iquote/-isystem directory the user gave)
 * is copied into the case under its absolute path ("tree/work/x/a.h" for
 * /work/x/a.h), and the include paths point there.  System and toolkit
 * headers (/usr, /opt, the CUDA installation) and gpu_verify's own
 * stand-ins stay where they are.
 */
#ifndef WL_GPU_VERIFY_TREE_H
#define WL_GPU_VERIFY_TREE_H

#include "analyzer/libclang.h"
#include <stdbool.h>

struct gv_tree {
	char **roots; /* directories whose files travel (real paths) */
	unsigned nr_roots, alloc_roots;
	char **files; /* the files to copy (real paths) */
	unsigned nr_files, alloc_files;
	char **sys; /* headers of the system's include directories */
	unsigned nr_sys, alloc_sys;
	bool foreign; /* some of them travel (gv_tree_foreign) */
	const char *own_dir; /* gpu_verify's directory: never copied */
};

/* Add @dir (if it exists) as a root; a system directory is refused. */
void gv_tree_root(struct gv_tree *t, const char *dir);

/* Whether @path lies under a root and outside the system directories. */
bool gv_tree_is_local(const struct gv_tree *t, const char *path);

/* Add @path if it is local (duplicates are ignored). */
void gv_tree_add(struct gv_tree *t, const char *path);

/* Add every file @tu included. */
void gv_tree_add_tu(struct gv_tree *t, CXTranslationUnit tu);

/* Add the prerequisites of a make-style dependency file (-M output). */
int gv_tree_add_deps(struct gv_tree *t, const char *depfile);

/*
 * The system headers that are not the C and C++ toolchain's (those of a
 * -dev package: jansson.h, curl/curl.h) travel too: the GPU machine has
 * the toolchain and CUDA, not the project's libraries.  Asks dpkg which
 * package owns each; sets ->foreign when one travels.  Without dpkg,
 * nothing more travels.
 */
void gv_tree_foreign(struct gv_tree *t);

/* @dest/@abs, the place of file or directory @abs in a copy. */
char *gv_tree_path(const char *dest, const char *abs);

/* Copy every file to gv_tree_path(@dest, file).  Returns 0 or -1. */
int gv_tree_copy(const struct gv_tree *t, const char *dest);

/* mkdir -p. */
int gv_mkdirs(const char *path);

void gv_tree_release(struct gv_tree *t);

#endif
