/* SPDX-License-Identifier: MIT */
/* Source buffers: reading a file whole, and byte offset <-> line:column. */
#include "base/source.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"

/*
 * The line index, built by the first question about lines.  @csrc is
 * const to its callers, who ask questions of it; the index is a cache
 * of its text, not a change to it.
 */
static const struct wl_source *lines_of(const struct wl_source *csrc)
{
	struct wl_source *src = (struct wl_source *)csrc;
	unsigned alloc = 0;
	size_t i;

	if (src->line_starts)
		return csrc;
	src->nr_lines = 0;
	/* dropped (wl_source_drop_text()): no lines */
	if (!src->text)
		return csrc;
	WL_GROW(src->line_starts, src->nr_lines, alloc);
	src->line_starts[src->nr_lines++] = 0;
	for (i = 0; i < src->len; i++) {
		const char *nl = memchr(src->text + i, '\n', src->len - i);

		if (!nl)
			break;
		i = (size_t)(nl - src->text);
		WL_GROW(src->line_starts, src->nr_lines, alloc);
		src->line_starts[src->nr_lines++] = (unsigned)(i + 1);
	}
	return csrc;
}

void wl_source_init_mem(struct wl_source *src, const char *path,
			const char *text, size_t len)
{
	memset(src, 0, sizeof(*src));
	src->path = wl_xstrdup(path);
	src->text = wl_xstrndup(text, len);
	src->len = len;
}

static int read_all(int fd, struct wl_source *src, size_t size)
{
	size_t got = 0;

	src->text = wl_xmalloc(size + 1);
	while (got < size) {
		ssize_t n = read(fd, src->text + got, size - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			break;
		got += (size_t)n;
	}
	src->len = got;
	src->text[got] = '\0';
	return 0;
}

int wl_source_load(struct wl_source *src, const char *path, char **err)
{
	struct stat st;
	int fd;

	memset(src, 0, sizeof(*src));
	src->path = wl_xstrdup(path);
	/*
	 * O_NONBLOCK: opening a FIFO for reading would otherwise wait for a
	 * writer forever (a FIFO among the inputs); we refuse anything but a regular
	 * file below, and regular files ignore the flag.
	 */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0) {
		*err = wl_xasprintf("cannot open: %s", strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) < 0) {
		*err = wl_xasprintf("cannot stat: %s", strerror(errno));
		goto fail;
	}
	if (S_ISDIR(st.st_mode)) {
		*err = wl_xstrdup("is a directory");
		goto fail;
	}
	if (!S_ISREG(st.st_mode)) {
		*err = wl_xstrdup("not a regular file");
		goto fail;
	}
	if ((unsigned long long)st.st_size > WL_SOURCE_MAX_BYTES) {
		*err = wl_xasprintf("file too large (%lld bytes, limit %u)",
				    (long long)st.st_size, WL_SOURCE_MAX_BYTES);
		goto fail;
	}
	if (read_all(fd, src, (size_t)st.st_size) < 0) {
		*err = wl_xasprintf("cannot read: %s", strerror(errno));
		goto fail;
	}
	if (memchr(src->text, '\0', src->len)) {
		*err = wl_xstrdup("binary file (contains NUL bytes), not "
				  "CUDA source");
		goto fail;
	}
	src->dev = st.st_dev;
	src->ino = st.st_ino;
	src->size = st.st_size;
	src->mtime = st.st_mtim;
	src->mode = st.st_mode;
	close(fd);
	return 0;
fail:
	close(fd);
	return -1;
}

void wl_source_release(struct wl_source *src)
{
	free(src->path);
	free(src->text);
	free(src->line_starts);
	memset(src, 0, sizeof(*src));
}

void wl_source_drop_text(struct wl_source *src)
{
	if (!src->text)
		return;
	src->text_hash = wl_fnv1a(src->text, src->len);
	free(src->text);
	free(src->line_starts);
	src->text = NULL;
	src->line_starts = NULL;
	src->nr_lines = 0;
}

bool wl_source_same_text(const struct wl_source *a, const struct wl_source *b)
{
	if (a->len != b->len)
		return false;
	if (a->text && b->text)
		return !memcmp(a->text, b->text, a->len);
	return (a->text ? wl_fnv1a(a->text, a->len) : a->text_hash) ==
	       (b->text ? wl_fnv1a(b->text, b->len) : b->text_hash);
}

unsigned wl_source_nr_lines(const struct wl_source *src)
{
	return lines_of(src)->nr_lines;
}

void wl_source_line_col(const struct wl_source *src, unsigned offset,
			unsigned *line, unsigned *col)
{
	unsigned lo = 0, hi = lines_of(src)->nr_lines;

	/* Find the last line that starts at or before @offset. */
	while (hi - lo > 1) {
		unsigned mid = lo + (hi - lo) / 2;

		if (src->line_starts[mid] <= offset)
			lo = mid;
		else
			hi = mid;
	}
	*line = lo + 1;
	*col = offset - src->line_starts[lo] + 1;
}

unsigned wl_source_offset(const struct wl_source *src, unsigned line,
			  unsigned col)
{
	unsigned off;

	if (line < 1)
		return 0;
	if (line > lines_of(src)->nr_lines)
		return (unsigned)src->len;
	off = src->line_starts[line - 1] + (col ? col - 1 : 0);
	return off > src->len ? (unsigned)src->len : off;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

unsigned wl_source_skip_blanks(const struct wl_source *src, unsigned off)
{
	while (off < src->len && is_blank(src->text[off]))
		off++;
	return off;
}

unsigned wl_source_blanks_before(const struct wl_source *src, unsigned off)
{
	while (off > 0 && is_blank(src->text[off - 1]))
		off--;
	return off;
}

const char *wl_source_line(const struct wl_source *src, unsigned line,
			   size_t *len)
{
	const char *start, *end;

	if (line < 1 || line > lines_of(src)->nr_lines) {
		*len = 0;
		return "";
	}
	start = src->text + src->line_starts[line - 1];
	end = line < src->nr_lines ? src->text + src->line_starts[line] - 1
				   : src->text + src->len;
	if (end > start && end[-1] == '\r')
		end--;
	*len = (size_t)(end - start);
	return start;
}

bool wl_source_unchanged_on_disk(const struct wl_source *src)
{
	struct stat st;

	if (stat(src->path, &st) < 0)
		return false;
	return st.st_dev == src->dev && st.st_ino == src->ino &&
	       st.st_size == src->size &&
	       st.st_mtim.tv_sec == src->mtime.tv_sec &&
	       st.st_mtim.tv_nsec == src->mtime.tv_nsec;
}

const char *wl_source_newline(const struct wl_source *src)
{
	const char *nl = memchr(src->text, '\n', src->len);

	return nl && nl > src->text && nl[-1] == '\r' ? "\r\n" : "\n";
}

char *wl_source_code_only(const char *text, size_t len)
{
	char *out = wl_xmalloc(len + 1);
	size_t i = 0;

	memcpy(out, text, len);
	out[len] = '\0';
	while (i < len) {
		char c = out[i];

		if (c == '"' || c == '\'') {
			for (i++; i < len && out[i] != c && out[i] != '\n'; i++)
				if (out[i] == '\\')
					i++;
			i++;
		} else if (c == '/' && i + 1 < len && out[i + 1] == '/') {
			while (i < len && out[i] != '\n')
				out[i++] = ' ';
		} else if (c == '/' && i + 1 < len && out[i + 1] == '*') {
			out[i++] = ' ';
			out[i++] = ' ';
			while (i < len && !(out[i] == '*' && i + 1 < len &&
					    out[i + 1] == '/')) {
				if (out[i] != '\n')
					out[i] = ' ';
				i++;
			}
			/* the closing star and slash */
			if (i < len)
				out[i++] = ' ';
			if (i < len)
				out[i++] = ' ';
		} else {
			i++;
		}
	}
	return out;
}
