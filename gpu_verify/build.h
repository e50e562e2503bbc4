/* SPDX-License-Identifier: MIT */
/* Running the compilers for prepare, and reading the PTX they write. */
#ifndef WL_GPU_VERIFY_BUILD_H
#define WL_GPU_VERIFY_BUILD_H

#include <stdbool.h>

/*
 * Run @argv (NULL-terminated) in @dir with stdout and stderr appended to
 * @log.  Returns the exit status, or -1 if it could not run.
 */
int gv_run(const char *dir, char *const argv[], const char *log);

/* The .entry names of a PTX file (caller frees each and the array). */
char **gv_ptx_entries(const char *path, unsigned *nr);

/* Whether the PTX calls a function it does not define (libdevice...). */
bool gv_ptx_has_extern(const char *path);

/*
 * The demangled names of @entries (c++filt), blanks removed and integer
 * suffixes dropped: "reduce5<256>(floatconst*,float*,unsignedint)".
 * Returns NULL if c++filt is not there.
 */
char **gv_demangle(char **entries, unsigned nr);

/*
 * The entry of kernel @name among @entries: the name itself (extern "C"),
 * or its Itanium mangling "_Z<len><name>..." for a plain kernel; for a
 * template instance (@key "f<float,256>") the entry whose demangled name
 * is @key and "(", maybe after a qualifier ("ns::").  NULL if none.
 */
const char *gv_match_entry(char **entries, char **demangled, unsigned nr,
			   const char *name, const char *key);

void gv_free_strings(char **v, unsigned nr);

#endif
