/* SPDX-License-Identifier: MIT */
/*
 * Host code out of the way of a device build.  A real file holds host
 * functions that call libraries, use nvcc-only syntax (`<< <` with a
 * blank), or need headers the verification machine lacks; none of that
 * is device code, and a device-only compilation needs none of it but
 * declarations.  gv_strip_host() empties the body of every host-only
 * function defined in one file of a translation unit, the main file or
 * a project header it includes (not __device__, not __global__,
 * not constexpr: clang makes those usable on the device), keeping its
 * lines so that messages still point at the right line.  The before
 * and the after are stripped alike, so the comparison stays fair; the
 * template instances host code named are put back as explicit
 * instantiations (kernels.h).
 */
#ifndef WL_GPU_VERIFY_STRIP_H
#define WL_GPU_VERIFY_STRIP_H

#include "analyzer/libclang.h"
#include <stddef.h>

struct wl_source;

/*
 * @src's text (@src->path is a file of @tu, by the name clang knows it
 * or its real path) with its host function bodies emptied.
 * *@nr_stripped gets how many.  Returns an allocated, NUL-terminated
 * text of *@len bytes.
 */
char *gv_strip_host(CXTranslationUnit tu, const struct wl_source *src,
		    size_t *len, unsigned *nr_stripped);

#endif
