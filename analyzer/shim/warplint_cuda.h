/*
 * warplint's CUDA shim, force-included before every file it parses, as
 * nvcc force-includes cuda_runtime.h.
 *
 * libclang parses device code with -nocudainc, so nothing of the CUDA
 * toolkit is visible: the stand-ins under include/ supply the attribute
 * macros, the built-in variables, the vector types, the runtime API, and
 * declarations of every warp primitive, legacy and _sync alike.  The real
 * CUDA 13 headers cannot serve: they hide the legacy intrinsics for
 * __CUDA_ARCH__ >= 700, which are exactly what warplint must see, and
 * clang 19 does not parse them.  Declarations only; nothing here is ever
 * compiled to code.
 *
 * Each stand-in defines the include guard of the real header it replaces,
 * so that a real library header found on the system include path
 * (cublas_v2.h, curand_kernel.h, cuComplex.h) that includes the real
 * vector_types.h or driver_types.h finds them already defined.
 */
#ifndef WARPLINT_CUDA_SHIM_H
#define WARPLINT_CUDA_SHIM_H

#define __WARPLINT__ 1
/* Before any standard header: libstdc++ looks at __CUDACC__. */
#define __CUDACC__ 1
#define __NVCC__ 1
#define __CUDACC_VER_MAJOR__ 13
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 0
/*
 * No __CUDACC_VER__: CUDA 9 and later define it as a string that makes
 * `#if __CUDACC_VER__ >= 80500` an error and read as 0, so the branch a
 * real build compiles is the one for old toolkits, legacy code and all
 * (CUB 1.7's #else of CUB_USE_COOPERATIVE_GROUPS).  Left undefined, the
 * parse compiles that branch too.
 */
#define CUDA_VERSION 13000
#define CUDART_VERSION 13000
#define __CUDART_API_VERSION 13000
#define __CUDA_API_VERSION 13000

#include <cuda_runtime.h>

/*
 * What analyzer/dialect.c respells the `template <>` of an explicit
 * specialization written without a target as (analyzer/spelling.h):
 * nvcc gives it the targets of its template, clang drops it.
 */
#define __wl_dspec template <> __device__
#define __wl_hdspc template <> __host__ __device__

#endif /* WARPLINT_CUDA_SHIM_H */
