/* SPDX-License-Identifier: MIT */
/*
 * realpath() with the folders' resolutions kept (realpaths.h).
 *
 * For a path whose last part is a name (not `.` or `..`) that is no
 * symbolic link, the real path is the real path of its folder, as the
 * path spells the folder, followed by that name.
 */
#include "base/realpaths.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/util.h"

/* The real path of folder @dir (@n bytes), kept; NULL where it has none. */
static const char *real_folder(struct wl_realpaths *rp, const char *dir,
			       size_t n)
{
	uint64_t key = wl_fnv1a(dir, n);
	uint32_t i;
	char *spelt;

	if (wl_u64map_get(&rp->by_folder, key, &i)) {
		if (strlen(rp->spelt[i]) == n && !memcmp(rp->spelt[i], dir, n))
			return rp->real[i];
		return NULL;	/* two folders, one hash: ask the system */
	}
	spelt = wl_xstrndup(dir, n);
	WL_GROW(rp->spelt, rp->nr, rp->alloc);
	rp->real = wl_xrealloc(rp->real, rp->alloc * sizeof(*rp->real));
	rp->spelt[rp->nr] = spelt;
	rp->real[rp->nr] = realpath(spelt, NULL);
	wl_u64map_put(&rp->by_folder, key, rp->nr);
	return rp->real[rp->nr++];
}

char *wl_realpaths_get(struct wl_realpaths *rp, const char *path)
{
	const char *slash = strrchr(path, '/'), *name;
	const char *folder;
	struct stat st;

	name = slash ? slash + 1 : path;
	if (!*name || !strcmp(name, ".") || !strcmp(name, ".."))
		return realpath(path, NULL);
	if (lstat(path, &st) < 0)
		return NULL;
	if (S_ISLNK(st.st_mode))
		return realpath(path, NULL);
	if (!slash)
		folder = real_folder(rp, ".", 1);
	else if (slash == path)
		folder = real_folder(rp, "/", 1);
	else
		folder = real_folder(rp, path, (size_t)(slash - path));
	if (!folder)	/* an unreadable folder, or a collision */
		return realpath(path, NULL);
	if (!strcmp(folder, "/"))
		return wl_xasprintf("/%s", name);
	return wl_xasprintf("%s/%s", folder, name);
}

void wl_realpaths_release(struct wl_realpaths *rp)
{
	unsigned i;

	for (i = 0; i < rp->nr; i++) {
		free(rp->spelt[i]);
		free(rp->real[i]);
	}
	free(rp->spelt);
	free(rp->real);
	wl_u64map_release(&rp->by_folder);
	memset(rp, 0, sizeof(*rp));
}
