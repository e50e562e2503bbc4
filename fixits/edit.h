/* SPDX-License-Identifier: MIT */
/*
 * The edit model: a fix is a list of byte-range replacements in the file a
 * finding belongs to.  Fixes are data; applying them is fixits/apply.c's job.
 */
#ifndef WL_FIXITS_EDIT_H
#define WL_FIXITS_EDIT_H

#include <stdbool.h>
#include <stddef.h>

struct wl_edit {
	unsigned offset;
	unsigned length;	/* 0: an insertion */
	char *text;		/* "": a deletion */
};

struct wl_fix {
	char *description;
	struct wl_edit *edits;	/* in the order they were added */
	unsigned nr_edits, alloc_edits;
};

struct wl_fix *wl_fix_new(const char *description);
void wl_fix_free(struct wl_fix *fix);
void wl_fix_replace(struct wl_fix *fix, unsigned offset, unsigned length,
		    const char *text);
void wl_fix_insert(struct wl_fix *fix, unsigned offset, const char *text);

/*
 * A set of accepted edits for one file, kept sorted by offset.  Two edits
 * conflict when their ranges overlap or when two different insertions land
 * at the same offset; edits identical to one already accepted are merged,
 * so that fixes sharing a hoisted mask insert it once.
 */
struct wl_edit_set {
	struct wl_edit *edits;
	unsigned nr, alloc;
};

/* Accept every edit of @fix, or none: returns 0, or -1 on a conflict. */
int wl_edit_set_add_fix(struct wl_edit_set *set, const struct wl_fix *fix);

/*
 * Apply @set to @len bytes of @text.  Returns a new NUL-terminated buffer
 * (caller frees) and its length in *@out_len.
 */
char *wl_edit_set_apply(const struct wl_edit_set *set, const char *text,
			size_t len, size_t *out_len);

void wl_edit_set_release(struct wl_edit_set *set);

#endif
