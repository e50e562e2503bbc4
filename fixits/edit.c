/* SPDX-License-Identifier: MIT */
/* The edit model and the conflict rules for combining fixes. */
#include "fixits/edit.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

struct wl_fix *wl_fix_new(const char *description)
{
	struct wl_fix *fix = wl_xcalloc(1, sizeof(*fix));

	fix->description = wl_xstrdup(description);
	return fix;
}

void wl_fix_free(struct wl_fix *fix)
{
	unsigned i;

	if (!fix)
		return;
	for (i = 0; i < fix->nr_edits; i++)
		free(fix->edits[i].text);
	free(fix->edits);
	free(fix->description);
	free(fix->unsafe_why);
	free(fix);
}

void wl_fix_mark_unsafe(struct wl_fix *fix, const char *why)
{
	fix->safety = WL_FIX_UNSAFE;
	if (!fix->unsafe_why)
		fix->unsafe_why = wl_xstrdup(why && *why ? why : "unspecified");
}

const char *wl_fix_safety_name(enum wl_fix_safety safety)
{
	return safety == WL_FIX_UNSAFE ? "unsafe" : "safe";
}

void wl_fix_replace(struct wl_fix *fix, unsigned offset, unsigned length,
		    const char *text)
{
	struct wl_edit *e;

	WL_GROW(fix->edits, fix->nr_edits, fix->alloc_edits);
	e = &fix->edits[fix->nr_edits++];
	e->offset = offset;
	e->length = length;
	e->text = wl_xstrdup(text);
}

void wl_fix_insert(struct wl_fix *fix, unsigned offset, const char *text)
{
	wl_fix_replace(fix, offset, 0, text);
}

static bool same_edit(const struct wl_edit *a, const struct wl_edit *b)
{
	return a->offset == b->offset && a->length == b->length &&
	       !strcmp(a->text, b->text);
}

/*
 * Whether @a and @b cannot both be applied.  An insertion may sit at the
 * start or end of a replaced range (it goes before or after it); two
 * different insertions at one offset have no defined order.
 */
static bool conflict(const struct wl_edit *a, const struct wl_edit *b)
{
	/* 64-bit ends: a stale or hostile length must not wrap around. */
	unsigned long long a_end = (unsigned long long)a->offset + a->length;
	unsigned long long b_end = (unsigned long long)b->offset + b->length;

	if (same_edit(a, b))
		return false;
	if (!a->length && !b->length)
		return a->offset == b->offset;
	if (!a->length)
		return a->offset > b->offset && a->offset < b_end;
	if (!b->length)
		return b->offset > a->offset && b->offset < a_end;
	return a->offset < b_end && b->offset < a_end;
}

static int edit_cmp(const void *pa, const void *pb)
{
	const struct wl_edit *a = pa, *b = pb;

	if (a->offset != b->offset)
		return a->offset < b->offset ? -1 : 1;
	/* At one offset, an insertion goes before a replacement. */
	if ((a->length == 0) != (b->length == 0))
		return a->length == 0 ? -1 : 1;
	return 0;
}

/* Whether @set holds @e already. */
static bool in_set(const struct wl_edit_set *set, const struct wl_edit *e)
{
	unsigned j;

	for (j = 0; j < set->nr; j++)
		if (same_edit(e, &set->edits[j]))
			return true;
	return false;
}

int wl_edit_set_add_fix(struct wl_edit_set *set, const struct wl_fix *fix)
{
	unsigned i, j, k;

	for (i = 0; i < fix->nr_edits; i++) {
		/*
		 * An edit the set holds already adds nothing, so it cannot
		 * conflict: two fixes in one function insert the same
		 * register declaration where one of them also hoists its
		 * ballot, an insertion of other text at that offset.
		 */
		bool held = in_set(set, &fix->edits[i]);

		for (j = 0; !held && j < set->nr; j++)
			if (conflict(&fix->edits[i], &set->edits[j]))
				return -1;
		/*
		 * Edits of one fix must not conflict among themselves either,
		 * except insertions at one offset: the fix defines their
		 * order (the order it added them), kept by the stable sort.
		 */
		for (k = 0; k < i; k++) {
			const struct wl_edit *a = &fix->edits[i];
			const struct wl_edit *b = &fix->edits[k];

			if (!a->length && !b->length && a->offset == b->offset)
				continue;
			if (conflict(a, b) || same_edit(a, b))
				return -1;
		}
	}
	for (i = 0; i < fix->nr_edits; i++) {
		if (in_set(set, &fix->edits[i]))
			continue;
		WL_GROW(set->edits, set->nr, set->alloc);
		set->edits[set->nr].offset = fix->edits[i].offset;
		set->edits[set->nr].length = fix->edits[i].length;
		set->edits[set->nr].text = wl_xstrdup(fix->edits[i].text);
		set->nr++;
	}
	/* Stable insertion sort: keeps the order of a fix's own insertions. */
	for (i = 1; i < set->nr; i++) {
		struct wl_edit e = set->edits[i];

		for (j = i; j > 0 && edit_cmp(&set->edits[j - 1], &e) > 0; j--)
			set->edits[j] = set->edits[j - 1];
		set->edits[j] = e;
	}
	return 0;
}

char *wl_edit_set_apply(const struct wl_edit_set *set, const char *text,
			size_t len, size_t *out_len)
{
	struct wl_buf out = WL_BUF_INIT;
	size_t pos = 0;
	unsigned i;

	for (i = 0; i < set->nr; i++) {
		const struct wl_edit *e = &set->edits[i];

		if (e->offset > len || (size_t)e->offset + e->length > len)
			continue;	/* outside the buffer: never applied */
		if (e->offset > pos)
			wl_buf_add(&out, text + pos, e->offset - pos);
		wl_buf_adds(&out, e->text);
		if (e->offset + e->length > pos)
			pos = e->offset + e->length;
	}
	if (pos < len)
		wl_buf_add(&out, text + pos, len - pos);
	*out_len = out.len;
	return wl_buf_detach(&out);
}

void wl_edit_set_release(struct wl_edit_set *set)
{
	unsigned i;

	for (i = 0; i < set->nr; i++)
		free(set->edits[i].text);
	free(set->edits);
	set->edits = NULL;
	set->nr = set->alloc = 0;
}

void wl_fix_absorb(struct wl_fix *fix, const struct wl_fix *other)
{
	unsigned i, j;

	for (i = 0; i < other->nr_edits; i++) {
		for (j = 0; j < fix->nr_edits; j++)
			if (same_edit(&fix->edits[j], &other->edits[i]))
				break;
		if (j == fix->nr_edits)
			wl_fix_replace(fix, other->edits[i].offset,
				       other->edits[i].length,
				       other->edits[i].text);
	}
	if (other->safety == WL_FIX_UNSAFE)
		wl_fix_mark_unsafe(fix, other->unsafe_why);
	fix->whole |= other->whole;
}

bool wl_fix_equal(const struct wl_fix *a, const struct wl_fix *b)
{
	unsigned i;

	if (!a || !b)
		return a == b;
	if (a->nr_edits != b->nr_edits)
		return false;
	for (i = 0; i < a->nr_edits; i++)
		if (!same_edit(&a->edits[i], &b->edits[i]))
			return false;
	return true;
}
