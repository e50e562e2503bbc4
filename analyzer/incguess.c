/* SPDX-License-Identifier: MIT */
/* Include discovery: folders that make a missing #include resolve. */
#include "analyzer/incguess.h"

#include <dirent.h>
#include <libgen.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyzer/parse.h"
#include "analyzer/prefilter.h"
#include "base/source.h"
#include "base/util.h"

/* Rounds of parsing again: a header found may include one more missing. */
#define MAX_ROUNDS 4

struct entry {
	char *rel;		/* path below the root */
	const char *base;	/* its last component, inside rel */
};

/* `#include "a/b.h"` in a source file of the repository. */
struct include_edge {
	const char *includer;	/* rel of the .cu file (an entry's) */
	char *spelled;		/* a/b.h */
	const char *base;	/* b.h, inside spelled */
};

struct repo {
	char *root;
	struct entry *v;	/* sorted by base, then rel */
	unsigned nr, alloc;
	/* The includes of its .cu files and headers, read on first need. */
	struct include_edge *edges;
	unsigned nr_edges, alloc_edges;
	bool edges_read;
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
		for (k = 0; k < g->repos[i]->nr_edges; k++)
			free(g->repos[i]->edges[k].spelled);
		free(g->repos[i]->edges);
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

/*
 * The files that mark the top of a project that is not a git checkout
 * (an exported tree): its build files, its licence, a .warplint.
 */
static const char *const build_files[] = {
	"CMakeLists.txt", "Makefile", "makefile", "GNUmakefile", "Makefile.am",
	"configure.ac", "meson.build", "SConstruct", "WORKSPACE", "LICENSE",
	"LICENSE.txt", "LICENSE.TXT", "LICENSE.md", "COPYING", ".warplint",
};

static bool has_build_file(const char *dir)
{
	unsigned i;

	for (i = 0; i < WL_ARRAY_SIZE(build_files); i++)
		if (exists_in(dir, build_files[i]))
			return true;
	return false;
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
	const char *home, *tmp;
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
	/*
	 * Else the topmost folder with a build file, below the home folder
	 * and the temporary one (a stray Makefile there or at / must not make
	 * the whole disk the project).
	 */
	home = getenv("HOME");
	tmp = getenv("TMPDIR");
	for (up = wl_xstrdup(dir); strcmp(up, "/") && strcmp(up, "/tmp") &&
				   !(home && !strcmp(up, home)) &&
				   !(tmp && !strcmp(up, tmp)); ) {
		char *next;

		if (has_build_file(up)) {
			free(best);
			best = wl_xstrdup(up);
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

/* One round of guessing: what it knows and what it found. */
struct round {
	CXTranslationUnit tu;
	struct repo *repo;
	const char *root;
	const char *const *args;
	unsigned nr_args;
	char ***dirs;
	unsigned *nr_dirs;
	char ***tried;
	unsigned *nr_tried, *alloc_tried;
	unsigned added;
	const char *const *kit;		/* the toolkit's folders, -idirafter */
	unsigned nr_kit;
	struct wl_strvec found;		/* the headers the folders added resolve */
	unsigned nr_followed;		/* of found, those read already */
};

/*
 * Look for @name, included from a file of folder @near (absolute), in the
 * repository; add the folder that resolves it unless it is already on
 * the include path.
 */
static void consider_near(struct round *rd, const char *name,
			  const char *near)
{
	char *dir, *file;
	bool known;
	unsigned k;

	if (name[0] == '/' || strstr(name, "..") ||
	    listed(*rd->tried, *rd->nr_tried, name))
		return;
	WL_GROW(*rd->tried, *rd->nr_tried, *rd->alloc_tried);
	(*rd->tried)[(*rd->nr_tried)++] = wl_xstrdup(name);
	if (wl_starts_with(name, "./"))
		name += 2;
	dir = find_folder(rd->repo, name, near);
	known = !dir || listed(*rd->dirs, *rd->nr_dirs, dir);
	for (k = 0; dir && !known && k < rd->nr_args; k++)
		known = wl_starts_with(rd->args[k], "-I") &&
			!strcmp(rd->args[k] + 2, dir);
	if (known) {
		free(dir);
		return;
	}
	*rd->dirs = wl_xrealloc(*rd->dirs, (*rd->nr_dirs + 1) * sizeof(**rd->dirs));
	(*rd->dirs)[(*rd->nr_dirs)++] = dir;
	rd->added++;
	file = wl_xasprintf("%s/%s", dir, name);
	wl_strvec_push(&rd->found, file);
	free(file);
}

/* consider_near() from the folder of @includer. */
static void consider(struct round *rd, const char *name, CXFile includer)
{
	CXString fname = clang_getFileName(includer);
	char *abs = clang_getCString(fname) ?
			    realpath(clang_getCString(fname), NULL) : NULL;
	char *near = abs ? parent_of(abs) : wl_xstrdup(rd->root);

	clang_disposeString(fname);
	free(abs);
	consider_near(rd, name, near);
	free(near);
}

/* The name an #include at @loc spells, between its quotes or brackets. */
static char *spelled_include(CXTranslationUnit tu, CXSourceLocation loc,
			     CXFile *file)
{
	unsigned off = 0;
	size_t size = 0, i, start;
	const char *text;
	char close;

	clang_getExpansionLocation(loc, file, NULL, NULL, &off);
	text = *file ? clang_getFileContents(tu, *file, &size) : NULL;
	if (!text || off >= size)
		return NULL;
	for (i = off; i > 0 && text[i - 1] != '\n'; i--)
		;
	for (; i < size && text[i] != '\n' && text[i] != '<' && text[i] != '"';
	     i++)
		;
	if (i >= size || text[i] == '\n')
		return NULL;
	close = text[i] == '<' ? '>' : '"';
	start = ++i;
	while (i < size && text[i] != close && text[i] != '\n')
		i++;
	return i < size && text[i] == close ? wl_xstrndup(text + start, i - start)
					    : NULL;
}

/*
 * A header that project code includes and that resolved in the CUDA
 * toolkit (Thrust, CUB) while the repository bundles its own copy, as
 * old projects did: the build used the project's, so find it.
 */
static void note_shadowed(CXFile file, CXSourceLocation *stack, unsigned len,
			  CXClientData data)
{
	struct round *rd = data;
	CXString fname;
	const char *path;
	bool in_kit = false;
	CXFile includer = NULL;
	char *name;
	unsigned k;

	if (!len || clang_Location_isInSystemHeader(stack[0]))
		return;
	fname = clang_getFileName(file);
	path = clang_getCString(fname);
	for (k = 0; path && k < rd->nr_kit; k++)
		in_kit |= rd->kit[k][0] == '/' && wl_starts_with(path, rd->kit[k]) &&
			  path[strlen(rd->kit[k])] == '/';
	clang_disposeString(fname);
	if (!in_kit)
		return;
	name = spelled_include(rd->tu, stack[0], &includer);
	if (name)
		consider(rd, name, includer);
	free(name);
}

/*
 * Folders that resolve the headers @tu misses, or that it found only in
 * the toolkit though the repository has them, not yet in *rd->dirs:
 * added there.  Returns how many were added.
 */
static unsigned guess_round(struct round *rd)
{
	unsigned n = clang_getNumDiagnostics(rd->tu), i;

	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(rd->tu, i);
		CXString text = clang_getDiagnosticSpelling(d);
		char *name = missing_name(clang_getCString(text));
		CXFile file = NULL;

		clang_disposeString(text);
		if (name) {
			clang_getExpansionLocation(clang_getDiagnosticLocation(d),
						   &file, NULL, NULL, NULL);
			consider(rd, name, file);
		}
		free(name);
		clang_disposeDiagnostic(d);
	}
	if (rd->nr_kit)
		clang_getInclusions(rd->tu, note_shadowed, rd);
	return rd->added;
}

/* ---- following the headers found ----------------------------------- */

/* Headers read for their includes per parse, at most. */
#define MAX_FOLLOWED 256

/* Enough of a source file to hold its #include lines. */
#define MAX_INCLUDER_BYTES (4u << 20)

/* The head of @path (MAX_INCLUDER_BYTES) into *@text, grown to *@cap. */
static size_t read_head(const char *path, char **text, size_t *cap)
{
	struct stat st;
	size_t len;
	FILE *f = fopen(path, "rb");

	if (!f)
		return 0;
	len = fstat(fileno(f), &st) == 0 && st.st_size > 0 ? (size_t)st.st_size
							  : 0;
	if (len > MAX_INCLUDER_BYTES)
		len = MAX_INCLUDER_BYTES;
	if (len + 1 > *cap) {
		*cap = len + 1;
		*text = wl_xrealloc(*text, *cap);
	}
	len = len ? fread(*text, 1, len, f) : 0;
	fclose(f);
	return len;
}

/* The system's own folders, where a guess must never shadow a header. */
static const char *const system_dirs[] = { "/usr/include",
					   "/usr/local/include" };

/*
 * The file @name resolves to beside folder @dir or in a folder @rd knows
 * (the user's -I, those guessed, the toolkit's, the system's), allocated,
 * or NULL.
 */
static char *resolve(const struct round *rd, const char *name,
		     const char *dir)
{
	unsigned i;

	if (exists_in(dir, name))
		return wl_xasprintf("%s/%s", dir, name);
	for (i = 0; i < rd->nr_args; i++)
		if (wl_starts_with(rd->args[i], "-I") && rd->args[i][2] &&
		    exists_in(rd->args[i] + 2, name))
			return wl_xasprintf("%s/%s", rd->args[i] + 2, name);
	for (i = 0; i < *rd->nr_dirs; i++)
		if (exists_in((*rd->dirs)[i], name))
			return wl_xasprintf("%s/%s", (*rd->dirs)[i], name);
	for (i = 0; i < rd->nr_kit; i++)
		if (exists_in(rd->kit[i], name))
			return wl_xasprintf("%s/%s", rd->kit[i], name);
	for (i = 0; i < WL_ARRAY_SIZE(system_dirs); i++)
		if (exists_in(system_dirs[i], name))
			return wl_xasprintf("%s/%s", system_dirs[i], name);
	return NULL;
}

struct following {
	struct round *rd;
	const char *dir;	/* the folder of the header being read */
};

/* One #include of a header being followed. */
static void follow_include(const char *name, void *data)
{
	struct following *fw = data;
	struct round *rd = fw->rd;
	const char *base = strrchr(name, '/');
	char *path;

	base = base ? base + 1 : name;
	/* <vector>: the C++ library's, never the project's */
	if (name[0] == '/' || strstr(name, "..") || !strchr(base, '.'))
		return;
	path = resolve(rd, name, fw->dir);
	if (!path) {
		consider_near(rd, name, fw->dir);
		return;
	}
	if (wl_starts_with(path, rd->root) &&
	    path[strlen(rd->root)] == '/' && rd->found.nr < MAX_FOLLOWED &&
	    !listed(rd->found.v, rd->found.nr, path))
		wl_strvec_push(&rd->found, path);
	free(path);
}

/*
 * The headers that the folders of this round make resolve were never
 * parsed: what they include in turn is unknown to clang until the next
 * parse, and each parse would find one more layer (a parse of a file
 * that includes Thrust takes seconds).  Read them, and the project's
 * headers they include, for the names that no folder resolves yet, and
 * look for those now.  Includes in dead #if branches are read too: at
 * worst that adds a folder the build did not need.
 */
static void follow_found(struct round *rd)
{
	char *text = NULL, *dir;
	size_t cap = 0, len;
	unsigned i;

	for (i = rd->nr_followed; i < rd->found.nr && i < MAX_FOLLOWED; i++) {
		struct following fw = { rd, NULL };

		len = read_head(rd->found.v[i], &text, &cap);
		dir = parent_of(rd->found.v[i]);
		fw.dir = dir;
		wl_prefilter_includes(text, len, follow_include, &fw);
		free(dir);
	}
	rd->nr_followed = i;
	free(text);
}

/* Whether @dir holds a header of the C library or POSIX of its own. */
static bool shadows_system(const char *dir)
{
	static const char *const names[] = {
		"assert.h", "ctype.h", "dirent.h", "errno.h", "fcntl.h",
		"float.h", "getopt.h", "inttypes.h", "limits.h", "math.h",
		"pthread.h", "sched.h", "signal.h", "stdbool.h", "stddef.h",
		"stdint.h", "stdio.h", "stdlib.h", "string.h", "strings.h",
		"time.h", "unistd.h", "sys/mman.h", "sys/param.h",
		"sys/socket.h", "sys/stat.h", "sys/time.h", "sys/types.h",
	};
	unsigned i;
	bool found = false;

	for (i = 0; i < WL_ARRAY_SIZE(names) && !found; i++) {
		char *path = wl_xasprintf("%s/%s", dir, names[i]);

		found = access(path, F_OK) == 0;
		free(path);
	}
	return found;
}

char *wl_incguess_flag(const char *dir)
{
	return wl_xasprintf(shadows_system(dir) ? "-idirafter%s" : "-I%s",
			    dir);
}

CXTranslationUnit wl_incguess_reparse(struct wl_incguess *g, CXIndex index,
				      const struct wl_source *src,
				      const char *const *args,
				      unsigned nr_args, struct wl_pch *pch,
				      CXTranslationUnit tu,
				      char ***dirs, unsigned *nr_dirs,
				      char **err)
{
	char *root = wl_repo_root(src->path), **tried = NULL;
	unsigned round, i, nr_tried = 0, alloc_tried = 0, first = *nr_dirs;
	unsigned nr_kit_args;
	const char *const *kit_args = wl_parse_toolkit_args(&nr_kit_args);
	const char *kit[4];
	struct round rd;

	memset(&rd, 0, sizeof(rd));
	for (i = 0; i + 1 < nr_kit_args && rd.nr_kit < WL_ARRAY_SIZE(kit); i += 2)
		kit[rd.nr_kit++] = kit_args[i + 1];
	rd.kit = kit;
	rd.root = root;
	rd.args = args;
	rd.nr_args = nr_args;
	rd.dirs = dirs;
	rd.nr_dirs = nr_dirs;
	rd.tried = &tried;
	rd.nr_tried = &nr_tried;
	rd.alloc_tried = &alloc_tried;
	for (round = 0; root && round < MAX_ROUNDS; round++) {
		unsigned n, k = 0;
		const char **all;
		char **flags;
		struct wl_parse_variant pv;
		CXTranslationUnit again;

		rd.tu = tu;
		rd.repo = repo_at(g, root);
		rd.added = 0;
		if (!guess_round(&rd))
			break;
		follow_found(&rd);
		all = wl_xcalloc(nr_args + *nr_dirs - first + 1, sizeof(*all));
		flags = wl_xcalloc(*nr_dirs - first + 1, sizeof(*flags));
		n = nr_args + *nr_dirs - first;
		for (i = 0; i < nr_args; i++)
			all[k++] = args[i];
		for (i = first; i < *nr_dirs; i++) {
			flags[i - first] = wl_incguess_flag((*dirs)[i]);
			all[k++] = flags[i - first];
		}
		memset(&pv, 0, sizeof(pv));
		pv.nr_unkeyed = *nr_dirs - first;
		again = wl_parse_variant(index, src, all, n, pch, &pv, err);
		for (i = 0; i < *nr_dirs - first; i++)
			free(flags[i]);
		free(flags);
		free(all);
		clang_disposeTranslationUnit(tu);
		tu = again;
		if (!tu)
			break;
	}
	wl_strvec_release(&rd.found);
	for (i = 0; i < nr_tried; i++)
		free(tried[i]);
	free(tried);
	free(root);
	return tu;
}

/* ---- includers ---------------------------------------------------- */

struct edge_reading {
	struct repo *repo;
	const char *includer;
};

/* One `#include` name of a .cu file, as an edge from it. */
static void add_edge(const char *name, void *data)
{
	struct edge_reading *er = data;
	struct repo *r = er->repo;
	struct include_edge *e;
	const char *slash;

	WL_GROW(r->edges, r->nr_edges, r->alloc_edges);
	e = &r->edges[r->nr_edges++];
	e->includer = er->includer;
	e->spelled = wl_xstrdup(name);
	slash = strrchr(e->spelled, '/');
	e->base = slash ? slash + 1 : e->spelled;
}

/* Read the #include lines of the repository's .cu files, once. */
static void read_edges(struct repo *r)
{
	struct edge_reading er = { r, NULL };
	char *text = NULL;
	size_t cap = 0;
	unsigned i;

	r->edges_read = true;
	for (i = 0; i < r->nr; i++) {
		size_t len;
		char *full;

		if (!wl_ends_with(r->v[i].rel, ".cu") &&
		    !wl_path_is_header(r->v[i].rel))
			continue;
		full = wl_xasprintf("%s/%s", r->root, r->v[i].rel);
		len = read_head(full, &text, &cap);
		free(full);
		er.includer = r->v[i].rel;
		wl_prefilter_includes(text, len, add_edge, &er);
	}
	free(text);
}

/* Whether @e, written in a file of @r, names the header at @abs. */
static bool edge_names(const struct repo *r, const struct include_edge *e,
		       const char *abs)
{
	char *dir = wl_xasprintf("%s/%s", r->root, e->includer);
	char *beside, *real;
	bool yes;

	*strrchr(dir, '/') = '\0';
	beside = wl_xasprintf("%s/%s", dir, e->spelled);
	real = realpath(beside, NULL);
	yes = real && !strcmp(real, abs);
	if (!real) {
		/* found through an include folder: the path's tail */
		size_t n = strlen(abs), t = strlen(e->spelled);

		yes = n > t && !strcmp(abs + n - t, e->spelled) &&
		      abs[n - t - 1] == '/';
	}
	free(real);
	free(beside);
	free(dir);
	return yes;
}

char *wl_incguess_includer(struct wl_incguess *g, const char *path)
{
	char *abs = realpath(path, NULL), *root, *best = NULL, *near;
	const char *base;
	size_t best_common = 0;
	struct repo *r;
	unsigned i;

	if (!abs)
		return NULL;
	root = wl_repo_root(abs);
	if (!root) {
		free(abs);
		return NULL;
	}
	r = repo_at(g, root);
	pthread_mutex_lock(&g->lock);
	if (!r->edges_read)
		read_edges(r);
	pthread_mutex_unlock(&g->lock);
	near = parent_of(abs);
	base = strrchr(abs, '/') + 1;
	for (i = 0; i < r->nr_edges; i++) {
		const struct include_edge *e = &r->edges[i];
		char *inc;
		size_t common;

		if (strcmp(e->base, base) || !edge_names(r, e, abs))
			continue;
		inc = wl_xasprintf("%s/%s", r->root, e->includer);
		common = common_dirs(inc, near);
		/* a source first, then the nearest, then the shortest path */
		if (!best ||
		    (wl_path_is_header(best) && !wl_path_is_header(inc)) ||
		    (wl_path_is_header(best) == wl_path_is_header(inc) &&
		     (common > best_common ||
		      (common == best_common && strlen(inc) < strlen(best))))) {
			free(best);
			best = inc;
			best_common = common;
		} else {
			free(inc);
		}
	}
	free(near);
	free(root);
	free(abs);
	return best;
}
