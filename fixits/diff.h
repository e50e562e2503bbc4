/* SPDX-License-Identifier: MIT */
/* Unified diffs of a file before and after its fixes (--fix-dry-run). */
#ifndef WL_FIXITS_DIFF_H
#define WL_FIXITS_DIFF_H

#include <stddef.h>

#include "base/util.h"

/*
 * Append to @out a unified diff (3 lines of context) turning @old into
 * @new, with headers naming a/@path and b/@path.  Appends nothing when the
 * texts are equal.
 */
void wl_diff_unified(struct wl_buf *out, const char *path, const char *old,
		     size_t old_len, const char *new_text, size_t new_len);

#endif
