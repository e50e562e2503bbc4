/* SPDX-License-Identifier: MIT */
/*
 * What discovery finds above a file (the nearest .warplint, the compile
 * database clangd would use, the repository), asked once per folder in a
 * run: each ask walks every ancestor with access(), and a run over a tree
 * asks it for every file, most of them in a few folders (a third of a
 * cached run's work over 200 files went here).  Asked from the main
 * thread only (setting the jobs up, building the report): no lock.
 */
#include <stdlib.h>
#include <string.h>

#include "analyzer/incguess.h"
#include "base/util.h"
#include "driver/compdb.h"
#include "driver/config.h"
#include "driver/runint.h"

struct found_above {
	char *dir;		/* realpath() of the files' folder */
	char *config;		/* the nearest .warplint, or NULL */
	char *compdb;		/* the nearest compile database's folder */
	char *repo;		/* the repository's root (wl_repo_root()) */
	bool compdb_known, repo_known;
};

/*
 * The index of @path's folder's entry, made on first ask; -1: no such
 * file.  Not remembered for the next ask.
 */
static int folder_index(struct run_state *rs, const char *path)
{
	char *real = wl_realpaths_get(&rs->folders, path), *slash;
	struct found_above *f;
	unsigned i;

	if (!real)
		return -1;
	slash = strrchr(real, '/');
	if (slash)
		slash[slash == real ? 1 : 0] = '\0';
	for (i = rs->nr_found; i-- > 0;)
		if (!strcmp(rs->found[i].dir, real)) {
			free(real);
			return (int)i;
		}
	WL_GROW(rs->found, rs->nr_found, rs->alloc_found);
	f = &rs->found[rs->nr_found];
	memset(f, 0, sizeof(*f));
	f->dir = real;
	f->config = wl_config_find(path);
	return (int)rs->nr_found++;
}

/*
 * The entry of @path's folder.  A job's set-up asks for one file three
 * times in a row (its .warplint, repository, database): its realpath()
 * (a readlink() per folder level) is taken once.
 */
static struct found_above *folder_of(struct run_state *rs, const char *path)
{
	int i;

	if (rs->found_path && !strcmp(rs->found_path, path))
		return &rs->found[rs->found_last];
	i = folder_index(rs, path);
	if (i < 0)
		return NULL;
	free(rs->found_path);
	rs->found_path = wl_xstrdup(path);
	rs->found_last = (unsigned)i;
	return &rs->found[i];
}

char *run_find_config(struct run_state *rs, const char *path)
{
	struct found_above *f = folder_of(rs, path);

	return f && f->config ? wl_xstrdup(f->config) : NULL;
}

/* *@slot, found by @find(@path) on the first ask for the folder. */
static char *ask_once(char **slot, bool *known, char *(*find)(const char *),
		      const char *path)
{
	if (!*known) {
		*slot = find(path);
		*known = true;
	}
	return *slot ? wl_xstrdup(*slot) : NULL;
}

char *run_find_compdb(struct run_state *rs, const char *path)
{
	struct found_above *f = folder_of(rs, path);

	return f ? ask_once(&f->compdb, &f->compdb_known, wl_compdb_find, path)
		 : NULL;
}

char *run_find_repo(struct run_state *rs, const char *path)
{
	struct found_above *f = folder_of(rs, path);

	return f ? ask_once(&f->repo, &f->repo_known, wl_repo_root, path)
		 : NULL;
}

void run_found_release(struct run_state *rs)
{
	unsigned i;

	for (i = 0; i < rs->nr_found; i++) {
		free(rs->found[i].dir);
		free(rs->found[i].config);
		free(rs->found[i].compdb);
		free(rs->found[i].repo);
	}
	free(rs->found);
	free(rs->found_path);
	wl_realpaths_release(&rs->folders);
	rs->found = NULL;
	rs->found_path = NULL;
	rs->nr_found = rs->alloc_found = 0;
}
