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

/*
 * Whether --fix applies a fix unasked (ruff's applicability).  A fix is
 * safe when everything it writes was proved from the code warplint saw;
 * anything resting on a guess (a mask for lanes whose callers are not
 * visible, an assumed launch shape) is unsafe: a wrong mask hangs a
 * kernel, so such a fix is shown and applied only with --unsafe-fixes.
 */
enum wl_fix_safety {
	WL_FIX_SAFE,
	WL_FIX_UNSAFE,
};

struct wl_fix {
	char *description;
	enum wl_fix_safety safety;
	char *unsafe_why;	/* UNSAFE: what was guessed, for the user */
	/*
	 * It rewrites whole statements that other findings' fixes edit
	 * piece by piece (WL104's one shuffle for two): applied before
	 * them, so that theirs, not it, give way (wl_fix_in_pass()).
	 */
	bool whole;
	struct wl_edit *edits;	/* in the order they were added */
	unsigned nr_edits, alloc_edits;
};

struct wl_fix *wl_fix_new(const char *description);
void wl_fix_free(struct wl_fix *fix);
void wl_fix_replace(struct wl_fix *fix, unsigned offset, unsigned length,
		    const char *text);
void wl_fix_insert(struct wl_fix *fix, unsigned offset, const char *text);

/*
 * Mark @fix unsafe because of @why (copied).  The first reason given is
 * kept: it names the guess the rest of the fix builds on.
 */
void wl_fix_mark_unsafe(struct wl_fix *fix, const char *why);

/*
 * Add to @fix the edits of @other it lacks, and @other's unsafety: one
 * finding standing for several (the calls of a macro's body, all
 * reported where the macro is used) fixes them all.
 */
void wl_fix_absorb(struct wl_fix *fix, const struct wl_fix *other);

/* The same edits (safety and description aside); two NULLs are equal. */
bool wl_fix_equal(const struct wl_fix *a, const struct wl_fix *b);

/*
 * Whether @fix is taken in pass @pass (0, then 1) of a loop that adds
 * fixes to an edit set in the findings' order: whole rewrites first.
 */
static inline bool wl_fix_in_pass(const struct wl_fix *fix, int pass)
{
	return fix->whole == (pass == 0);
}

/* "safe" or "unsafe", as the reports spell it. */
const char *wl_fix_safety_name(enum wl_fix_safety safety);

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
