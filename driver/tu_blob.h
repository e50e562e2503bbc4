/* SPDX-License-Identifier: MIT */
/* A translation unit's result as bytes and back (--timeout, the cache). */
#ifndef WL_DRIVER_TU_BLOB_H
#define WL_DRIVER_TU_BLOB_H

#include <stddef.h>

struct wl_buf;
struct wl_tu_result;

/*
 * Append @r to @b; @status < 0 sends @err instead (the analysis failed).
 */
void wl_tu_result_pack(struct wl_buf *b, int status, const char *err,
		       const struct wl_tu_result *r);

/*
 * Read what wl_tu_result_pack() wrote into @out (zeroed by the caller).
 * A header's text is read again from disk and its findings kept only if
 * it still is what was analysed.  Returns 0, or -1 with *@err set: the
 * analysis failed, or the bytes are garbled (then @out is released).
 */
int wl_tu_result_unpack(const char *payload, size_t len,
			struct wl_tu_result *out, char **err);

#endif
