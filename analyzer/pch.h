/* SPDX-License-Identifier: MIT */
/*
 * The shim, precompiled.  Every file warplint parses starts with the
 * same CUDA shim (its runtime headers, libstdc++'s math, fp16,
 * cooperative groups): four fifths of a typical parse.  A precompiled
 * header of it, made once per set of flags and kept in a folder of the
 * cache, is loaded instead of parsed.
 *
 * A PCH is only ever used for the flags it was made with (the key
 * hashes them, libclang's version, the shim's text and the working
 * folder) and while every header it read is as it was (a list beside it,
 * checked once per run).  Anything else, a folder that cannot be
 * written included, means the plain shim: slower, never different.
 */
#ifndef WL_ANALYZER_PCH_H
#define WL_ANALYZER_PCH_H

#include "analyzer/libclang.h"
#include <stdbool.h>
#include <stdio.h>

struct wl_pch;

/*
 * PCHs under @dir (made when needed); NULL: @dir is NULL.  @verbose (or
 * NULL): where to say which PCH is made or refused (--verbose).
 */
struct wl_pch *wl_pch_new(const char *dir, FILE *verbose);
void wl_pch_free(struct wl_pch *pch);

/*
 * A table of its own over @pch's folder, for a child forked from a
 * threaded process: another thread may have held @pch's lock, making a
 * PCH, at the fork, and the child would wait for it forever.
 */
struct wl_pch *wl_pch_for_child(const struct wl_pch *pch);

/*
 * A PCH of the header @header for a parse with @args (everything but the
 * file and the header's own -include), made now if there is none: its
 * path, owned by @pch, or NULL to parse @header as text.  @files are the
 * unsaved files the parse sees (the shim).  Safe from several threads.
 */
const char *wl_pch_get(struct wl_pch *pch, CXIndex index, const char *header,
		       const char *const *args, unsigned nr_args,
		       struct CXUnsavedFile *files, unsigned nr_files);

/*
 * Whether @tu, parsed with @path, failed for the PCH (made by another
 * libclang, or a header changed under it): then the PCH is dropped
 * for the rest of the run and the file must be parsed with the shim.
 */
bool wl_pch_failed(struct wl_pch *pch, const char *path,
		   CXTranslationUnit tu);

#endif
