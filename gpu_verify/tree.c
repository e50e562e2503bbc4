/* SPDX-License-Identifier: MIT */
/* The project files a case needs (tree.h). */
#define _GNU_SOURCE
#include "gpu_verify/tree.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/util.h"

/* Never copied: the system's and the toolkit's headers. */
static const char *const system_dirs[] = {"/usr/", "/opt/", "/lib/",
					  "/__warplint__/"};

static bool under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	if (!n)
		return false;
	if (dir[n - 1] == '/')
		return !strncmp(path, dir, n);
	return !strncmp(path, dir, n) && (path[n] == '/' || !path[n]);
}

static bool is_system(const struct gv_tree *t, const char *path)
{
	size_t i;

	for (i = 0; i < WL_ARRAY_SIZE(system_dirs); i++)
		if (under(path, system_dirs[i]))
			return true;
	return t->own_dir && under(path, t->own_dir);
}

void gv_tree_root(struct gv_tree *t, const char *dir)
{
	char *r = realpath(dir, NULL);
	unsigned i;

	if (!r)
		return;
	for (i = 0; i < t->nr_roots; i++)
		if (!strcmp(t->roots[i], r)) {
			free(r);
			return;
		}
	if (!strcmp(r, "/") || is_system(t, r)) {
		free(r);
		return;
	}
	WL_GROW(t->roots, t->nr_roots, t->alloc_roots);
	t->roots[t->nr_roots++] = r;
}

bool gv_tree_is_local(const struct gv_tree *t, const char *path)
{
	unsigned i;

	if (path[0] != '/' || is_system(t, path))
		return false;
	for (i = 0; i < t->nr_roots; i++)
		if (under(path, t->roots[i]))
			return true;
	return false;
}

/* A header of the system's include directories, not the toolkit's. */
static bool system_include(const char *path)
{
	return (under(path, "/usr/include") ||
		under(path, "/usr/local/include")) &&
	       !strstr(path, "/cuda");
}

static void push_unique(char ***v, unsigned *nr, unsigned *alloc, char *s)
{
	unsigned i;

	for (i = 0; i < *nr; i++)
		if (!strcmp((*v)[i], s)) {
			free(s);
			return;
		}
	WL_GROW(*v, *nr, *alloc);
	(*v)[(*nr)++] = s;
}

void gv_tree_add(struct gv_tree *t, const char *path)
{
	char *r = realpath(path, NULL);
	unsigned i;

	if (!r)
		return;
	if (system_include(r)) {
		push_unique(&t->sys, &t->nr_sys, &t->alloc_sys, r);
		return;
	}
	if (!gv_tree_is_local(t, r)) {
		free(r);
		return;
	}
	for (i = 0; i < t->nr_files; i++)
		if (!strcmp(t->files[i], r)) {
			free(r);
			return;
		}
	WL_GROW(t->files, t->nr_files, t->alloc_files);
	t->files[t->nr_files++] = r;
}

static void visit_inclusion(CXFile f, CXSourceLocation *stack, unsigned depth,
			    CXClientData data)
{
	CXString name = clang_getFileName(f);

	(void)stack;
	(void)depth;
	if (clang_getCString(name))
		gv_tree_add(data, clang_getCString(name));
	clang_disposeString(name);
}

void gv_tree_add_tu(struct gv_tree *t, CXTranslationUnit tu)
{
	clang_getInclusions(tu, visit_inclusion, t);
}

int gv_tree_add_deps(struct gv_tree *t, const char *depfile)
{
	struct wl_buf b = WL_BUF_INIT;
	char chunk[4096], *p, *word;
	size_t n;
	FILE *f = fopen(depfile, "r");

	if (!f)
		return -1;
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		wl_buf_add(&b, chunk, n);
	fclose(f);
	if (!b.s)
		return 0;
	/* "target: a.h b.h \\\n c.h": words after the first colon; an
	 * escaped blank belongs to the name. */
	p = strchr(b.s, ':');
	p = p ? p + 1 : b.s;
	while (*p) {
		struct wl_buf w = WL_BUF_INIT;

		while (*p == ' ' || *p == '\t' || *p == '\n' ||
		       (*p == '\\' && p[1] == '\n'))
			p += *p == '\\' ? 2 : 1;
		while (*p && *p != ' ' && *p != '\t' && *p != '\n') {
			if (*p == '\\' && p[1] == ' ')
				p++;
			else if (*p == '\\' && p[1] == '\n')
				break;
			wl_buf_addc(&w, *p++);
		}
		word = wl_buf_detach(&w);
		if (word && word[0] && strcmp(word, ":"))
			gv_tree_add(t, word);
		free(word);
	}
	wl_buf_release(&b);
	return 0;
}

/* Packages whose headers every machine that runs nvcc has. */
static bool toolchain_package(const char *pkg)
{
	static const char *const prefix[] = {
	    "libc6", "libc-dev", "linux-libc-dev", "libcrypt-dev", "libstdc++",
	    "libgcc", "gcc", "g++", "cpp", "libclang", "clang", "llvm",
	    "libnsl-dev", "libtirpc-dev", "libxcrypt",
	};
	size_t i;

	for (i = 0; i < WL_ARRAY_SIZE(prefix); i++)
		if (wl_starts_with(pkg, prefix[i]))
			return true;
	return false;
}

void gv_tree_foreign(struct gv_tree *t)
{
	struct wl_buf cmd = WL_BUF_INIT;
	char *line = NULL;
	size_t cap = 0;
	unsigned i;
	FILE *f;

	if (!t->nr_sys)
		return;
	wl_buf_adds(&cmd, "dpkg-query -S");
	for (i = 0; i < t->nr_sys; i++) {
		/* Real paths of include files have no quote in them. */
		if (strchr(t->sys[i], '\''))
			continue;
		wl_buf_addf(&cmd, " '%s'", t->sys[i]);
	}
	wl_buf_adds(&cmd, " 2>/dev/null");
	f = popen(cmd.s, "r");
	wl_buf_release(&cmd);
	if (!f)
		return;
	/* "libjansson-dev:amd64: /usr/include/jansson.h" */
	while (getline(&line, &cap, f) > 0) {
		char *sep = strstr(line, ": "), *colon;

		if (!sep)
			continue;
		*sep = '\0';
		line[strcspn(line, "\n")] = '\0';
		sep[2 + strcspn(sep + 2, "\n")] = '\0';
		colon = strchr(line, ':');
		if (colon)
			*colon = '\0';
		if (toolchain_package(line) || strchr(line, ','))
			continue;
		push_unique(&t->files, &t->nr_files, &t->alloc_files,
			    wl_xstrdup(sep + 2));
		t->foreign = true;
	}
	free(line);
	pclose(f);
}

char *gv_tree_path(const char *dest, const char *abs)
{
	return wl_xasprintf("%s%s%s", dest, abs[0] == '/' ? "" : "/", abs);
}

int gv_mkdirs(const char *path)
{
	char *p = wl_xstrdup(path), *s;
	int r = 0;

	for (s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0755) < 0 && errno != EEXIST)
			r = -1;
		*s = '/';
	}
	if (mkdir(p, 0755) < 0 && errno != EEXIST)
		r = -1;
	free(p);
	return r;
}

static int copy_one(const char *from, const char *to)
{
	char buf[65536], *dir = wl_xstrdup(to), *slash = strrchr(dir, '/');
	FILE *in, *out;
	size_t n;
	int r = 0;

	if (slash) {
		*slash = '\0';
		gv_mkdirs(dir);
	}
	free(dir);
	in = fopen(from, "rb");
	if (!in)
		return -1;
	out = fopen(to, "wb");
	if (!out) {
		fclose(in);
		return -1;
	}
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		if (fwrite(buf, 1, n, out) != n)
			r = -1;
	fclose(in);
	if (fclose(out))
		r = -1;
	return r;
}

int gv_tree_copy(const struct gv_tree *t, const char *dest)
{
	unsigned i;
	int r = 0;

	for (i = 0; i < t->nr_files; i++) {
		char *to = gv_tree_path(dest, t->files[i]);

		if (copy_one(t->files[i], to) < 0) {
			fprintf(stderr, "gv-prepare: cannot copy %s to %s\n",
				t->files[i], to);
			r = -1;
		}
		free(to);
	}
	return r;
}

void gv_tree_release(struct gv_tree *t)
{
	unsigned i;

	for (i = 0; i < t->nr_roots; i++)
		free(t->roots[i]);
	for (i = 0; i < t->nr_files; i++)
		free(t->files[i]);
	for (i = 0; i < t->nr_sys; i++)
		free(t->sys[i]);
	free(t->roots);
	free(t->files);
	free(t->sys);
	memset(t, 0, sizeof(*t));
}
