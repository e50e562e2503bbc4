/* SPDX-License-Identifier: MIT */
/* What nvcc's front end takes and clang's does not (lenient.h). */
#define _GNU_SOURCE
#include "gpu_verify/lenient.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/source.h"
#include "base/util.h"

static int write_text(const char *path, const char *text, size_t len)
{
	FILE *f = fopen(path, "wb");
	int r = -1;

	if (f) {
		r = fwrite(text, 1, len, f) == len ? 0 : -1;
		if (fclose(f))
			r = -1;
	}
	return r;
}

struct spot {
	char *path;
	unsigned line, col;
};

/* By file, then later spots first. */
static int cmp_spot(const void *a, const void *b)
{
	const struct spot *x = a, *y = b;
	int c = strcmp(x->path, y->path);

	if (c)
		return c;
	if (x->line != y->line)
		return x->line < y->line ? 1 : -1;
	return (x->col < y->col) - (x->col > y->col);
}

/*
 * Insert "template " at @lno:@col of @path (in tree/), and of its twin
 * in tree-after/ when that has the same text.
 */
static bool insert_template(const char *dir, const char *path, unsigned lno,
			    unsigned col)
{
	char *twin = wl_xasprintf("%s/tree-after/%s", dir,
				  path + strlen(dir) + strlen("/tree/"));
	struct wl_source s, t;
	struct wl_buf b = WL_BUF_INIT;
	char *err = NULL;
	bool same, changed = false;
	unsigned off;

	if (wl_source_load(&s, path, &err) < 0) {
		free(err);
		free(twin);
		return false;
	}
	same = wl_source_load(&t, twin, &err) == 0;
	if (same) {
		same = t.len == s.len && !memcmp(t.text, s.text, s.len);
		wl_source_release(&t);
	} else {
		free(err);
	}
	off = wl_source_offset(&s, lno, col);
	if (off < 9 || memcmp(s.text + off - 9, "template ", 9)) {
		wl_buf_add(&b, s.text, off);
		wl_buf_adds(&b, "template ");
		wl_buf_add(&b, s.text + off, s.len - off);
		changed = write_text(path, b.s, b.len) == 0;
		if (changed && same)
			write_text(twin, b.s, b.len);
		wl_buf_release(&b);
	}
	wl_source_release(&s);
	free(twin);
	return changed;
}

bool gv_lenient_rewrite(const char *dir)
{
	static const char marker[] =
	    ": error: missing 'template' keyword prior to dependent template "
	    "name";
	char *log = wl_xasprintf("%s/build.log", dir), *line = NULL;
	char *tree = wl_xasprintf("%s/tree/", dir);
	size_t cap = 0;
	bool changed = false;
	FILE *f = fopen(log, "r");

	struct spot *v = NULL;
	unsigned nr = 0, alloc = 0, i;

	while (f && getline(&line, &cap, f) > 0) {
		char *m = strstr(line, marker), *c2, *c1;

		if (!m || !wl_starts_with(line, tree))
			continue;
		*m = '\0';
		c2 = strrchr(line, ':');
		if (!c2)
			continue;
		*c2 = '\0';
		c1 = strrchr(line, ':');
		if (!c1)
			continue;
		*c1 = '\0';
		WL_GROW(v, nr, alloc);
		v[nr].path = wl_xstrdup(line);
		v[nr].line = (unsigned)strtoul(c1 + 1, NULL, 10);
		v[nr].col = (unsigned)strtoul(c2 + 1, NULL, 10);
		nr++;
	}
	if (f)
		fclose(f);
	/* Last spot first: an insertion moves what follows it. */
	if (nr)
		qsort(v, nr, sizeof(*v), cmp_spot);
	for (i = 0; i < nr; i++) {
		/* One spot reported twice (two instantiations): once. */
		if (!i || cmp_spot(&v[i - 1], &v[i]))
			changed |= insert_template(dir, v[i].path, v[i].line,
						   v[i].col);
	}
	for (i = 0; i < nr; i++)
		free(v[i].path);
	free(v);
	free(line);
	free(tree);
	free(log);
	return changed;
}

