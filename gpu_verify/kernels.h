/* SPDX-License-Identifier: MIT */
/*
 * The kernels of a file and their plans: every __global__ function
 * defined in the main file, each parameter's type read from libclang and
 * turned into arguments (plan.c), one gv_kernel per template instance.
 *
 * Instances of a template kernel come from, in this order: the spec's
 * template_args; the file's explicit instantiations; the specializations
 * that host code names (a launch k<float, 256><<<...>>>, also with
 * deduced arguments, or a kernel's address); and for a template whose
 * only parameters are block sizes (blocks.h), the powers of two from 32
 * to 1024 that fit the code.  A kernel that none of these can instantiate
 * gets a plan with ->skip saying why, never silently nothing.
 */
#ifndef WL_GPU_VERIFY_KERNELS_H
#define WL_GPU_VERIFY_KERNELS_H

#include "analyzer/libclang.h"

#include "gpu_verify/plan.h"

struct wl_source;

struct gv_find {
	struct gv_spec *spec;
	/* Plan only these kernels (NULL: all); a name not defined in the
	 * file gets a skipped plan saying so. */
	const char *const *only;
	unsigned nr_only;
};

/*
 * Append a plan for each kernel defined in @tu's main file (@src) to
 * *@out.  Each instance's explicit instantiation (k->inst) is set when
 * the file does not already have one.  Returns 0.
 */
int gv_find_kernels(CXTranslationUnit tu, const struct wl_source *src,
		    const struct gv_find *opts, struct gv_kernel **out,
		    unsigned *nr);

#endif
