/* SPDX-License-Identifier: MIT */
/*
 * The incremental cache on disk.  Layout, under the cache folder:
 *
 *   results/ab/ab0123...ef     one entry per (path, salt): 32 hex digits
 *                              of XXH3-128 over the salt and the path
 *
 * An entry, all integers little-endian as this machine writes them (the
 * cache is local; a foreign entry fails its checksum and is a miss):
 *
 *   "WLC1"  u32 version  u8[16] hash of the file's text
 *   u32 nr_deps, then per dependency: u32 length, the path, u8[16] hash
 *   u64 blob length, the blob
 *   u8[16] hash of everything before it
 *
 * Dependencies are hashed once per run (a header shared by many files is
 * read once) and compared by content, never by time stamp: a checkout or
 * a touch changes times, not results.
 */
#define _GNU_SOURCE	/* mkostemp */
#include "driver/cache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>

#include "base/source.h"
#include "base/util.h"

#define MAGIC "WLC1"
#define FORMAT 1u
/* Trim down to this share of the bound, so that trims stay rare. */
#define TRIM_TO_PERCENT 80

struct dep_hash {
	char *path;
	bool ok;		/* the file could be read */
	XXH128_hash_t hash;
};

struct wl_cache {
	char *dir;
	size_t max_bytes;
	pthread_mutex_t lock;
	/* Files hashed this run: open addressing on the path's hash. */
	struct dep_hash *deps;
	unsigned nr_deps, nr_slots;
	unsigned hits, misses, stores;
};

static char *slurp(const char *path, size_t *len);

char *wl_cache_default_dir(void)
{
	const char *v = getenv("WARPLINT_CACHE_DIR");

	if (v && *v)
		return wl_xstrdup(v);
	v = getenv("XDG_CACHE_HOME");
	if (v && *v == '/')
		return wl_xasprintf("%s/warplint", v);
	v = getenv("HOME");
	if (v && *v)
		return wl_xasprintf("%s/.cache/warplint", v);
	return NULL;
}

char *wl_cache_build_id(void)
{
	size_t len = 0;
	char *text = slurp("/proc/self/exe", &len);
	XXH128_hash_t h;

	if (!text)
		return NULL;
	h = XXH3_128bits(text, len);
	free(text);
	return wl_xasprintf("%016llx%016llx", (unsigned long long)h.high64,
			    (unsigned long long)h.low64);
}

struct wl_cache *wl_cache_open(const char *dir, size_t max_bytes, char **err)
{
	struct wl_cache *c;
	char *results = wl_xasprintf("%s/results", dir);

	if (wl_make_dirs(results) < 0 || access(results, W_OK) < 0) {
		*err = wl_xasprintf("cannot use the cache folder %s: %s", dir,
				    strerror(errno));
		free(results);
		return NULL;
	}
	free(results);
	c = wl_xcalloc(1, sizeof(*c));
	c->dir = wl_xstrdup(dir);
	c->max_bytes = max_bytes ? max_bytes : WL_CACHE_MAX_BYTES;
	pthread_mutex_init(&c->lock, NULL);
	return c;
}

static char *entry_path(const struct wl_cache *c, const char *salt,
			const char *path, bool make_dir)
{
	XXH3_state_t *st = XXH3_createState();
	XXH128_hash_t h;
	char *sub, *full;

	XXH3_128bits_reset(st);
	XXH3_128bits_update(st, salt, strlen(salt) + 1);
	XXH3_128bits_update(st, path, strlen(path) + 1);
	h = XXH3_128bits_digest(st);
	XXH3_freeState(st);
	sub = wl_xasprintf("%s/results/%02x", c->dir,
			   (unsigned)(h.high64 >> 56));
	if (make_dir)
		mkdir(sub, 0777);
	full = wl_xasprintf("%s/%016llx%016llx", sub,
			    (unsigned long long)h.high64,
			    (unsigned long long)h.low64);
	free(sub);
	return full;
}

/* Read all of @path; NULL (errno set) if it cannot be read. */
static char *slurp(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	char *buf;
	size_t got = 0;

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    st.st_size > (off_t)WL_SOURCE_MAX_BYTES) {
		close(fd);
		return NULL;
	}
	buf = wl_xmalloc((size_t)st.st_size + 1);
	while (got < (size_t)st.st_size) {
		ssize_t n = read(fd, buf + got, (size_t)st.st_size - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	*len = got;
	return buf;
}

/* The slot of @path in the table of hashed files (empty if absent). */
static struct dep_hash *dep_slot(struct dep_hash *slots, unsigned nr_slots,
				 const char *path)
{
	unsigned i = (unsigned)XXH3_64bits(path, strlen(path)) % nr_slots;

	while (slots[i].path && strcmp(slots[i].path, path))
		i = (i + 1) % nr_slots;
	return &slots[i];
}

static void dep_table_grow(struct wl_cache *c)
{
	struct dep_hash *old = c->deps;
	unsigned n = c->nr_slots, i;

	c->nr_slots = n ? 2 * n : 256;
	c->deps = wl_xcalloc(c->nr_slots, sizeof(*c->deps));
	for (i = 0; i < n; i++)
		if (old[i].path)
			*dep_slot(c->deps, c->nr_slots, old[i].path) = old[i];
	free(old);
}

/* The hash of the file @path now, once per run; false if unreadable. */
static bool dep_hash(struct wl_cache *c, const char *path, XXH128_hash_t *out)
{
	struct dep_hash *d;
	size_t len = 0;
	char *text;
	bool ok;

	pthread_mutex_lock(&c->lock);
	d = c->nr_slots ? dep_slot(c->deps, c->nr_slots, path) : NULL;
	if (d && d->path) {
		*out = d->hash;
		ok = d->ok;
		pthread_mutex_unlock(&c->lock);
		return ok;
	}
	pthread_mutex_unlock(&c->lock);
	/* Hash outside the lock: another worker may hash it too, harmlessly. */
	text = slurp(path, &len);
	ok = text != NULL;
	*out = ok ? XXH3_128bits(text, len) : (XXH128_hash_t){ 0, 0 };
	free(text);
	pthread_mutex_lock(&c->lock);
	if (2 * (c->nr_deps + 1) > c->nr_slots)
		dep_table_grow(c);
	d = dep_slot(c->deps, c->nr_slots, path);
	if (!d->path) {
		d->path = wl_xstrdup(path);
		d->ok = ok;
		d->hash = *out;
		c->nr_deps++;
	}
	pthread_mutex_unlock(&c->lock);
	return ok;
}

static void put_bytes(struct wl_buf *b, const void *p, size_t n)
{
	wl_buf_add(b, (const char *)p, n);
}

static void put_u32(struct wl_buf *b, uint32_t v)
{
	put_bytes(b, &v, sizeof(v));
}

static void put_hash(struct wl_buf *b, XXH128_hash_t h)
{
	XXH128_canonical_t canon;

	XXH128_canonicalFromHash(&canon, h);
	put_bytes(b, canon.digest, sizeof(canon.digest));
}

struct reader {
	const char *p;
	size_t left;
	bool bad;
};

static const char *take(struct reader *r, size_t n)
{
	const char *p = r->p;

	if (r->bad || r->left < n) {
		r->bad = true;
		return NULL;
	}
	r->p += n;
	r->left -= n;
	return p;
}

static uint32_t take_u32(struct reader *r)
{
	const char *p = take(r, sizeof(uint32_t));
	uint32_t v = 0;

	if (p)
		memcpy(&v, p, sizeof(v));
	return v;
}

static bool take_hash_equal(struct reader *r, XXH128_hash_t h)
{
	const char *p = take(r, sizeof(XXH128_canonical_t));
	XXH128_canonical_t canon;

	XXH128_canonicalFromHash(&canon, h);
	return p && !memcmp(p, canon.digest, sizeof(canon.digest));
}

/* Parse and check @entry; the blob's place and length on success. */
static bool entry_valid(struct wl_cache *c, const char *entry, size_t len,
			const struct wl_source *src, const char **blob,
			size_t *blob_len)
{
	struct reader r = { entry, len, false };
	const size_t tail = sizeof(XXH128_canonical_t);
	uint32_t nr, i;
	uint64_t n = 0;
	const char *p;

	/* The checksum first: a torn or foreign entry is a miss. */
	if (len < 4 + tail)
		return false;
	r.p = entry + len - tail;
	r.left = tail;
	if (!take_hash_equal(&r, XXH3_128bits(entry, len - tail)))
		return false;
	r.p = entry;
	r.left = len - tail;
	p = take(&r, 4);
	if (!p || memcmp(p, MAGIC, 4) || take_u32(&r) != FORMAT)
		return false;
	if (!take_hash_equal(&r, XXH3_128bits(src->text, src->len)))
		return false;
	nr = take_u32(&r);
	for (i = 0; i < nr && !r.bad; i++) {
		uint32_t plen = take_u32(&r);
		const char *path = take(&r, plen);
		XXH128_hash_t now;
		char *name;
		bool ok;

		if (!path)
			return false;
		name = wl_xstrndup(path, plen);
		ok = dep_hash(c, name, &now);
		free(name);
		if (!ok || !take_hash_equal(&r, now))
			return false;
	}
	p = take(&r, sizeof(n));
	if (!p)
		return false;
	memcpy(&n, p, sizeof(n));
	if (n != r.left)
		return false;
	*blob = r.p;
	*blob_len = (size_t)n;
	return true;
}

char *wl_cache_get(struct wl_cache *c, const char *salt,
		   const struct wl_source *src, size_t *len)
{
	char *path = entry_path(c, salt, src->path, false), *entry, *out = NULL;
	const char *blob;
	size_t elen = 0, blen;

	entry = slurp(path, &elen);
	if (entry && entry_valid(c, entry, elen, src, &blob, &blen)) {
		out = wl_xmalloc(blen + 1);
		memcpy(out, blob, blen);
		*len = blen;
		/* Least recently used goes first when trimming. */
		utimensat(AT_FDCWD, path, NULL, 0);
	}
	free(entry);
	free(path);
	pthread_mutex_lock(&c->lock);
	if (out)
		c->hits++;
	else
		c->misses++;
	pthread_mutex_unlock(&c->lock);
	return out;
}

void wl_cache_put(struct wl_cache *c, const char *salt,
		  const struct wl_source *src, const char *const *deps,
		  unsigned nr_deps, const char *blob, size_t len)
{
	struct wl_buf b = WL_BUF_INIT;
	char *path, *tmp;
	uint64_t n = len;
	unsigned i;
	int fd;

	put_bytes(&b, MAGIC, 4);
	put_u32(&b, FORMAT);
	put_hash(&b, XXH3_128bits(src->text, src->len));
	put_u32(&b, nr_deps);
	for (i = 0; i < nr_deps; i++) {
		XXH128_hash_t h;

		/* A dependency gone already: nothing to keep valid. */
		if (!dep_hash(c, deps[i], &h)) {
			wl_buf_release(&b);
			return;
		}
		put_u32(&b, (uint32_t)strlen(deps[i]));
		put_bytes(&b, deps[i], strlen(deps[i]));
		put_hash(&b, h);
	}
	put_bytes(&b, &n, sizeof(n));
	put_bytes(&b, blob, len);
	put_hash(&b, XXH3_128bits(b.s, b.len));

	path = entry_path(c, salt, src->path, true);
	tmp = wl_xasprintf("%s.tmp.XXXXXX", path);
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd >= 0) {
		bool ok = wl_write_all(fd, b.s, b.len) == 0;

		ok &= close(fd) == 0;
		/* Whole or not at all: rename is atomic. */
		if (!ok || rename(tmp, path) < 0)
			unlink(tmp);
		else {
			pthread_mutex_lock(&c->lock);
			c->stores++;
			pthread_mutex_unlock(&c->lock);
		}
	}
	free(tmp);
	free(path);
	wl_buf_release(&b);
}

void wl_cache_stats(const struct wl_cache *c, unsigned *hits, unsigned *misses,
		    unsigned *stores)
{
	*hits = c->hits;
	*misses = c->misses;
	*stores = c->stores;
}

struct aged {
	char *path;
	off_t size;
	struct timespec mtime;
};

static int oldest_first(const void *a, const void *b)
{
	const struct aged *x = a, *y = b;

	if (x->mtime.tv_sec != y->mtime.tv_sec)
		return x->mtime.tv_sec < y->mtime.tv_sec ? -1 : 1;
	if (x->mtime.tv_nsec != y->mtime.tv_nsec)
		return x->mtime.tv_nsec < y->mtime.tv_nsec ? -1 : 1;
	return strcmp(x->path, y->path);
}

/*
 * Delete the least recently used entries until the cache is under the
 * bound (down to TRIM_TO_PERCENT of it).  Also removes temporary files
 * older than an hour: a writer killed between create and rename.
 */
static void trim(struct wl_cache *c)
{
	char *root = wl_xasprintf("%s/results", c->dir);
	struct aged *v = NULL;
	unsigned nr = 0, alloc = 0, i;
	unsigned long long total = 0;
	DIR *top = opendir(root);
	struct dirent *de, *fe;
	time_t now = time(NULL);

	while (top && (de = readdir(top))) {
		char *sub;
		DIR *d;

		if (de->d_name[0] == '.')
			continue;
		sub = wl_xasprintf("%s/%s", root, de->d_name);
		d = opendir(sub);
		while (d && (fe = readdir(d))) {
			char *p;
			struct stat st;

			if (fe->d_name[0] == '.')
				continue;
			p = wl_xasprintf("%s/%s", sub, fe->d_name);
			if (stat(p, &st) < 0 || !S_ISREG(st.st_mode)) {
				free(p);
				continue;
			}
			if (strstr(fe->d_name, ".tmp.")) {
				if (now - st.st_mtime > 3600)
					unlink(p);
				free(p);
				continue;
			}
			WL_GROW(v, nr, alloc);
			v[nr].path = p;
			v[nr].size = st.st_size;
			v[nr].mtime = st.st_mtim;
			nr++;
			total += (unsigned long long)st.st_size;
		}
		if (d)
			closedir(d);
		free(sub);
	}
	if (top)
		closedir(top);
	if (total > c->max_bytes) {
		unsigned long long goal =
			(unsigned long long)c->max_bytes * TRIM_TO_PERCENT / 100;

		qsort(v, nr, sizeof(*v), oldest_first);
		for (i = 0; i < nr && total > goal; i++)
			if (unlink(v[i].path) == 0)
				total -= (unsigned long long)v[i].size;
	}
	for (i = 0; i < nr; i++)
		free(v[i].path);
	free(v);
	free(root);
}

void wl_cache_close(struct wl_cache *c)
{
	unsigned i;

	if (!c)
		return;
	/* A run that stored nothing cannot have grown the cache. */
	if (c->stores)
		trim(c);
	for (i = 0; i < c->nr_slots; i++)
		free(c->deps[i].path);
	free(c->deps);
	pthread_mutex_destroy(&c->lock);
	free(c->dir);
	free(c);
}
