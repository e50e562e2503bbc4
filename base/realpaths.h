/* SPDX-License-Identifier: MIT */
/*
 * realpath() for many files in few folders.  realpath() asks readlink()
 * about every level of a path, for every file: most of the system time
 * of a run that the cache answers.  Here a folder's resolution is kept,
 * and a file that is no symbolic link costs one lstat().  One owner, one
 * thread at a time.
 */
#ifndef WL_BASE_REALPATHS_H
#define WL_BASE_REALPATHS_H

#include "base/u64map.h"

struct wl_realpaths {
	struct wl_u64map by_folder;	/* hash of the folder as spelt */
	char **spelt, **real;		/* by index; real NULL: unresolved */
	unsigned nr, alloc;
};

#define WL_REALPATHS_INIT { { NULL, 0, 0, false, 0 }, NULL, NULL, 0, 0 }

/* As realpath(@path, NULL): the caller frees; NULL with errno set. */
char *wl_realpaths_get(struct wl_realpaths *rp, const char *path);
void wl_realpaths_release(struct wl_realpaths *rp);

#endif
