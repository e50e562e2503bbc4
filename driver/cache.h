/* SPDX-License-Identifier: MIT */
/*
 * The incremental cache: the result of analysing a file, kept on disk and
 * reused while nothing it depends on has changed (ccache's "direct mode",
 * clang-tidy-cache).  An entry is found by the file's path and a salt that
 * holds everything else that decides the result (warplint's and
 * libclang's versions, the effective flags, the configuration); it is
 * valid while the file's text and the text of every file the parse read
 * (headers) hash as they did.  The result itself is an opaque blob: the
 * caller serialises findings into it.
 *
 * Safe under concurrent runs and kill -9: an entry is written to a
 * temporary file and renamed into place, so a reader sees a whole entry
 * or none, and a damaged entry (checksum) is a miss.  Bounded in size:
 * closing the cache trims the least recently used entries.
 */
#ifndef WL_DRIVER_CACHE_H
#define WL_DRIVER_CACHE_H

#include <stddef.h>

struct wl_cache;
struct wl_source;

/* Default size bound: 256 MiB. */
#define WL_CACHE_MAX_BYTES ((size_t)256 << 20)

/*
 * The folder a cache lives in when none is named: $WARPLINT_CACHE_DIR,
 * else $XDG_CACHE_HOME/warplint, else ~/.cache/warplint.  Caller frees;
 * NULL when none can be named (no HOME).
 */
char *wl_cache_default_dir(void);

/*
 * A hash of the running binary (/proc/self/exe), for the salt: a rebuilt
 * warplint, with analyses that may have changed, misses every entry
 * without a version bump.  Caller frees; NULL if it cannot be read.
 */
char *wl_cache_build_id(void);

/*
 * Open (creating it if needed) the cache in @dir, bounded to @max_bytes
 * (0: the default).  Returns NULL with *@err set (caller frees) when the
 * folder cannot be created or written: run without a cache then.
 */
struct wl_cache *wl_cache_open(const char *dir, size_t max_bytes, char **err);

/* Trim to the size bound, then free.  NULL is fine. */
void wl_cache_close(struct wl_cache *cache);

/*
 * The blob stored for @src under @salt, if every dependency still hashes
 * as it did.  Returns it (caller frees) with its length in *@len, or NULL
 * on a miss.  Thread-safe.
 */
char *wl_cache_get(struct wl_cache *cache, const char *salt,
		   const struct wl_source *src, size_t *len);

/*
 * Store @blob (@len bytes) for @src under @salt, valid while @src's text
 * and the files @deps (paths, as the parser opened them) are unchanged.
 * Failures are silent: a cache that cannot store is a slower cache.
 * Thread-safe.
 */
void wl_cache_put(struct wl_cache *cache, const char *salt,
		  const struct wl_source *src, const char *const *deps,
		  unsigned nr_deps, const char *blob, size_t len);

/* Hits, misses and stores so far, for --verbose and the tests. */
void wl_cache_stats(const struct wl_cache *cache, unsigned *hits,
		    unsigned *misses, unsigned *stores);

#endif
