/* SPDX-License-Identifier: MIT */
/* Writing a fixed file without ever leaving it half-written. */
#ifndef WL_FIXITS_WRITE_H
#define WL_FIXITS_WRITE_H

#include <stddef.h>

struct wl_source;

/*
 * Replace the file @src was read from with @len bytes of @text, atomically:
 * write a temporary file beside it (through symlinks, beside the target),
 * give it the original's permissions, fsync, then rename it over the
 * original.  Refuses, leaving the file untouched, when its contents on disk
 * are no longer what @src holds.  Returns 0, or -1 with *@err set to an
 * allocated message.
 */
int wl_write_atomic(const struct wl_source *src, const char *text, size_t len,
		    char **err);

#endif
