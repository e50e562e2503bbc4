/* SPDX-License-Identifier: MIT */
/*
 * The shim, precompiled (see pch.h).  Under the folder:
 *
 *   KEY.pch    libclang's serialized translation unit of the shim
 *   KEY.deps   "SIZE MTIME_NS PATH" for every file on disk it read
 *
 * KEY: 32 hex digits of XXH3-128 over libclang's version, the shim's
 * name and text, the arguments, the working folder and the variables
 * that add include folders.  Files are written under temporary names and
 * renamed, the list first: two runs making the same PCH at once leave
 * one of them, whole.
 */
#define _GNU_SOURCE	/* mkostemps */
#include "analyzer/pch.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>

#include "analyzer/cursor.h"
#include "base/util.h"

/*
 * Made with the shim's implicit template instantiations done (libstdc++'s
 * <cmath> leaves hundreds): a PCH made as a prefix keeps them pending, and
 * every parse that loaded it did them again at its end, deserializing a
 * third of the PCH for an empty file (0.12 s of CPU; 0.01 s with).
 */
static const char instantiate_templates[] = "-fpch-instantiate-templates";

/* PCHs kept in the folder: one per set of flags, 5 MB each. */
#define WL_PCH_KEEP 8
/*
 * A PCH costs about as much as one parse of the shim, and pays off from
 * the second file with its flags.  A compile database that gives each
 * file flags of its own would pay for one per file: past this many made
 * in a run, one is made only while at most one file in MADE_PER_ASKED
 * asked for a new one.
 */
#define WL_PCH_FREE_MADE 4
#define WL_PCH_MADE_PER_ASKED 4

enum pch_state { PCH_READY, PCH_BAD };

struct pch_entry {
	char *key;
	char *path;
	enum pch_state state;
};

struct wl_pch {
	char *dir;
	FILE *verbose;
	pthread_mutex_t lock;	/* a PCH is made by one thread at a time */
	struct pch_entry *v;
	unsigned nr, alloc;
	unsigned made, asked;	/* PCHs made, and parses that asked */
};

struct wl_pch *wl_pch_new(const char *dir, FILE *verbose)
{
	struct wl_pch *pch;

	if (!dir)
		return NULL;
	pch = wl_xcalloc(1, sizeof(*pch));
	pch->dir = wl_xstrdup(dir);
	pch->verbose = verbose;
	pthread_mutex_init(&pch->lock, NULL);
	return pch;
}

struct wl_pch *wl_pch_for_child(const struct wl_pch *pch)
{
	return pch ? wl_pch_new(pch->dir, pch->verbose) : NULL;
}

void wl_pch_free(struct wl_pch *pch)
{
	unsigned i;

	if (!pch)
		return;
	for (i = 0; i < pch->nr; i++) {
		free(pch->v[i].key);
		free(pch->v[i].path);
	}
	free(pch->v);
	pthread_mutex_destroy(&pch->lock);
	free(pch->dir);
	free(pch);
}

static void hash_string(XXH3_state_t *st, const char *s)
{
	XXH3_128bits_update(st, s ? s : "", s ? strlen(s) + 1 : 1);
}

static char *make_key(const char *header, const char *const *args,
		      unsigned nr_args, const struct CXUnsavedFile *files,
		      unsigned nr_files)
{
	static const char *const vars[] = { "CPATH", "C_INCLUDE_PATH",
					    "CPLUS_INCLUDE_PATH" };
	XXH3_state_t *st = XXH3_createState();
	CXString version = clang_getClangVersion();
	char cwd[4096];
	XXH128_hash_t h;
	unsigned i;

	XXH3_128bits_reset(st);
	hash_string(st, clang_getCString(version));
	clang_disposeString(version);
	hash_string(st, instantiate_templates);	/* how it is made */
	hash_string(st, header);
	for (i = 0; i < nr_args; i++)
		hash_string(st, args[i]);
	for (i = 0; i < nr_files; i++) {
		hash_string(st, files[i].Filename);
		XXH3_128bits_update(st, files[i].Contents, files[i].Length);
	}
	/* relative include folders, and folders the environment adds */
	hash_string(st, getcwd(cwd, sizeof(cwd)) ? cwd : NULL);
	for (i = 0; i < WL_ARRAY_SIZE(vars); i++)
		hash_string(st, getenv(vars[i]));
	h = XXH3_128bits_digest(st);
	XXH3_freeState(st);
	return wl_xasprintf("%016llx%016llx", (unsigned long long)h.high64,
			    (unsigned long long)h.low64);
}

static struct pch_entry *find_entry(struct wl_pch *pch, const char *key)
{
	unsigned i;

	for (i = 0; i < pch->nr; i++)
		if (!strcmp(pch->v[i].key, key))
			return &pch->v[i];
	return NULL;
}

static long long mtime_ns(const struct stat *st)
{
	return (long long)st->st_mtim.tv_sec * 1000000000LL +
	       st->st_mtim.tv_nsec;
}

/* Whether every file listed in @deps_path is as it was. */
static bool deps_unchanged(const char *deps_path)
{
	FILE *f = fopen(deps_path, "r");
	char line[4200];
	bool ok = f != NULL;

	while (ok && fgets(line, sizeof(line), f)) {
		long long size, ns;
		int at = 0;
		struct stat st;
		char *path;

		line[strcspn(line, "\n")] = '\0';
		if (sscanf(line, "%lld %lld %n", &size, &ns, &at) != 2 || !at) {
			ok = false;
			break;
		}
		path = line + at;
		ok = stat(path, &st) == 0 && st.st_size == size &&
		     mtime_ns(&st) == ns;
	}
	if (f && ferror(f))
		ok = false;
	if (f)
		fclose(f);
	return ok;
}

struct deps_writer {
	FILE *f;
	bool ok;
};

static void write_dep(CXFile file, CXSourceLocation *stack, unsigned len,
		      CXClientData data)
{
	struct deps_writer *dw = data;
	CXString name = clang_getFileName(file);
	const char *path = clang_getCString(name);
	struct stat st;

	(void)stack;
	(void)len;
	/* the shim is in memory, named under a folder that does not exist */
	if (path && stat(path, &st) == 0)
		fprintf(dw->f, "%lld %lld %s\n", (long long)st.st_size,
			mtime_ns(&st), path);
	clang_disposeString(name);
}

/* Write @tu's file list to a temporary beside @final; its name or NULL. */
static char *write_deps(CXTranslationUnit tu, const char *final)
{
	char *tmp = wl_xasprintf("%s.XXXXXX", final);
	int fd = mkstemp(tmp);
	struct deps_writer dw = { fd < 0 ? NULL : fdopen(fd, "w"), true };

	if (!dw.f) {
		if (fd >= 0)
			close(fd);
		free(tmp);
		return NULL;
	}
	clang_getInclusions(tu, write_dep, &dw);
	if (ferror(dw.f))
		dw.ok = false;
	if (fclose(dw.f) != 0 || !dw.ok) {
		unlink(tmp);
		free(tmp);
		return NULL;
	}
	return tmp;
}

/*
 * Whether @name is a temporary of make_pch() (KEY.pch.XXXXXX or
 * KEY.deps.XXXXXX) left by a run that was killed: older than ten minutes.
 */
static bool stale_temporary(const char *name, const struct stat *st)
{
	return (strstr(name, ".pch.") || strstr(name, ".deps.")) &&
	       st->st_mtim.tv_sec < time(NULL) - 600;
}

/*
 * Keep the WL_PCH_KEEP newest PCHs of the folder, and their lists; drop
 * stale temporaries.
 */
static void trim(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	struct old {
		long long ns;
		char *stem;
	} *v = NULL;
	unsigned nr = 0, alloc = 0, i, oldest;

	while (d && (e = readdir(d))) {
		size_t len = strlen(e->d_name);
		struct stat st;
		char *path;

		path = wl_xasprintf("%s/%s", dir, e->d_name);
		if (stat(path, &st) == 0 && stale_temporary(e->d_name, &st))
			unlink(path);
		if (len == 36 && !strcmp(e->d_name + 32, ".pch") &&
		    stat(path, &st) == 0) {
			WL_GROW(v, nr, alloc);
			v[nr].ns = mtime_ns(&st);
			v[nr++].stem = wl_xstrndup(path, strlen(path) - 4);
		}
		free(path);
	}
	if (d)
		closedir(d);
	while (nr > WL_PCH_KEEP) {
		char *pch_path, *deps_path;

		for (oldest = 0, i = 1; i < nr; i++)
			if (v[i].ns < v[oldest].ns)
				oldest = i;
		pch_path = wl_xasprintf("%s.pch", v[oldest].stem);
		deps_path = wl_xasprintf("%s.deps", v[oldest].stem);
		unlink(pch_path);
		unlink(deps_path);
		free(pch_path);
		free(deps_path);
		free(v[oldest].stem);
		v[oldest] = v[--nr];
	}
	for (i = 0; i < nr; i++)
		free(v[i].stem);
	free(v);
}

/* Parse @header for serialization and save it as @path; 0 or -1. */
static int make_pch(struct wl_pch *pch, CXIndex index, const char *header,
		    const char *const *args, unsigned nr_args,
		    struct CXUnsavedFile *files, unsigned nr_files,
		    const char *path, const char *deps_path)
{
	CXTranslationUnit tu = NULL;
	char *tmp = NULL, *deps_tmp = NULL;
	const char **all_args;
	enum CXErrorCode code;
	int fd, ret = -1;

	if (wl_make_dirs(pch->dir) < 0)
		return -1;
	all_args = wl_xmalloc((nr_args + 1) * sizeof(*all_args));
	memcpy(all_args, args, nr_args * sizeof(*all_args));
	all_args[nr_args] = instantiate_templates;
	code = clang_parseTranslationUnit2(
		index, header, all_args, (int)nr_args + 1, files, nr_files,
		CXTranslationUnit_ForSerialization |
			CXTranslationUnit_Incomplete |
			CXTranslationUnit_DetailedPreprocessingRecord,
		&tu);
	free(all_args);
	if (code != CXError_Success || !tu)
		return -1;
	/* flags under which the shim does not parse: parse it as text */
	if (wl_tu_has_errors(tu))
		goto out;
	tmp = wl_xasprintf("%s.XXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0)
		goto out;
	close(fd);
	if (clang_saveTranslationUnit(tu, tmp, clang_defaultSaveOptions(tu)) !=
	    CXSaveError_None)
		goto out;
	deps_tmp = write_deps(tu, deps_path);
	if (!deps_tmp || rename(deps_tmp, deps_path) < 0 ||
	    rename(tmp, path) < 0)
		goto out;
	ret = 0;
	trim(pch->dir);
out:
	if (ret < 0 && tmp)
		unlink(tmp);
	if (ret < 0 && deps_tmp)
		unlink(deps_tmp);
	free(tmp);
	free(deps_tmp);
	clang_disposeTranslationUnit(tu);
	return ret;
}

/* Whether one more PCH may be made in this run (WL_PCH_FREE_MADE). */
static bool may_make(const struct wl_pch *pch)
{
	return pch->made < WL_PCH_FREE_MADE ||
	       pch->made * WL_PCH_MADE_PER_ASKED <= pch->asked;
}

const char *wl_pch_get(struct wl_pch *pch, CXIndex index, const char *header,
		       const char *const *args, unsigned nr_args,
		       struct CXUnsavedFile *files, unsigned nr_files)
{
	struct pch_entry *e;
	char *key, *path, *deps_path;
	const char *ready = NULL;
	bool usable;

	if (!pch)
		return NULL;
	key = make_key(header, args, nr_args, files, nr_files);
	pthread_mutex_lock(&pch->lock);
	pch->asked++;
	e = find_entry(pch, key);
	if (e) {
		free(key);
		goto out;
	}
	path = wl_xasprintf("%s/%s.pch", pch->dir, key);
	deps_path = wl_xasprintf("%s/%s.deps", pch->dir, key);
	usable = access(path, R_OK) == 0 && deps_unchanged(deps_path);
	/* flags that change with every file: the shim as text, no entry */
	if (!usable && !may_make(pch)) {
		free(key);
		free(path);
		free(deps_path);
		pthread_mutex_unlock(&pch->lock);
		return NULL;
	}
	WL_GROW(pch->v, pch->nr, pch->alloc);
	e = &pch->v[pch->nr++];
	e->key = key;
	e->path = path;
	e->state = PCH_READY;
	if (!usable) {
		pch->made++;
		if (make_pch(pch, index, header, args, nr_args, files,
			     nr_files, path, deps_path) < 0)
			e->state = PCH_BAD;
		if (pch->verbose)
			fprintf(pch->verbose, e->state == PCH_READY
				? "warplint: the shim precompiled for these "
				  "flags: %s\n"
				: "warplint: the shim could not be precompiled "
				  "for these flags (%s); parsed as text\n",
				path);
	}
	free(deps_path);
out:
	if (e->state == PCH_READY)
		ready = e->path;
	pthread_mutex_unlock(&pch->lock);
	return ready;
}

/* Whether a diagnostic of @tu is a fatal error about the PCH @path. */
static bool pch_refused(CXTranslationUnit tu, const char *path)
{
	unsigned i, n = clang_getNumDiagnostics(tu);
	bool refused = false;

	/* after every parse: only a fatal diagnostic is spelled out */
	for (i = 0; i < n && !refused; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		CXString s;
		const char *text;

		if (clang_getDiagnosticSeverity(d) != CXDiagnostic_Fatal) {
			clang_disposeDiagnostic(d);
			continue;
		}
		s = clang_getDiagnosticSpelling(d);
		text = clang_getCString(s);
		refused = text && (strstr(text, path) ||
				   strstr(text, "precompiled") ||
				   strstr(text, "PCH"));
		clang_disposeString(s);
		clang_disposeDiagnostic(d);
	}
	return refused;
}

bool wl_pch_failed(struct wl_pch *pch, const char *path,
		   CXTranslationUnit tu)
{
	unsigned i;

	if (!pch || !path || (tu && !pch_refused(tu, path)))
		return false;
	pthread_mutex_lock(&pch->lock);
	for (i = 0; i < pch->nr; i++)
		if (!strcmp(pch->v[i].path, path) &&
		    pch->v[i].state == PCH_READY) {
			pch->v[i].state = PCH_BAD;
			if (pch->verbose)
				fprintf(pch->verbose, "warplint: libclang "
					"refused %s (dropped); the shim is "
					"parsed as text\n", path);
			/* made again by the next run */
			unlink(path);
		}
	pthread_mutex_unlock(&pch->lock);
	return true;
}
