/* SPDX-License-Identifier: MIT */
/*
 * The kernels of a file and their plans: the analyzer's model names the
 * kernels and their parameters, this file reads each parameter's type
 * from libclang and turns it into a gv_kernel (one per template instance
 * that the spec asks for).
 */
#ifndef WL_GPU_VERIFY_KERNELS_H
#define WL_GPU_VERIFY_KERNELS_H

#include <clang-c/Index.h>

#include "gpu_verify/plan.h"

struct wl_source;

/*
 * Parse @src with @args and append a plan for each kernel defined in it
 * to *@out (a kernel that cannot run gets one with ->skip set).  Returns
 * 0, or -1 with *@err set when the file does not parse at all.
 */
int gv_find_kernels(CXIndex index, const struct wl_source *src,
		    const char *const *args, unsigned nr_args,
		    struct gv_spec *spec, struct gv_kernel **out, unsigned *nr,
		    char **err);

#endif
