/* SPDX-License-Identifier: MIT */
/*
 * Unified diffs with Myers' O(ND) algorithm: fixes change few lines of
 * large files, so the cost follows the number of changes, not the size.
 */
#include "fixits/diff.h"

#include <stdlib.h>
#include <string.h>

struct lines {
	const char **start;
	size_t *len;		/* including the newline, if any */
	size_t nr;
};

static void split_lines(const char *text, size_t len, struct lines *l)
{
	size_t i, alloc = 0, begin = 0;

	memset(l, 0, sizeof(*l));
	for (i = 0; i <= len; i++) {
		if (i < len && text[i] != '\n')
			continue;
		if (i == len && begin == len)
			break;
		if (l->nr >= alloc) {
			alloc = alloc ? 2 * alloc : 64;
			l->start = wl_xrealloc(l->start, alloc * sizeof(*l->start));
			l->len = wl_xrealloc(l->len, alloc * sizeof(*l->len));
		}
		l->start[l->nr] = text + begin;
		l->len[l->nr] = (i < len ? i + 1 : i) - begin;
		l->nr++;
		begin = i + 1;
	}
}

static int line_eq(const struct lines *a, size_t i, const struct lines *b,
		   size_t j)
{
	return a->len[i] == b->len[j] &&
	       !memcmp(a->start[i], b->start[j], a->len[i]);
}

/* One aligned step of the edit script: 0 keep, 1 delete old, 2 insert new. */
struct script {
	char *op;
	size_t nr, alloc;
};

static void push(struct script *s, char op)
{
	WL_GROW(s->op, s->nr, s->alloc);
	s->op[s->nr++] = op;
}

/* Myers' greedy algorithm with the trace kept for the backtrack. */
static void myers(const struct lines *a, const struct lines *b,
		  struct script *out)
{
	long n = (long)a->nr, m = (long)b->nr, max = n + m, d, k;
	long *v = wl_xcalloc((size_t)(2 * max + 3), sizeof(long));
	long **trace = wl_xcalloc((size_t)(max + 1), sizeof(long *));
	long found = -1, x, y;
	struct script rev = { NULL, 0, 0 };

	for (d = 0; d <= max && found < 0; d++) {
		for (k = -d; k <= d; k += 2) {
			if (k == -d || (k != d && v[max + k - 1] < v[max + k + 1]))
				x = v[max + k + 1];
			else
				x = v[max + k - 1] + 1;
			y = x - k;
			while (x < n && y < m && line_eq(a, (size_t)x, b, (size_t)y))
				x++, y++;
			v[max + k] = x;
			if (x >= n && y >= m) {
				found = d;
				break;
			}
		}
		trace[d] = wl_xmalloc((size_t)(2 * max + 3) * sizeof(long));
		memcpy(trace[d], v, (size_t)(2 * max + 3) * sizeof(long));
	}
	x = n;
	y = m;
	for (d = found; d > 0; d--) {
		long *pv = trace[d - 1], prev_k, prev_x, prev_y;

		k = x - y;
		if (k == -d || (k != d && pv[max + k - 1] < pv[max + k + 1]))
			prev_k = k + 1;
		else
			prev_k = k - 1;
		prev_x = pv[max + prev_k];
		prev_y = prev_x - prev_k;
		while (x > prev_x && y > prev_y) {
			push(&rev, 0);
			x--, y--;
		}
		push(&rev, x == prev_x ? 2 : 1);
		x = prev_x;
		y = prev_y;
	}
	while (x > 0 && y > 0) {
		push(&rev, 0);
		x--, y--;
	}
	for (d = (long)rev.nr - 1; d >= 0; d--)
		push(out, rev.op[d]);
	for (d = 0; d <= max && trace[d]; d++)
		free(trace[d]);
	free(trace);
	free(rev.op);
	free(v);
}

static void emit_line(struct wl_buf *out, char tag, const char *s, size_t len)
{
	wl_buf_addc(out, tag);
	wl_buf_add(out, s, len);
	if (!len || s[len - 1] != '\n')
		wl_buf_adds(out, "\n\\ No newline at end of file\n");
}

#define CONTEXT 3

void wl_diff_unified(struct wl_buf *out, const char *path, const char *old,
		     size_t old_len, const char *new_text, size_t new_len)
{
	struct lines a, b;
	struct script s = { NULL, 0, 0 };
	size_t i, *ai, *bi;

	if (old_len == new_len && !memcmp(old, new_text, old_len))
		return;
	split_lines(old, old_len, &a);
	split_lines(new_text, new_len, &b);
	myers(&a, &b, &s);
	/* Line numbers in a and b before each step of the script. */
	ai = wl_xcalloc(s.nr + 1, sizeof(*ai));
	bi = wl_xcalloc(s.nr + 1, sizeof(*bi));
	for (i = 0; i < s.nr; i++) {
		ai[i + 1] = ai[i] + (s.op[i] != 2);
		bi[i + 1] = bi[i] + (s.op[i] != 1);
	}
	wl_buf_addf(out, "--- a/%s\n+++ b/%s\n", path, path);
	i = 0;
	while (i < s.nr) {
		size_t start, end, j, last_change;

		if (s.op[i] == 0) {
			i++;
			continue;
		}
		/* A hunk: from CONTEXT before this change to CONTEXT after
		 * the last change that is within 2*CONTEXT of the previous. */
		start = i >= CONTEXT ? i - CONTEXT : 0;
		last_change = i;
		for (j = i; j < s.nr; j++) {
			if (s.op[j] != 0)
				last_change = j;
			else if (j - last_change > 2 * CONTEXT)
				break;
		}
		end = last_change + 1 + CONTEXT;
		if (end > s.nr)
			end = s.nr;
		wl_buf_addf(out, "@@ -%zu,%zu +%zu,%zu @@\n",
			    ai[end] - ai[start] ? ai[start] + 1 : ai[start],
			    ai[end] - ai[start],
			    bi[end] - bi[start] ? bi[start] + 1 : bi[start],
			    bi[end] - bi[start]);
		for (j = start; j < end; j++) {
			if (s.op[j] == 0)
				emit_line(out, ' ', a.start[ai[j]], a.len[ai[j]]);
			else if (s.op[j] == 1)
				emit_line(out, '-', a.start[ai[j]], a.len[ai[j]]);
			else
				emit_line(out, '+', b.start[bi[j]], b.len[bi[j]]);
		}
		i = end;
	}
	free(ai);
	free(bi);
	free(s.op);
	free(a.start);
	free(a.len);
	free(b.start);
	free(b.len);
}
