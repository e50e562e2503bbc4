/* SPDX-License-Identifier: MIT */
/* Allocation that cannot fail, growable arrays and a string builder. */
#include "base/util.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void die_oom(size_t size)
{
	fprintf(stderr, "warplint: out of memory (%zu bytes)\n", size);
	abort();
}

void *wl_xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		die_oom(size);
	return p;
}

void *wl_xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (!p)
		die_oom(nmemb * size);
	return p;
}

void *wl_xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);

	if (!p)
		die_oom(size);
	return p;
}

char *wl_xstrdup(const char *s)
{
	return wl_xstrndup(s, strlen(s));
}

uint64_t wl_fnv1a(const void *data, size_t n)
{
	const unsigned char *p = data;
	uint64_t h = 14695981039346656037ull;
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= p[i];
		h *= 1099511628211ull;
	}
	return h;
}

char *wl_xstrndup(const char *s, size_t n)
{
	char *p = wl_xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *wl_xvasprintf(const char *fmt, va_list ap)
{
	va_list cp;
	int n;
	char *p;

	va_copy(cp, ap);
	n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0)
		die_oom(0);
	p = wl_xmalloc((size_t)n + 1);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	return p;
}

char *wl_xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = wl_xvasprintf(fmt, ap);
	va_end(ap);
	return p;
}

int wl_write_all(int fd, const char *p, size_t len)
{
	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

bool wl_ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

bool wl_starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

bool wl_ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && strcmp(s + n - m, suffix) == 0;
}

bool wl_path_is_header(const char *path)
{
	static const char *const exts[] = {
		".h", ".hh", ".hpp", ".hxx", ".cuh", ".inl", ".inc", ".tcc",
	};
	const char *dot = strrchr(path, '.');
	unsigned i;

	for (i = 0; dot && i < WL_ARRAY_SIZE(exts); i++)
		if (!strcmp(dot, exts[i]))
			return true;
	return false;
}

void wl_fold_name(const char *name, char *buf, size_t size)
{
	size_t n = 0;

	for (; *name && n + 1 < size; name++)
		if (*name != '_')
			buf[n++] = (char)tolower((unsigned char)*name);
	buf[n] = '\0';
}

static void buf_reserve(struct wl_buf *buf, size_t extra)
{
	if (buf->len + extra + 1 <= buf->alloc)
		return;
	buf->alloc = buf->alloc ? buf->alloc : 64;
	while (buf->len + extra + 1 > buf->alloc)
		buf->alloc *= 2;
	buf->s = wl_xrealloc(buf->s, buf->alloc);
}

void wl_buf_add(struct wl_buf *buf, const char *data, size_t len)
{
	buf_reserve(buf, len);
	memcpy(buf->s + buf->len, data, len);
	buf->len += len;
	buf->s[buf->len] = '\0';
}

void wl_buf_adds(struct wl_buf *buf, const char *s)
{
	wl_buf_add(buf, s, strlen(s));
}

void wl_buf_addc(struct wl_buf *buf, char c)
{
	wl_buf_add(buf, &c, 1);
}

void wl_buf_addf(struct wl_buf *buf, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = wl_xvasprintf(fmt, ap);
	va_end(ap);
	wl_buf_adds(buf, s);
	free(s);
}

char *wl_buf_detach(struct wl_buf *buf)
{
	char *s = buf->s ? buf->s : wl_xstrdup("");

	buf->s = NULL;
	buf->len = buf->alloc = 0;
	return s;
}

void wl_buf_release(struct wl_buf *buf)
{
	free(buf->s);
	buf->s = NULL;
	buf->len = buf->alloc = 0;
}

struct wl_arena_block {
	struct wl_arena_block *next;
	size_t used, size;
	max_align_t data[];
};

#define ARENA_BLOCK_SIZE (64 * 1024)

void *wl_arena_alloc(struct wl_arena *arena, size_t size)
{
	struct wl_arena_block *b = arena->head;
	size_t align = sizeof(max_align_t);
	void *p;

	size = (size + align - 1) / align * align;
	if (!b || b->used + size > b->size) {
		size_t want = size > ARENA_BLOCK_SIZE ? size : ARENA_BLOCK_SIZE;

		b = wl_xmalloc(sizeof(*b) + want);
		b->next = arena->head;
		b->used = 0;
		b->size = want;
		arena->head = b;
	}
	p = (char *)b->data + b->used;
	b->used += size;
	memset(p, 0, size);
	return p;
}

char *wl_arena_strdup(struct wl_arena *arena, const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = wl_arena_alloc(arena, n);

	memcpy(p, s, n);
	return p;
}

void wl_arena_release(struct wl_arena *arena)
{
	struct wl_arena_block *b = arena->head;

	while (b) {
		struct wl_arena_block *next = b->next;

		free(b);
		b = next;
	}
	arena->head = NULL;
}

void wl_strvec_push(struct wl_strvec *vec, const char *s)
{
	WL_GROW(vec->v, vec->nr, vec->alloc);
	vec->v[vec->nr++] = wl_xstrdup(s);
}

void wl_strvec_release(struct wl_strvec *vec)
{
	unsigned i;

	for (i = 0; i < vec->nr; i++)
		free(vec->v[i]);
	free(vec->v);
	vec->v = NULL;
	vec->nr = vec->alloc = 0;
}

int wl_make_dirs(const char *path)
{
	char *p = wl_xstrdup(path), *s = p;
	int ret = 0;

	do {
		s = strchr(s + 1, '/');
		if (s)
			*s = '\0';
		if (mkdir(p, 0777) < 0 && errno != EEXIST)
			ret = -1;
		if (s)
			*s = '/';
	} while (s && !ret);
	free(p);
	return ret;
}
