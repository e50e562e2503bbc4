/* SPDX-License-Identifier: MIT */
/* libclang, loaded on first use: see libclang.h for why. */
#ifndef WL_LIBCLANG_NO_REDIRECT
#define WL_LIBCLANG_NO_REDIRECT
#endif
#include "analyzer/libclang.h"

#include "base/util.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

void *const *_Atomic wl_libclang_table;

static const char *const fn_names[WL_LIBCLANG_NR_FNS] = {
#define WL_LIBCLANG_FN(name) #name,
#include "analyzer/libclang.def"
#undef WL_LIBCLANG_FN
};

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static const char *library_path(void)
{
	const char *env = getenv("WARPLINT_LIBCLANG");

	return env && *env ? env : WL_LIBCLANG_PATH;
}

static void fail(const char *path, const char *why, const char *what)
{
	fprintf(stderr,
		"warplint: cannot load libclang %s: %s%s\n"
		"warplint: install LLVM 19's libclang (libclang-19-dev), or "
		"name the library in WARPLINT_LIBCLANG\n",
		path, why, what);
	exit(2);
}

/*
 * The table is static: it lives as long as the process, like the
 * library, which is never closed (libclang keeps threads and handlers).
 */
static void load(void)
{
	static void *table[WL_LIBCLANG_NR_FNS];
	const char *path = library_path();
	void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	int i;

	if (!lib)
		fail(path, dlerror(), "");
	for (i = 0; i < WL_LIBCLANG_NR_FNS; i++) {
		table[i] = dlsym(lib, fn_names[i]);
		if (!table[i])
			fail(path, "it has no ", fn_names[i]);
	}
	atomic_store_explicit(&wl_libclang_table, table,
			      memory_order_release);
}

void *const *wl_libclang_load(void)
{
	pthread_once(&load_once, load);
	return atomic_load_explicit(&wl_libclang_table, memory_order_acquire);
}

char *wl_libclang_identity(void)
{
	const char *path = library_path();
	struct stat st;

	if (stat(path, &st) != 0)
		return wl_xasprintf("libclang=%s", path);
	return wl_xasprintf("libclang=%s@%lld:%lld.%09ld", path,
			    (long long)st.st_size, (long long)st.st_mtim.tv_sec,
			    st.st_mtim.tv_nsec);
}
