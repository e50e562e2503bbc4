/* SPDX-License-Identifier: MIT */
/*
 * Include discovery: when a file is analysed without its build's flags
 * and an `#include "a/b.h"` is not found, look in the file's repository
 * for a file whose path ends in a/b.h and add the folder that makes the
 * include resolve, then parse again.  And for a header given alone that
 * does not parse alone, the repository's .cu file that includes it.
 *
 * The repository is the nearest folder above the file that holds .git;
 * without one, the topmost folder above the file (below the home folder)
 * that holds a build file (CMakeLists.txt, Makefile, configure.ac...), a
 * licence or a .warplint; without either, the file's own folder.  It is
 * listed once per run, bounded in depth and in
 * the number of entries, and the list is shared by every worker.  Of
 * several candidates, the one nearest to the including file wins.
 */
#ifndef WL_ANALYZER_INCGUESS_H
#define WL_ANALYZER_INCGUESS_H

#include "analyzer/libclang.h"

struct wl_incguess;
struct wl_pch;
struct wl_source;

/* Listing limits: folder depth below the root, and entries visited. */
#define WL_INCGUESS_MAX_DEPTH 16
#define WL_INCGUESS_MAX_ENTRIES 200000

/* One per run; safe to use from several threads at once. */
struct wl_incguess *wl_incguess_new(void);
void wl_incguess_free(struct wl_incguess *guess);

/*
 * The folder that holds @path's repository (see above), allocated and
 * absolute, or NULL when @path cannot be resolved.
 */
char *wl_repo_root(const char *path);

/*
 * The argument that adds guessed folder @dir (allocated): -I@dir, like
 * the build's own folders, unless @dir holds its own copies of standard
 * C or POSIX headers (a Windows compat folder with <sys/time.h> and
 * <pthread.h> beside the missing config header): that one comes after
 * the system's folders (-idirafter), to resolve only what was missing
 * without replacing the system's headers.
 */
char *wl_incguess_flag(const char *dir);

/*
 * If @tu, parsed from @src with @args, misses headers that @src's
 * repository holds, parse again with the folders that make them resolve
 * (wl_incguess_flag(), after @args), in rounds while new folders help,
 * with @pch's shim for @args alone (struct wl_parse_variant).  Returns the
 * translation unit to use, the old one or a new one (the other is
 * disposed); the folders guessed are appended to *@dirs (an allocated
 * array of allocated strings, *@nr_dirs of them).  Returns NULL with
 * *@err set when parsing again failed.
 */
CXTranslationUnit wl_incguess_reparse(struct wl_incguess *guess,
				      CXIndex index,
				      const struct wl_source *src,
				      const char *const *args,
				      unsigned nr_args, struct wl_pch *pch,
				      CXTranslationUnit tu,
				      char ***dirs, unsigned *nr_dirs,
				      char **err);

/*
 * A file of @path's repository that #includes @path: a source file
 * (.cu) if one does, else a header, the nearest to it.  A header whose
 * names come from the file that includes it is analysed in that file's
 * translation unit (through a header's own includer, up to a source).
 * The includes are read once per run.  Allocated and absolute, or NULL
 * when there is none.
 */
char *wl_incguess_includer(struct wl_incguess *guess, const char *path);

#endif
