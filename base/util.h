/* SPDX-License-Identifier: MIT */
/* Allocation that cannot fail, growable arrays and a string builder. */
#ifndef WL_BASE_UTIL_H
#define WL_BASE_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define WL_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/*
 * Grow array @arr holding @nr elements with room for @alloc so that one more
 * element fits.  Doubles the room, as git's ALLOC_GROW does.
 */
#define WL_GROW(arr, nr, alloc)                                               \
	do {                                                                  \
		if ((nr) >= (alloc)) {                                        \
			(alloc) = (alloc) ? 2 * (alloc) : 8;                  \
			(arr) = wl_xrealloc((arr), (alloc) * sizeof(*(arr))); \
		}                                                             \
	} while (0)

/* These abort with a message when memory runs out; they never return NULL. */
void *wl_xmalloc(size_t size);
void *wl_xcalloc(size_t nmemb, size_t size);
void *wl_xrealloc(void *ptr, size_t size);
char *wl_xstrdup(const char *s);
char *wl_xstrndup(const char *s, size_t n);

/* mkdir -p @path; 0, or -1 with errno set. */
int wl_make_dirs(const char *path);
char *wl_xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *wl_xvasprintf(const char *fmt, va_list ap);

bool wl_starts_with(const char *s, const char *prefix);
/* Whether @c may be part of a C identifier. */
bool wl_ident_char(char c);

/* FNV-1a over @n bytes of @data: a hash for tables and identities. */
uint64_t wl_fnv1a(const void *data, size_t n);

/* Write all @len bytes to @fd, retrying short writes and EINTR; 0 or -1. */
int wl_write_all(int fd, const char *p, size_t len);
bool wl_ends_with(const char *s, const char *suffix);
/* A header by its extension (.h, .cuh, .hpp, .inl...). */
bool wl_path_is_header(const char *path);

/*
 * @name lower-cased without underscores into @buf (@size bytes, cut to
 * fit): `LaneId`, `lane_id` and `LANE_ID` all read "laneid".
 */
void wl_fold_name(const char *name, char *buf, size_t size);

/* A growable NUL-terminated string; the caller owns buf->s. */
struct wl_buf {
	char *s;
	size_t len;
	size_t alloc;
};

#define WL_BUF_INIT { NULL, 0, 0 }

void wl_buf_add(struct wl_buf *buf, const char *data, size_t len);
void wl_buf_adds(struct wl_buf *buf, const char *s);
void wl_buf_addc(struct wl_buf *buf, char c);
void wl_buf_addf(struct wl_buf *buf, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Return the string (never NULL) and leave @buf empty. */
char *wl_buf_detach(struct wl_buf *buf);
void wl_buf_release(struct wl_buf *buf);

/*
 * A bump allocator: everything allocated from it is freed at once by
 * wl_arena_release().  The analyzer's per-file model lives in one.
 */
struct wl_arena_block;
struct wl_arena {
	struct wl_arena_block *head;
};

void *wl_arena_alloc(struct wl_arena *arena, size_t size);
char *wl_arena_strdup(struct wl_arena *arena, const char *s);
void wl_arena_release(struct wl_arena *arena);

/* A growable, owning list of strings. */
struct wl_strvec {
	char **v;
	unsigned nr, alloc;
};

void wl_strvec_push(struct wl_strvec *vec, const char *s);
void wl_strvec_release(struct wl_strvec *vec);

#endif
