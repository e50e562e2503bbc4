/* SPDX-License-Identifier: MIT */
/*
 * The "before" shim: what a pre-Volta CUDA file needs to compile with
 * clang-19 for sm_60 without a CUDA installation (-nocudainc -nocudalib).
 *
 * The legacy primitives are written on clang's NVVM builtins, which emit
 * plain shfl/vote (no .sync): the driver JIT then runs them with their
 * genuine pre-Volta meaning, the "before" that gpu_verify compares against.
 *
 * The rest of what nvcc's headers give a device compilation comes from
 * clang's own CUDA wrappers, the ones clang uses around a real toolkit:
 * the math library and the std:: overloads (__clang_cuda_math.h,
 * __clang_cuda_cmath.h, on libdevice, which prepare links in with
 * -mlink-builtin-bitcode) and the integer intrinsics
 * (__clang_cuda_device_functions.h).  Those headers insist on CUDA 9, so
 * CUDA_VERSION reads 9000 while they are included and 8000 afterwards:
 * the user's code takes its pre-CUDA-9 branches, the legacy ones.
 * Vector types and the host side of the runtime API (types and
 * declarations only: prepare strips host function bodies) are ours.
 */
#ifndef WL_GPU_VERIFY_LEGACY_H
#define WL_GPU_VERIFY_LEGACY_H

#define __WL_GV_LEGACY__ 1

#include <__clang_cuda_math_forward_declares.h>

#define __CUDACC__ 1
#define __NVCC__ 1
#define __CUDACC_VER_MAJOR__ 8
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 0

/* The host C and C++ library, as clang's runtime wrapper includes it. */
#include <cmath>
#include <climits>
#include <cstdlib>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __device_builtin__
#define __cudart_builtin__
#define __grid_constant__
#define CUDART_CB

#include <__clang_cuda_builtin_vars.h>

#define CUDA_VERSION 9000
#include <__clang_cuda_libdevice_declares.h>
#include <__clang_cuda_device_functions.h>
#include <__clang_cuda_math.h>
#include <__clang_cuda_cmath.h>
#undef CUDA_VERSION
#define CUDA_VERSION 8000
#define CUDART_VERSION 8000

#define __WL_D static __device__ inline __attribute__((always_inline))
#define __WL_HD static __host__ __device__ inline

/* ---- vector types ---------------------------------------------------- */

/*
 * CUDA's own library headers (curand_kernel.h, which 2015-era code
 * includes for curand_init) bracket deprecated declarations with these,
 * defined in its vector_types.h, and name libraryPropertyType, from the
 * library_types.h its cuda_runtime.h includes.
 */
#define __NV_SILENCE_DEPRECATION_BEGIN
#define __NV_SILENCE_DEPRECATION_END
#define __NV_SILENCE_HOST_DEPRECATION_BEGIN
#define __NV_SILENCE_HOST_DEPRECATION_END
typedef enum libraryPropertyType_t {
	MAJOR_VERSION,
	MINOR_VERSION,
	PATCH_LEVEL
} libraryPropertyType;

#define __WL_VEC1(T, N) struct __device_builtin__ N##1 { T x; };
#define __WL_VEC2(T, N, A)                                                    \
	struct __device_builtin__ __attribute__((aligned(A))) N##2 { T x, y; };
#define __WL_VEC3(T, N) struct __device_builtin__ N##3 { T x, y, z; };
#define __WL_VEC4(T, N, A)                                                    \
	struct __device_builtin__ __attribute__((aligned(A))) N##4            \
	{ T x, y, z, w; };
#define __WL_MAKE(T, N)                                                       \
	__WL_HD N##1 make_##N##1(T x) { N##1 r = { x }; return r; }           \
	__WL_HD N##2 make_##N##2(T x, T y) { N##2 r = { x, y }; return r; }   \
	__WL_HD N##3 make_##N##3(T x, T y, T z)                               \
	{ N##3 r = { x, y, z }; return r; }                                   \
	__WL_HD N##4 make_##N##4(T x, T y, T z, T w)                          \
	{ N##4 r = { x, y, z, w }; return r; }
#define __WL_VECS(T, N, A2, A4)                                               \
	__WL_VEC1(T, N) __WL_VEC2(T, N, A2) __WL_VEC3(T, N)                   \
	__WL_VEC4(T, N, A4) __WL_MAKE(T, N)
__WL_VECS(signed char, char, 2, 4)
__WL_VECS(unsigned char, uchar, 2, 4)
__WL_VECS(short, short, 4, 8)
__WL_VECS(unsigned short, ushort, 4, 8)
__WL_VECS(int, int, 8, 16)
__WL_VECS(unsigned int, uint, 8, 16)
__WL_VECS(long, long, 16, 16)
__WL_VECS(unsigned long, ulong, 16, 16)
__WL_VECS(long long, longlong, 16, 16)
__WL_VECS(unsigned long long, ulonglong, 16, 16)
__WL_VECS(float, float, 8, 16)
__WL_VECS(double, double, 16, 16)
#undef __WL_VEC1
#undef __WL_VEC2
#undef __WL_VEC3
#undef __WL_VEC4
#undef __WL_MAKE
#undef __WL_VECS

struct dim3 {
	unsigned x, y, z;
	__host__ __device__ constexpr dim3(unsigned a = 1, unsigned b = 1,
					   unsigned c = 1) : x(a), y(b), z(c) {}
	__host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
	__host__ __device__ constexpr operator uint3() const
	{ return uint3{ x, y, z }; }
};
__device__ inline __cuda_builtin_threadIdx_t::operator uint3() const
{ uint3 r = { x, y, z }; return r; }
__device__ inline __cuda_builtin_blockIdx_t::operator uint3() const
{ uint3 r = { x, y, z }; return r; }
__device__ inline __cuda_builtin_blockDim_t::operator dim3() const
{ return dim3(x, y, z); }
__device__ inline __cuda_builtin_gridDim_t::operator dim3() const
{ return dim3(x, y, z); }

/* ---- warp primitives ------------------------------------------------- */

/* Shuffle control word: segment mask in bits 8..12, clamp in 0..4. */
#define __WL_C(w, clamp) (((32 - (w)) << 8) | (clamp))

/*
 * Legacy shuffles: plain shfl.{idx,up,down,bfly}.b32.  CUDA 8 had them for
 * int and float only, and pre-Volta code defined its own for the other
 * types (a double __shfl_down() of two int shuffles, `width = 32`): those
 * types are a template here, which such a definition overloads instead of
 * repeating its default argument.  Its width is a trailing pack, which
 * makes it the least specialized: a project's own generic shuffle (trove's
 * `template <typename T> T __shfl(const T &, const int &)`) wins over it,
 * as in CUDA 8.  8-byte values move as two halves.
 */
#define __WL_SHFL32(name, ib, fb, ot, clamp)                                  \
	__WL_D int name(int v, ot o, int w = 32)                              \
	{ return ib(v, o, __WL_C(w, clamp)); }                                \
	__WL_D float name(float v, ot o, int w = 32)                          \
	{ return fb(v, o, __WL_C(w, clamp)); }                                \
	__WL_D long long __wl##name##_64(long long v, ot o, int w)            \
	{                                                                     \
		int lo = ib((int)v, o, __WL_C(w, clamp));                     \
		int hi = ib((int)(v >> 32), o, __WL_C(w, clamp));             \
		return (long long)(((unsigned long long)(unsigned)hi << 32) | \
				   (unsigned)lo);                             \
	}                                                                     \
	template <typename T, typename... W>                                  \
	__WL_D T name(T v, ot o, W... ws)                                     \
	{                                                                     \
		int w = 32;                                                   \
									      \
		((w = (int)ws), ...);                                         \
		static_assert(sizeof(T) == 4 || sizeof(T) == 8,               \
			      "legacy shuffle of a 4- or 8-byte value");      \
		if constexpr (sizeof(T) == 4)                                 \
			return __builtin_bit_cast(T,                          \
				ib(__builtin_bit_cast(int, v), o,             \
				   __WL_C(w, clamp)));                        \
		else                                                          \
			return __builtin_bit_cast(T, __wl##name##_64(         \
				__builtin_bit_cast(long long, v), o, w));     \
	}

__WL_SHFL32(__shfl, __nvvm_shfl_idx_i32, __nvvm_shfl_idx_f32, int, 0x1f)
__WL_SHFL32(__shfl_up, __nvvm_shfl_up_i32, __nvvm_shfl_up_f32, unsigned, 0)
__WL_SHFL32(__shfl_down, __nvvm_shfl_down_i32, __nvvm_shfl_down_f32,
	    unsigned, 0x1f)
__WL_SHFL32(__shfl_xor, __nvvm_shfl_bfly_i32, __nvvm_shfl_bfly_f32, int,
	    0x1f)

/*
 * The legacy votes (__ballot, __any, __all: plain vote.*) come from
 * __clang_cuda_device_functions.h.  The _sync forms too, for files that
 * are only partly legacy (a WL2xx case is a _sync call with a bad mask,
 * and its before is that code).
 */
#define __WL_SHFLSYNC(name, ib, fb, ot, clamp)                                \
	__WL_D int name(unsigned m, int v, ot o, int w = 32)                  \
	{ return ib(m, v, o, __WL_C(w, clamp)); }                             \
	__WL_D unsigned name(unsigned m, unsigned v, ot o, int w = 32)        \
	{ return (unsigned)ib(m, (int)v, o, __WL_C(w, clamp)); }              \
	__WL_D float name(unsigned m, float v, ot o, int w = 32)              \
	{ return fb(m, v, o, __WL_C(w, clamp)); }                             \
	__WL_D long long name(unsigned m, long long v, ot o, int w = 32)      \
	{                                                                     \
		int lo = ib(m, (int)v, o, __WL_C(w, clamp));                  \
		int hi = ib(m, (int)(v >> 32), o, __WL_C(w, clamp));          \
		return (long long)(((unsigned long long)(unsigned)hi << 32) | \
				   (unsigned)lo);                             \
	}                                                                     \
	__WL_D unsigned long long name(unsigned m, unsigned long long v, ot o, \
				       int w = 32)                            \
	{ return (unsigned long long)name(m, (long long)v, o, w); }           \
	__WL_D double name(unsigned m, double v, ot o, int w = 32)            \
	{                                                                     \
		return __builtin_bit_cast(double,                             \
			name(m, __builtin_bit_cast(long long, v), o, w));     \
	}
__WL_SHFLSYNC(__shfl_sync, __nvvm_shfl_sync_idx_i32, __nvvm_shfl_sync_idx_f32,
	      int, 0x1f)
__WL_SHFLSYNC(__shfl_up_sync, __nvvm_shfl_sync_up_i32,
	      __nvvm_shfl_sync_up_f32, unsigned, 0)
__WL_SHFLSYNC(__shfl_down_sync, __nvvm_shfl_sync_down_i32,
	      __nvvm_shfl_sync_down_f32, unsigned, 0x1f)
__WL_SHFLSYNC(__shfl_xor_sync, __nvvm_shfl_sync_bfly_i32,
	      __nvvm_shfl_sync_bfly_f32, int, 0x1f)
__WL_D unsigned __ballot_sync(unsigned m, int p)
{ return __nvvm_vote_ballot_sync(m, p != 0); }
__WL_D int __any_sync(unsigned m, int p)
{ return __nvvm_vote_any_sync(m, p != 0); }
__WL_D int __all_sync(unsigned m, int p)
{ return __nvvm_vote_all_sync(m, p != 0); }
/* CUDA's bare votes (device_atomic_functions.hpp), for the before */
__WL_D bool any(bool c) { return __any((int)c); }
__WL_D bool all(bool c) { return __all((int)c); }
__WL_D unsigned __activemask(void) { return __nvvm_activemask(); }
__WL_D void __syncwarp(unsigned m = 0xffffffff) { __nvvm_bar_warp_sync(m); }

/* Special registers and the sm_32 intrinsics nvcc's headers give. */
__WL_D unsigned __lanemask_lt(void)
{ return (unsigned)__nvvm_read_ptx_sreg_lanemask_lt(); }
__WL_D unsigned __lanemask_le(void)
{ return (unsigned)__nvvm_read_ptx_sreg_lanemask_le(); }
__WL_D unsigned __lanemask_gt(void)
{ return (unsigned)__nvvm_read_ptx_sreg_lanemask_gt(); }
__WL_D unsigned __lanemask_ge(void)
{ return (unsigned)__nvvm_read_ptx_sreg_lanemask_ge(); }
#define __WL_SHF(name, op)                                                    \
	__WL_D unsigned name(unsigned lo, unsigned hi, unsigned s)            \
	{                                                                     \
		unsigned r;                                                   \
		asm("shf." op ".b32 %0, %1, %2, %3;"                          \
		    : "=r"(r) : "r"(lo), "r"(hi), "r"(s));                    \
		return r;                                                     \
	}
__WL_SHF(__funnelshift_l, "l.wrap")
__WL_SHF(__funnelshift_lc, "l.clamp")
__WL_SHF(__funnelshift_r, "r.wrap")
__WL_SHF(__funnelshift_rc, "r.clamp")
#undef __WL_SHF

/* Read-only loads: a plain load has the same value. */
template <class T> __WL_D T __ldg(const T *p) { return *p; }

/* ---- atomics (sm_60 has the double add and the scoped forms) --------- */

#define __WL_ATOM(T, S)                                                       \
	__WL_D T atomicAdd(T *a, T v)                                         \
	{ return __nvvm_atom_add_gen_##S(a, v); }                             \
	__WL_D T atomicExch(T *a, T v)                                        \
	{ return __nvvm_atom_xchg_gen_##S(a, v); }                            \
	__WL_D T atomicCAS(T *a, T c, T v)                                    \
	{ return __nvvm_atom_cas_gen_##S(a, c, v); }                          \
	__WL_D T atomicAnd(T *a, T v)                                         \
	{ return __nvvm_atom_and_gen_##S(a, v); }                             \
	__WL_D T atomicOr(T *a, T v)                                          \
	{ return __nvvm_atom_or_gen_##S(a, v); }                              \
	__WL_D T atomicXor(T *a, T v)                                         \
	{ return __nvvm_atom_xor_gen_##S(a, v); }
__WL_ATOM(int, i)
__WL_ATOM(long long, ll)
#define __WL_UATOM(T, S, f)                                                   \
	__WL_D T f(T *a, T v) { return (T)f((S *)a, (S)v); }
__WL_UATOM(unsigned, int, atomicAdd)
__WL_UATOM(unsigned, int, atomicExch)
__WL_UATOM(unsigned, int, atomicOr)
__WL_UATOM(unsigned, int, atomicAnd)
__WL_UATOM(unsigned, int, atomicXor)
__WL_UATOM(unsigned long long, long long, atomicAdd)
__WL_UATOM(unsigned long long, long long, atomicExch)
__WL_UATOM(unsigned long long, long long, atomicOr)
__WL_UATOM(unsigned long long, long long, atomicAnd)
__WL_UATOM(unsigned long long, long long, atomicXor)
__WL_D unsigned atomicCAS(unsigned *a, unsigned c, unsigned v)
{ return (unsigned)atomicCAS((int *)a, (int)c, (int)v); }
__WL_D unsigned long long atomicCAS(unsigned long long *a,
				    unsigned long long c,
				    unsigned long long v)
{
	return (unsigned long long)atomicCAS((long long *)a, (long long)c,
					     (long long)v);
}
__WL_D int atomicSub(int *a, int v) { return atomicAdd(a, -v); }
__WL_D unsigned atomicSub(unsigned *a, unsigned v) { return atomicAdd(a, -v); }
__WL_D int atomicMax(int *a, int v) { return __nvvm_atom_max_gen_i(a, v); }
__WL_D int atomicMin(int *a, int v) { return __nvvm_atom_min_gen_i(a, v); }
__WL_D unsigned atomicMax(unsigned *a, unsigned v)
{ return __nvvm_atom_max_gen_ui(a, v); }
__WL_D unsigned atomicMin(unsigned *a, unsigned v)
{ return __nvvm_atom_min_gen_ui(a, v); }
__WL_D long long atomicMax(long long *a, long long v)
{ return __nvvm_atom_max_gen_ll(a, v); }
__WL_D long long atomicMin(long long *a, long long v)
{ return __nvvm_atom_min_gen_ll(a, v); }
__WL_D unsigned long long atomicMax(unsigned long long *a,
				    unsigned long long v)
{ return __nvvm_atom_max_gen_ull(a, v); }
__WL_D unsigned long long atomicMin(unsigned long long *a,
				    unsigned long long v)
{ return __nvvm_atom_min_gen_ull(a, v); }
__WL_D unsigned atomicInc(unsigned *a, unsigned v)
{ return __nvvm_atom_inc_gen_ui(a, v); }
__WL_D unsigned atomicDec(unsigned *a, unsigned v)
{ return __nvvm_atom_dec_gen_ui(a, v); }
__WL_D float atomicAdd(float *a, float v)
{ return __nvvm_atom_add_gen_f(a, v); }
__WL_D double atomicAdd(double *a, double v)
{ return __nvvm_atom_add_gen_d(a, v); }
__WL_D float atomicExch(float *a, float v)
{ return __int_as_float(atomicExch((int *)a, __float_as_int(v))); }

/*
 * The float overloads CUDA's math_functions.hpp defines and clang's
 * wrappers only declare (__clang_cuda_math_forward_declares.h): each is
 * the float function of the C library, as in CUDA.
 */
#define __WL_F1(R, fn) __WL_D R fn(float x) { return ::fn##f(x); }
#define __WL_F2(fn)                                                           \
	__WL_D float fn(float x, float y) { return ::fn##f(x, y); }
__WL_F1(float, acosh) __WL_F1(float, asinh) __WL_F1(float, atanh)
__WL_F1(float, cbrt) __WL_F1(float, erf) __WL_F1(float, erfc)
__WL_F1(float, exp2) __WL_F1(float, expm1) __WL_F1(int, ilogb)
__WL_F1(float, lgamma) __WL_F1(long long, llrint) __WL_F1(long long, llround)
__WL_F1(float, log1p) __WL_F1(float, log2) __WL_F1(float, logb)
__WL_F1(long, lrint) __WL_F1(long, lround) __WL_F1(float, nearbyint)
__WL_F1(float, rint) __WL_F1(float, round) __WL_F1(float, tgamma)
__WL_F1(float, trunc)
__WL_F2(copysign) __WL_F2(fdim) __WL_F2(fmax) __WL_F2(fmin) __WL_F2(hypot)
__WL_F2(nextafter) __WL_F2(remainder)
__WL_D float fma(float x, float y, float z) { return ::fmaf(x, y, z); }
__WL_D float scalbln(float x, long n) { return ::scalblnf(x, n); }
__WL_D float scalbn(float x, int n) { return ::scalbnf(x, n); }
#undef __WL_F1
#undef __WL_F2

/* ---- min/max as the CUDA headers overload them ----------------------- */

__WL_D unsigned min(unsigned a, unsigned b) { return umin(a, b); }
__WL_D unsigned max(unsigned a, unsigned b) { return umax(a, b); }
__WL_D unsigned min(int a, unsigned b) { return umin((unsigned)a, b); }
__WL_D unsigned max(int a, unsigned b) { return umax((unsigned)a, b); }
__WL_D unsigned min(unsigned a, int b) { return umin(a, (unsigned)b); }
__WL_D unsigned max(unsigned a, int b) { return umax(a, (unsigned)b); }
__WL_D long long min(long long a, long long b) { return llmin(a, b); }
__WL_D long long max(long long a, long long b) { return llmax(a, b); }
__WL_D unsigned long long min(unsigned long long a, unsigned long long b)
{ return ullmin(a, b); }
__WL_D unsigned long long max(unsigned long long a, unsigned long long b)
{ return ullmax(a, b); }
__WL_D float min(float a, float b) { return fminf(a, b); }
__WL_D float max(float a, float b) { return fmaxf(a, b); }
__WL_D double min(double a, double b) { return fmin(a, b); }
__WL_D double max(double a, double b) { return fmax(a, b); }

/*
 * assert() in device code: the driver resolves __assertfail (and vprintf)
 * itself, as it does for nvcc's PTX, so these two externs are allowed.
 */
extern "C" __device__ void __assertfail(const char *msg, const char *file,
					unsigned line, const char *fn,
					size_t size);
__WL_D void __assert_fail(const char *msg, const char *file, unsigned line,
			  const char *fn)
{ __assertfail(msg, file, line, fn, 1); }

#undef __WL_C
#undef __WL_SHFL32
#undef __WL_SHFLSYNC
#undef __WL_ATOM
#undef __WL_UATOM
#undef __WL_D
#undef __WL_HD

/* The host side of the runtime API, which nvcc includes implicitly. */
#include "include/gv_runtime_host.h"

/*
 * Texture objects (`tex1Dfetch<float>(obj, i)`, CUDA 5 on), read through
 * clang's own implementation of nvcc's __nv_tex_surf_handler().
 */
#include <__clang_cuda_texture_intrinsics.h>

template <class T>
static __device__ T tex1Dfetch(cudaTextureObject_t obj, int x)
{
	T r;

	__nv_tex_surf_handler("__itex1Dfetch", &r, obj, x);
	return r;
}

#endif
