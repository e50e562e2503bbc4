/* SPDX-License-Identifier: MIT */
/* What nvcc's front end takes and clang's does not (lenient.h). */
#define _GNU_SOURCE
#include "gpu_verify/lenient.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/spelling.h"
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
 * Write @text over @path (in tree/), and over its twin in tree-after/
 * when that has the same text as @path had (@old, @old_len).
 */
static bool replace_text(const char *dir, const char *path, const char *old,
			 size_t old_len, const char *text, size_t len)
{
	char *twin = wl_xasprintf("%s/tree-after/%s", dir,
				  path + strlen(dir) + strlen("/tree/"));
	struct wl_source t;
	char *err = NULL;
	bool same, changed;

	same = wl_source_load(&t, twin, &err) == 0;
	if (same) {
		same = t.len == old_len && !memcmp(t.text, old, old_len);
		wl_source_release(&t);
	} else {
		free(err);
	}
	changed = write_text(path, text, len) == 0;
	if (changed && same)
		write_text(twin, text, len);
	free(twin);
	return changed;
}

/* Insert "template " at @lno:@col of @path (in tree/), and of its twin. */
static bool insert_template(const char *dir, const char *path, unsigned lno,
			    unsigned col)
{
	struct wl_source s;
	struct wl_buf b = WL_BUF_INIT;
	char *err = NULL;
	bool changed = false;
	unsigned off;

	if (wl_source_load(&s, path, &err) < 0) {
		free(err);
		return false;
	}
	off = wl_source_offset(&s, lno, col);
	if (off < 9 || memcmp(s.text + off - 9, "template ", 9)) {
		wl_buf_add(&b, s.text, off);
		wl_buf_adds(&b, "template ");
		wl_buf_add(&b, s.text + off, s.len - off);
		changed = replace_text(dir, path, s.text, s.len, b.s, b.len);
		wl_buf_release(&b);
	}
	wl_source_release(&s);
	return changed;
}

/*
 * `%laneid` in an asm template with operands, which nvcc passes on and
 * clang rejects: every such '%' doubled, as clang wants it.
 */
static bool respell_asm(const char *dir, const char *path, unsigned lno,
			unsigned col)
{
	struct wl_source s;
	char *err = NULL, *fixed;
	size_t len = 0;
	bool changed = false;

	(void)lno;
	(void)col;
	if (wl_source_load(&s, path, &err) < 0) {
		free(err);
		return false;
	}
	/* a build: the '%' doubled, never the parse's in-place `%=` */
	fixed = wl_spelling_escape_asm_percents(s.text, s.len, &len);
	if (fixed)
		changed = replace_text(dir, path, s.text, s.len, fixed, len);
	free(fixed);
	wl_source_release(&s);
	return changed;
}

/* What one error of build.log asks for, and how to do it. */
static const struct {
	const char *marker;
	bool (*rewrite)(const char *dir, const char *path, unsigned lno,
			unsigned col);
} fixes[] = {
	{ ": error: missing 'template' keyword prior to dependent template "
	  "name", insert_template },
	{ ": error: invalid % escape in inline assembly string", respell_asm },
};

/* The spots of build.log's lines with @marker in files of tree/. */
static struct spot *find_spots(const char *dir, const char *marker,
			       unsigned *nr_out)
{
	char *log = wl_xasprintf("%s/build.log", dir), *line = NULL;
	char *tree = wl_xasprintf("%s/tree/", dir);
	size_t cap = 0;
	FILE *f = fopen(log, "r");
	struct spot *v = NULL;
	unsigned nr = 0, alloc = 0;

	while (f && getline(&line, &cap, f) > 0) {
		char *m = strstr(line, marker), *c2, *c1, *path;

		/* clang names a file of tree/ as the case's build reached it */
		if (!m || (!wl_starts_with(line, tree) &&
			   !wl_starts_with(line, "./tree/")))
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
		path = wl_starts_with(line, "./")
			       ? wl_xasprintf("%s/%s", dir, line + 2)
			       : wl_xstrdup(line);
		WL_GROW(v, nr, alloc);
		v[nr].path = path;
		v[nr].line = (unsigned)strtoul(c1 + 1, NULL, 10);
		v[nr].col = (unsigned)strtoul(c2 + 1, NULL, 10);
		nr++;
	}
	if (f)
		fclose(f);
	free(line);
	free(tree);
	free(log);
	*nr_out = nr;
	return v;
}

bool gv_lenient_rewrite(const char *dir)
{
	bool changed = false;
	unsigned k, i, nr;

	for (k = 0; k < WL_ARRAY_SIZE(fixes); k++) {
		struct spot *v = find_spots(dir, fixes[k].marker, &nr);

		/* Last spot first: an insertion moves what follows it. */
		if (nr)
			qsort(v, nr, sizeof(*v), cmp_spot);
		for (i = 0; i < nr; i++) {
			/* One spot reported twice (two instantiations): once. */
			if (!i || cmp_spot(&v[i - 1], &v[i]))
				changed |= fixes[k].rewrite(dir, v[i].path,
							    v[i].line,
							    v[i].col);
		}
		for (i = 0; i < nr; i++)
			free(v[i].path);
		free(v);
	}
	return changed;
}
