/*
 * warplint stand-in for <host_defines.h>: the attribute and linkage macros
 * CUDA code and the real library headers (cublas_api.h, curand.h) use.
 */
#ifndef __HOST_DEFINES_H__
#define __HOST_DEFINES_H__

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __inline_hint__
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __maxnreg__(n)
#define __cluster_dims__(...)
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __thread__ __thread
#define __import__
#define __export__
#define __cdecl
#define __annotate__(a) __attribute__((a))
#define __location__(a) __annotate__(a)
#define __specialization_static
#define __device_builtin__
#define __device_builtin_texture_type__
#define __device_builtin_surface_type__
#define __cudart_builtin__
#define __grid_constant__
#define __nv_pure__
#define __nv_register_params__
#define __no_return__ __attribute__((noreturn))
#define __CUDA_ALIGN__(n) __attribute__((aligned(n)))
#define __DEPRECATED__(msg)
#define __CUDA_DEPRECATED
#define __CUDART_API_PTDS(api) api
#define __CUDART_API_PTSZ(api) api
#define CUDARTAPI
#define CUDARTAPI_CDECL
#define CUDAAPI
#define CUDART_CB
#define CUDA_CB
#define __dv(v) = v
#define __WL_HD __host__ __device__
#define __WL_D __device__

#endif
