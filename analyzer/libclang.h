/* SPDX-License-Identifier: MIT */
/*
 * libclang, loaded on first use.
 *
 * A run whose every file is answered by the cache, or skipped by the
 * prefilter, parses nothing; linking libclang (and libLLVM behind it)
 * made such a run pay for relocating both, about 25 million
 * instructions and 60 MB of touched pages, several times the run's own
 * work.  So warplint does not link libclang: each function it calls is
 * listed in libclang.def, every file reaches libclang through this
 * header, and the name is redirected to a table that the first call
 * fills with dlopen() and dlsym() (the way GL loaders do it).  The call
 * sites keep libclang's own names and types.
 *
 * The library is the one the build found (WL_LIBCLANG_PATH), unless the
 * environment names another in WARPLINT_LIBCLANG.  One that cannot be
 * loaded, or lacks a function, ends the run with exit status 2 and a
 * message that names it.  A build with WL_LIBCLANG_NO_REDIRECT defined
 * (the sanitizer build: base/CMakeLists.txt) links libclang instead.
 */
#ifndef WL_ANALYZER_LIBCLANG_H
#define WL_ANALYZER_LIBCLANG_H

#include <clang-c/Index.h>
#include <stdatomic.h>

enum wl_libclang_fn {
#define WL_LIBCLANG_FN(name) WL_LIBCLANG_##name,
#include "analyzer/libclang.def"
#undef WL_LIBCLANG_FN
	WL_LIBCLANG_NR_FNS
};

/* The function table once loaded, NULL before. */
extern void *const *_Atomic wl_libclang_table;

/* Load libclang if no call has yet; exits on failure. */
void *const *wl_libclang_load(void);

static inline void *wl_libclang_fn(enum wl_libclang_fn fn)
{
	void *const *table = atomic_load_explicit(&wl_libclang_table,
						   memory_order_acquire);

	return (table ? table : wl_libclang_load())[fn];
}

/*
 * What the cache keys on instead of clang_getClangVersion(), which would
 * load the library: its path, size and modification time, from stat().
 * The caller frees it.
 */
char *wl_libclang_identity(void);

/*
 * @name, as a pointer of its own type taken from the table.  Within the
 * expansion of "#define clang_x WL_LIBCLANG_CALL(clang_x)" the inner
 * name is not expanded again, so __typeof__ reads libclang's declaration.
 */
#define WL_LIBCLANG_CALL(name) \
	((__typeof__(&name))wl_libclang_fn(WL_LIBCLANG_##name))

#ifndef WL_LIBCLANG_NO_REDIRECT
/* One "#define clang_x WL_LIBCLANG_CALL(clang_x)" per line of the .def. */
#include "analyzer/libclang_redirect.h"
#endif

#endif
