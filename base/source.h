/* SPDX-License-Identifier: MIT */
/* Source buffers: reading a file whole, and byte offset <-> line:column. */
#ifndef WL_BASE_SOURCE_H
#define WL_BASE_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

/* Files larger than this are refused rather than parsed. */
#define WL_SOURCE_MAX_BYTES (64u * 1024 * 1024)

struct wl_source {
	char *path;		/* as named by the user */
	char *text;		/* NUL-terminated copy of the contents */
	size_t len;
	/*
	 * Offset of each line's first byte, built on first use (a cached run
	 * reads every file and needs no line of most): read them through
	 * the functions below, which is why a source belongs to one thread
	 * at a time.
	 */
	unsigned *line_starts;
	unsigned nr_lines;
	/*
	 * wl_source_drop_text() keeps len and this hash of the text it
	 * freed (text is NULL then).
	 */
	uint64_t text_hash;
	/* Identity of the file when it was read, to refuse stale fixes. */
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime;
	mode_t mode;
};

/*
 * Read @path whole into @src.  On failure returns -1 and sets *@err to an
 * allocated message that names the problem (the caller adds the path).
 */
int wl_source_load(struct wl_source *src, const char *path, char **err);

/* Take a copy of @len bytes of @text as source named @path (tests, fuzzing). */
void wl_source_init_mem(struct wl_source *src, const char *path,
			const char *text, size_t len);

void wl_source_release(struct wl_source *src);

/*
 * Free @src's text and line table, keeping its length and a hash of the
 * text: a file with nothing to report needs no more, and a run over a
 * thousand files would otherwise hold every one of them to the end.
 */
void wl_source_drop_text(struct wl_source *src);

/* Whether @a and @b hold the same text (by hash where one was dropped). */
bool wl_source_same_text(const struct wl_source *a,
			 const struct wl_source *b);

/* The number of lines (a last line without a newline counts). */
unsigned wl_source_nr_lines(const struct wl_source *src);

/* 1-based line and byte column of @offset, as clang counts them. */
void wl_source_line_col(const struct wl_source *src, unsigned offset,
			unsigned *line, unsigned *col);

/* Byte offset of 1-based @line and @col; clamped to the buffer. */
unsigned wl_source_offset(const struct wl_source *src, unsigned line,
			  unsigned col);

/* The first offset at or after @off that is no blank (' ' or '\t'). */
unsigned wl_source_skip_blanks(const struct wl_source *src, unsigned off);

/* Where the run of blanks that ends at @off begins (@off if none). */
unsigned wl_source_blanks_before(const struct wl_source *src, unsigned off);

/* Start of 1-based @line and its length without the line terminator. */
const char *wl_source_line(const struct wl_source *src, unsigned line,
			   size_t *len);

/* Whether the file on disk still has the identity recorded at load time. */
bool wl_source_unchanged_on_disk(const struct wl_source *src);

/* "\r\n" if the file's first line ends that way, else "\n". */
const char *wl_source_newline(const struct wl_source *src);

/*
 * A copy of C text @text (@len bytes, NUL-terminated in the copy) with
 * every comment's characters turned into spaces, newlines kept, so
 * that offsets and lines still match; string and character literals
 * (a PTX string's `//`) are left as they are.  The caller frees it.
 */
char *wl_source_code_only(const char *text, size_t len);

#endif
