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

#include "base/source.h"
#include "base/util.h"

/*
 * Test hooks, read here only, so that tests/scripts/test_fix_safety.sh can
 * act deterministically between reading a file and replacing it:
 *   WARPLINT_TEST_PAUSE_BEFORE_WRITE=S  sleep S seconds before checking
 *       that the file is unchanged (to change it meanwhile);
 *   WARPLINT_TEST_PAUSE_MID_WRITE=S  write half of the temporary file,
 *       then sleep S seconds (to kill -9 the process mid-write).
 * Unset, they cost one getenv() per written file.
 */
static void test_pause(const char *name)
{
	const char *v = getenv(name);
	unsigned s = v ? (unsigned)strtoul(v, NULL, 10) : 0;

	if (!s)
		return;
	/* The tests wait for this line rather than guessing with sleep. */
	fprintf(stderr, "warplint: test hook: %s, pausing %u s\n", name, s);
	while (s)
		s = sleep(s);
}

/*
 * Make the rename itself durable: without syncing the directory, a crash
 * right after it may bring back the old name (still a whole file).
 * Failure here is not an error: the new contents are already in place.
 */
static void sync_dir(const char *target)
{
	const char *slash = strrchr(target, '/');
	char *dir = slash && slash != target ?
			    wl_xstrndup(target, (size_t)(slash - target)) :
			    wl_xstrdup(slash ? "/" : ".");
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
	free(dir);
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
	/*
	 * A file nobody may write is read-only on purpose (a locked
	 * checkout, a vendored header); root could replace it anyway, since
	 * rename() only needs the directory, so check the mode as well.
	 */
	if (!(st.st_mode & 0222)) {
		*err = wl_xstrdup("file is read-only; not writing fixes");
		goto out;
	}
	if (access(target, W_OK) < 0) {
		*err = wl_xasprintf("not writable: %s", strerror(errno));
		goto out;
	}
	test_pause("WARPLINT_TEST_PAUSE_BEFORE_WRITE");
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
	if (getenv("WARPLINT_TEST_PAUSE_MID_WRITE")) {
		if (wl_write_all(fd, text, len / 2) < 0 || fsync(fd) < 0) {
			*err = wl_xasprintf("cannot write temporary file: %s",
					    strerror(errno));
			goto out;
		}
		test_pause("WARPLINT_TEST_PAUSE_MID_WRITE");
		text += len / 2;
		len -= len / 2;
	}
	if (wl_write_all(fd, text, len) < 0 || fchmod(fd, st.st_mode & 07777) < 0 ||
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
	sync_dir(target);
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
