/* SPDX-License-Identifier: MIT */
/* Include discovery: folders that make a missing #include resolve. */
#include "analyzer/incguess.h"

#include <dirent.h>
#include <libgen.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyzer/session.h"
#include "analyzer/source.h"
#include "analyzer/util.h"

/* Rounds of parsing again: a header found may include one more missing. */
#define MAX_ROUNDS 4

struct entry {
	char *rel;		/* path below the root */
	const char *base;	/* its last component, inside rel */
};

struct repo {
	char *root;
	struct entry *v;	/* sorted by base, then rel */
	unsigned nr, alloc;
};

struct wl_incguess {
	pthread_mutex_t lock;
	struct repo **repos;
	unsigned nr, alloc;
};

struct wl_incguess *wl_incguess_new(void)
{
	struct wl_incguess *g = wl_xcalloc(1, sizeof(*g));

	pthread_mutex_init(&g->lock, NULL);
	return g;
}

void wl_incguess_free(struct wl_incguess *g)
{
	unsigned i, k;

	if (!g)
		return;
	for (i = 0; i < g->nr; i++) {
		for (k = 0; k < g->repos[i]->nr; k++)
			free(g->repos[i]->v[k].rel);
		free(g->repos[i]->v);
		free(g->repos[i]->root);
		free(g->repos[i]);
	}
	free(g->repos);
	pthread_mutex_destroy(&g->lock);
	free(g);
}

static bool exists_in(const char *dir, const char *name)
{
	char *p = wl_xasprintf("%s/%s", dir, name);
	bool yes = access(p, F_OK) == 0;

	free(p);
	return yes;
}

static bool has_build_file(const char *dir)
{
	return exists_in(dir, "CMakeLists.txt") || exists_in(dir, "Makefile");
}

static char *parent_of(const char *dir)
{
	char *copy = wl_xstrdup(dir), *p = wl_xstrdup(dirname(copy));

	free(copy);
	return p;
}

char *wl_repo_root(const char *path)
{
	char *abs = realpath(path, NULL), *dir, *best = NULL, *up;
	struct stat st;

	if (!abs)
		return NULL;
	if (stat(abs, &st) == 0 && S_ISDIR(st.st_mode))
		dir = abs;
	else {
		dir = parent_of(abs);
		free(abs);
	}
	/* The nearest folder holding .git. */
	for (up = wl_xstrdup(dir);; ) {
		char *next;

		if (exists_in(up, ".git")) {
			free(dir);
			return up;
		}
		if (!strcmp(up, "/"))
			break;
		next = parent_of(up);
		free(up);
		up = next;
	}
	free(up);
	/* Else the top of the unbroken run of folders with a build file. */
	for (up = wl_xstrdup(dir); strcmp(up, "/"); ) {
		char *next;

		if (has_build_file(up)) {
			free(best);
			best = wl_xstrdup(up);
		} else if (best) {
			break;
		}
		next = parent_of(up);
		free(up);
		up = next;
	}
	free(up);
	if (best) {
		free(dir);
		return best;
	}
	return dir;
}

static int entry_cmp(const void *pa, const void *pb)
{
	const struct entry *a = pa, *b = pb;
	int c = strcmp(a->base, b->base);

	return c ? c : strcmp(a->rel, b->rel);
}

struct lister {
	struct repo *repo;
	unsigned visited;
};

static void list_dir(struct lister *l, const char *rel, unsigned depth)
{
	char *dir = *rel ? wl_xasprintf("%s/%s", l->repo->root, rel)
			 : wl_xstrdup(l->repo->root);
	DIR *d = opendir(dir);
	struct dirent *de;

	free(dir);
	if (!d)
		return;
	while ((de = readdir(d)) && l->visited < WL_INCGUESS_MAX_ENTRIES) {
		char *sub, *full;
		struct stat st;

		/* Hidden folders (.git, .svn) hold no sources. */
		if (de->d_name[0] == '.')
			continue;
		l->visited++;
		sub = *rel ? wl_xasprintf("%s/%s", rel, de->d_name)
			   : wl_xstrdup(de->d_name);
		full = wl_xasprintf("%s/%s", l->repo->root, sub);
		/* lstat: a linked folder could lead out or round in a cycle. */
		if (lstat(full, &st) == 0 && S_ISLNK(st.st_mode) &&
		    (stat(full, &st) < 0 || !S_ISREG(st.st_mode)))
			st.st_mode = 0;
		free(full);
		if (S_ISDIR(st.st_mode) && depth < WL_INCGUESS_MAX_DEPTH) {
			list_dir(l, sub, depth + 1);
		} else if (S_ISREG(st.st_mode)) {
			struct entry *e;
			const char *slash;

			WL_GROW(l->repo->v, l->repo->nr, l->repo->alloc);
			e = &l->repo->v[l->repo->nr++];
			e->rel = sub;
			slash = strrchr(sub, '/');
			e->base = slash ? slash + 1 : sub;
			continue;
		}
		free(sub);
	}
	closedir(d);
}

/* The listing of the repository at @root, made once per run. */
static struct repo *repo_at(struct wl_incguess *g, const char *root)
{
	struct lister l = { NULL, 0 };
	struct repo *r = NULL;
	unsigned i;

	pthread_mutex_lock(&g->lock);
	for (i = 0; i < g->nr && !r; i++)
		if (!strcmp(g->repos[i]->root, root))
			r = g->repos[i];
	if (!r) {
		r = wl_xcalloc(1, sizeof(*r));
		r->root = wl_xstrdup(root);
		l.repo = r;
		list_dir(&l, "", 0);
		if (r->nr)
			qsort(r->v, r->nr, sizeof(*r->v), entry_cmp);
		WL_GROW(g->repos, g->nr, g->alloc);
		g->repos[g->nr++] = r;
	}
	pthread_mutex_unlock(&g->lock);
	return r;
}

/* Length of the common folder prefix of absolute paths @a and @b. */
static size_t common_dirs(const char *a, const char *b)
{
	size_t i = 0, last = 0;

	for (; a[i] && a[i] == b[i]; i++)
		if (a[i] == '/')
			last = i;
	if ((!a[i] || a[i] == '/') && (!b[i] || b[i] == '/'))
		last = i;
	return last;
}

/*
 * The folder below which @name resolves, nearest to @near (the including
 * file's folder, absolute), or NULL.
 */
static char *find_folder(const struct repo *r, const char *name,
			 const char *near)
{
	const char *base = strrchr(name, '/');
	size_t n = strlen(name), best_common = 0, best_len = 0;
	struct entry key;
	char *best = NULL;
	unsigned lo = 0, hi = r->nr;

	base = base ? base + 1 : name;
	key.base = base;
	key.rel = "";
	/* The first entry with this base name. */
	while (lo < hi) {
		unsigned mid = lo + (hi - lo) / 2;

		if (entry_cmp(&r->v[mid], &key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < r->nr && !strcmp(r->v[lo].base, base); lo++) {
		const char *rel = r->v[lo].rel;
		size_t len = strlen(rel), common;
		char *dir;

		if (len < n || strcmp(rel + len - n, name) ||
		    (len > n && rel[len - n - 1] != '/'))
			continue;
		dir = len > n ? wl_xasprintf("%s/%.*s", r->root,
					     (int)(len - n - 1), rel)
			      : wl_xstrdup(r->root);
		common = common_dirs(dir, near);
		if (!best || common > best_common ||
		    (common == best_common && len < best_len)) {
			free(best);
			best = dir;
			best_common = common;
			best_len = len;
		} else {
			free(dir);
		}
	}
	return best;
}

/* A name clang could not find, from "'a/b.h' file not found ...". */
static char *missing_name(const char *text)
{
	const char *end;

	if (text[0] != '\'' || !strstr(text, "' file not found"))
		return NULL;
	end = strstr(text, "' file not found");
	return wl_xstrndup(text + 1, (size_t)(end - text - 1));
}

static bool listed(char **v, unsigned nr, const char *s)
{
	unsigned i;

	for (i = 0; i < nr; i++)
		if (!strcmp(v[i], s))
			return true;
	return false;
}

/*
 * Folders that resolve the headers @tu misses, not yet in *@dirs: added
 * there.  Returns how many were added.
 */
static unsigned guess_round(struct wl_incguess *g, CXTranslationUnit tu,
			    const char *root, const char *const *args,
			    unsigned nr_args, char ***dirs, unsigned *nr_dirs,
			    char ***tried, unsigned *nr_tried,
			    unsigned *alloc_tried)
{
	unsigned n = clang_getNumDiagnostics(tu), i, added = 0, k;
	struct repo *r = repo_at(g, root);

	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		CXString text = clang_getDiagnosticSpelling(d);
		char *name = missing_name(clang_getCString(text)), *dir = NULL;
		CXFile file = NULL;
		char *near = NULL;
		bool known;

		clang_disposeString(text);
		if (name && name[0] != '/' && !strstr(name, "..") &&
		    !listed(*tried, *nr_tried, name)) {
			CXString fname;
			char *abs;

			WL_GROW(*tried, *nr_tried, *alloc_tried);
			(*tried)[(*nr_tried)++] = wl_xstrdup(name);
			clang_getExpansionLocation(clang_getDiagnosticLocation(d),
						   &file, NULL, NULL, NULL);
			fname = clang_getFileName(file);
			abs = clang_getCString(fname) ?
				      realpath(clang_getCString(fname), NULL) :
				      NULL;
			clang_disposeString(fname);
			near = abs ? parent_of(abs) : wl_xstrdup(root);
			free(abs);
			dir = find_folder(r, wl_starts_with(name, "./") ?
						     name + 2 : name, near);
		}
		known = !dir || listed(*dirs, *nr_dirs, dir);
		for (k = 0; dir && !known && k < nr_args; k++)
			known = wl_starts_with(args[k], "-I") &&
				!strcmp(args[k] + 2, dir);
		if (!known) {
			*dirs = wl_xrealloc(*dirs, (*nr_dirs + 1) * sizeof(**dirs));
			(*dirs)[(*nr_dirs)++] = dir;
			dir = NULL;
			added++;
		}
		free(dir);
		free(near);
		free(name);
		clang_disposeDiagnostic(d);
	}
	return added;
}

CXTranslationUnit wl_incguess_reparse(struct wl_incguess *g, CXIndex index,
				      const struct wl_source *src,
				      const char *const *args,
				      unsigned nr_args, CXTranslationUnit tu,
				      char ***dirs, unsigned *nr_dirs,
				      char **err)
{
	char *root = wl_repo_root(src->path), **tried = NULL;
	unsigned round, i, nr_tried = 0, alloc_tried = 0, first = *nr_dirs;

	for (round = 0; root && round < MAX_ROUNDS; round++) {
		unsigned n, k = 0;
		const char **all;
		char **flags;
		CXTranslationUnit again;

		if (!guess_round(g, tu, root, args, nr_args, dirs, nr_dirs,
				 &tried, &nr_tried, &alloc_tried))
			break;
		all = wl_xcalloc(nr_args + *nr_dirs - first + 1, sizeof(*all));
		flags = wl_xcalloc(*nr_dirs - first + 1, sizeof(*flags));
		n = nr_args + *nr_dirs - first;
		for (i = 0; i < nr_args; i++)
			all[k++] = args[i];
		for (i = first; i < *nr_dirs; i++) {
			flags[i - first] = wl_xasprintf("-I%s", (*dirs)[i]);
			all[k++] = flags[i - first];
		}
		again = wl_parse(index, src, all, n, err);
		for (i = 0; i < *nr_dirs - first; i++)
			free(flags[i]);
		free(flags);
		free(all);
		clang_disposeTranslationUnit(tu);
		tu = again;
		if (!tu)
			break;
	}
	for (i = 0; i < nr_tried; i++)
		free(tried[i]);
	free(tried);
	free(root);
	return tu;
}
