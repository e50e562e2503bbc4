/* SPDX-License-Identifier: MIT */
/* Writing a fixed file without ever leaving it half-written. */
#include "fixits/write.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyzer/source.h"
#include "analyzer/util.h"

static int write_all(int fd, const char *p, size_t len)
{
	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* Whether the file at @path still holds exactly @src's text. */
static int still_same(const char *path, const struct wl_source *src)
{
	struct wl_source now;
	char *err = NULL;
	int same;

	if (wl_source_load(&now, path, &err) < 0) {
		free(err);
		wl_source_release(&now);
		return 0;
	}
	same = now.len == src->len && !memcmp(now.text, src->text, src->len);
	wl_source_release(&now);
	return same;
}

int wl_write_atomic(const struct wl_source *src, const char *text, size_t len,
		    char **err)
{
	char *target = realpath(src->path, NULL);
	char *tmp = NULL, *slash;
	struct stat st;
	int fd = -1, lock = -1, ret = -1;

	if (!target) {
		*err = wl_xasprintf("cannot resolve path: %s", strerror(errno));
		return -1;
	}
	if (stat(target, &st) < 0) {
		*err = wl_xasprintf("cannot stat: %s", strerror(errno));
		goto out;
	}
	if (access(target, W_OK) < 0) {
		*err = wl_xasprintf("not writable: %s", strerror(errno));
		goto out;
	}
	/*
	 * Serialise concurrent warplint --fix runs on one file: the second
	 * waits, then sees the file changed and refuses instead of losing
	 * the first one's edits.
	 */
	lock = open(target, O_RDONLY | O_CLOEXEC);
	if (lock >= 0)
		flock(lock, LOCK_EX);
	if (!still_same(target, src)) {
		*err = wl_xstrdup("file changed since it was read; not "
				  "writing fixes (run warplint again)");
		goto out;
	}
	slash = strrchr(target, '/');
	tmp = wl_xasprintf("%.*s/.%s.warplint-XXXXXX",
			   (int)(slash ? slash - target : 1),
			   slash ? target : ".", slash ? slash + 1 : target);
	fd = mkstemp(tmp);
	if (fd < 0) {
		*err = wl_xasprintf("cannot create temporary file: %s",
				    strerror(errno));
		free(tmp);
		tmp = NULL;
		goto out;
	}
	if (write_all(fd, text, len) < 0 || fchmod(fd, st.st_mode & 07777) < 0 ||
	    fsync(fd) < 0) {
		*err = wl_xasprintf("cannot write temporary file: %s",
				    strerror(errno));
		goto out;
	}
	if (fchown(fd, st.st_uid, st.st_gid) < 0) {
		/* Not owner: keep going, the mode is what matters. */
	}
	if (close(fd) < 0) {
		fd = -1;
		*err = wl_xasprintf("cannot write temporary file: %s",
				    strerror(errno));
		goto out;
	}
	fd = -1;
	if (rename(tmp, target) < 0) {
		*err = wl_xasprintf("cannot replace file: %s", strerror(errno));
		goto out;
	}
	free(tmp);
	tmp = NULL;
	ret = 0;
out:
	if (fd >= 0)
		close(fd);
	if (tmp) {
		unlink(tmp);
		free(tmp);
	}
	if (lock >= 0)
		close(lock);	/* releases the flock */
	free(target);
	return ret;
}
