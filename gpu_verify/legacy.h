/* SPDX-License-Identifier: MIT */
/*
 * The "before" shim: what a pre-Volta CUDA file needs to compile with
 * clang-19 for sm_60 without a CUDA installation (-nocudainc -nocudalib).
 *
 * The legacy primitives are written on clang's NVVM builtins, which emit
 * plain shfl/vote (no .sync): the driver JIT then runs them with their
 * genuine pre-Volta meaning, the "before" that gpu_verify compares against.
 * clang's own __clang_cuda_intrinsics.h has them too, but drags in memcpy
 * and the vector types of the real headers.  Everything that would need
 * libdevice (expf, sinf...) is left out on purpose: the PTX then names an
 * .extern function, and prepare falls back to the emulated before.
 */
#ifndef WL_GPU_VERIFY_LEGACY_H
#define WL_GPU_VERIFY_LEGACY_H

#define __WL_GV_LEGACY__ 1
#define __CUDACC__ 1
#define CUDA_VERSION 8000
#define CUDART_VERSION 8000

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
#define __device_builtin__
#define __cudart_builtin__
#define CUDART_CB

typedef __SIZE_TYPE__ size_t;

#include <__clang_cuda_builtin_vars.h>

#define __WL_D static __device__ inline __attribute__((always_inline))
#define __WL_HD static __host__ __device__ inline

/* The vector types legacy kernels use most. */
struct uint3 { unsigned x, y, z; };
struct dim3 {
	unsigned x, y, z;
	__host__ __device__ constexpr dim3(unsigned a = 1, unsigned b = 1,
					   unsigned c = 1) : x(a), y(b), z(c) {}
};
__device__ inline __cuda_builtin_threadIdx_t::operator uint3() const
{ uint3 r = { x, y, z }; return r; }
__device__ inline __cuda_builtin_blockIdx_t::operator uint3() const
{ uint3 r = { x, y, z }; return r; }
__device__ inline __cuda_builtin_blockDim_t::operator dim3() const
{ return dim3(x, y, z); }
__device__ inline __cuda_builtin_gridDim_t::operator dim3() const
{ return dim3(x, y, z); }
struct __attribute__((aligned(8))) float2 { float x, y; };
struct __attribute__((aligned(16))) float4 { float x, y, z, w; };
struct __attribute__((aligned(8))) int2 { int x, y; };
struct __attribute__((aligned(16))) int4 { int x, y, z, w; };
struct __attribute__((aligned(16))) double2 { double x, y; };
__WL_HD float2 make_float2(float x, float y) { float2 r = { x, y }; return r; }
__WL_HD float4 make_float4(float x, float y, float z, float w)
{ float4 r = { x, y, z, w }; return r; }
__WL_HD int2 make_int2(int x, int y) { int2 r = { x, y }; return r; }

/* Shuffle control word: segment mask in bits 8..12, clamp in 0..4. */
#define __WL_C(w, clamp) (((32 - (w)) << 8) | (clamp))

/* Legacy shuffles of 32-bit values: plain shfl.{idx,up,down,bfly}.b32. */
#define __WL_SHFL32(name, ib, fb, ot, clamp)                                  \
	__WL_D int name(int v, ot o, int w = 32)                              \
	{ return ib(v, o, __WL_C(w, clamp)); }                                \
	__WL_D unsigned name(unsigned v, ot o, int w = 32)                    \
	{ return (unsigned)ib((int)v, o, __WL_C(w, clamp)); }                 \
	__WL_D float name(float v, ot o, int w = 32)                          \
	{ return fb(v, o, __WL_C(w, clamp)); }                                \
	__WL_D long long name(long long v, ot o, int w = 32)                  \
	{                                                                     \
		int lo = ib((int)v, o, __WL_C(w, clamp));                     \
		int hi = ib((int)(v >> 32), o, __WL_C(w, clamp));             \
		return (long long)(((unsigned long long)(unsigned)hi << 32) | \
				   (unsigned)lo);                             \
	}                                                                     \
	__WL_D unsigned long long name(unsigned long long v, ot o, int w = 32) \
	{ return (unsigned long long)name((long long)v, o, w); }              \
	__WL_D long name(long v, ot o, int w = 32)                            \
	{ return (long)name((long long)v, o, w); }                            \
	__WL_D unsigned long name(unsigned long v, ot o, int w = 32)          \
	{ return (unsigned long)name((long long)v, o, w); }                   \
	__WL_D double name(double v, ot o, int w = 32)                        \
	{                                                                     \
		return __builtin_bit_cast(double,                             \
			name(__builtin_bit_cast(long long, v), o, w));        \
	}

__WL_SHFL32(__shfl, __nvvm_shfl_idx_i32, __nvvm_shfl_idx_f32, int, 0x1f)
__WL_SHFL32(__shfl_up, __nvvm_shfl_up_i32, __nvvm_shfl_up_f32, unsigned, 0)
__WL_SHFL32(__shfl_down, __nvvm_shfl_down_i32, __nvvm_shfl_down_f32,
	    unsigned, 0x1f)
__WL_SHFL32(__shfl_xor, __nvvm_shfl_bfly_i32, __nvvm_shfl_bfly_f32, int,
	    0x1f)

/* Legacy votes: plain vote.{ballot,any,all}. */
__WL_D unsigned __ballot(int p) { return __nvvm_vote_ballot(p != 0); }
__WL_D int __any(int p) { return __nvvm_vote_any(p != 0); }
__WL_D int __all(int p) { return __nvvm_vote_all(p != 0); }

/*
 * The _sync forms too, for files that are only partly legacy (a WL2xx
 * case is a _sync call with a bad mask, and its before is that code).
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
__WL_D unsigned __activemask(void) { return __nvvm_activemask(); }
__WL_D void __syncwarp(unsigned m = 0xffffffff) { __nvvm_bar_warp_sync(m); }

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

/* Barriers, fences and special registers. */
__WL_D void __threadfence(void) { __nvvm_membar_gl(); }
__WL_D void __threadfence_block(void) { __nvvm_membar_cta(); }
__WL_D void __threadfence_system(void) { __nvvm_membar_sys(); }
__WL_D int __syncthreads_count(int p) { return __nvvm_bar0_popc(p); }
__WL_D int __syncthreads_and(int p) { return __nvvm_bar0_and(p); }
__WL_D int __syncthreads_or(int p) { return __nvvm_bar0_or(p); }
__WL_D unsigned __lanemask_lt(void)
{ return (unsigned)__nvvm_read_ptx_sreg_lanemask_lt(); }
__WL_D long long clock64(void) { return __nvvm_read_ptx_sreg_clock64(); }

/* Integer intrinsics that lower to single instructions. */
__WL_D int __popc(unsigned x) { return __builtin_popcount(x); }
__WL_D int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
__WL_D int __ffs(int x) { return __builtin_ffs(x); }
__WL_D int __ffsll(long long x) { return __builtin_ffsll(x); }
__WL_D int __clz(int x) { return x ? __builtin_clz(x) : 32; }
__WL_D int __clzll(long long x) { return x ? __builtin_clzll(x) : 64; }
__WL_D unsigned __brev(unsigned x) { return __builtin_bitreverse32(x); }
__WL_D int __mul24(int a, int b) { return __nvvm_mul24_i(a, b); }
__WL_D int __float_as_int(float f) { return __builtin_bit_cast(int, f); }
__WL_D float __int_as_float(int i) { return __builtin_bit_cast(float, i); }
__WL_D unsigned __float_as_uint(float f)
{ return __builtin_bit_cast(unsigned, f); }
__WL_D float __uint_as_float(unsigned u)
{ return __builtin_bit_cast(float, u); }
__WL_D long long __double_as_longlong(double d)
{ return __builtin_bit_cast(long long, d); }
__WL_D double __longlong_as_double(long long l)
{ return __builtin_bit_cast(double, l); }
__WL_D int __double2hiint(double d)
{ return (int)(__builtin_bit_cast(long long, d) >> 32); }
__WL_D int __double2loint(double d)
{ return (int)__builtin_bit_cast(long long, d); }
__WL_D double __hiloint2double(int hi, int lo)
{
	return __builtin_bit_cast(double,
		(long long)(((unsigned long long)(unsigned)hi << 32) |
			    (unsigned)lo));
}

/* min/max as the CUDA headers overload them. */
__WL_HD int min(int a, int b) { return a < b ? a : b; }
__WL_HD int max(int a, int b) { return a > b ? a : b; }
__WL_HD unsigned min(unsigned a, unsigned b) { return a < b ? a : b; }
__WL_HD unsigned max(unsigned a, unsigned b) { return a > b ? a : b; }
__WL_HD float fminf(float a, float b) { return __builtin_fminf(a, b); }
__WL_HD float fmaxf(float a, float b) { return __builtin_fmaxf(a, b); }
__WL_HD float min(float a, float b) { return fminf(a, b); }
__WL_HD float max(float a, float b) { return fmaxf(a, b); }
__WL_HD float fabsf(float a) { return __builtin_fabsf(a); }
__WL_HD double fabs(double a) { return __builtin_fabs(a); }
__WL_HD float sqrtf(float a) { return __builtin_sqrtf(a); }
__WL_HD double sqrt(double a) { return __builtin_sqrt(a); }
__WL_HD float fmaf(float a, float b, float c)
{ return __builtin_fmaf(a, b, c); }

/* Read-only loads: a plain load has the same value. */
template <class T> __WL_D T __ldg(const T *p) { return *p; }

/* Atomics (sm_60 has the double add and the scoped forms). */
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
__WL_D unsigned atomicAdd(unsigned *a, unsigned v)
{ return (unsigned)atomicAdd((int *)a, (int)v); }
__WL_D unsigned atomicExch(unsigned *a, unsigned v)
{ return (unsigned)atomicExch((int *)a, (int)v); }
__WL_D unsigned atomicCAS(unsigned *a, unsigned c, unsigned v)
{ return (unsigned)atomicCAS((int *)a, (int)c, (int)v); }
__WL_D unsigned atomicOr(unsigned *a, unsigned v)
{ return (unsigned)atomicOr((int *)a, (int)v); }
__WL_D unsigned atomicAnd(unsigned *a, unsigned v)
{ return (unsigned)atomicAnd((int *)a, (int)v); }
__WL_D unsigned long long atomicAdd(unsigned long long *a,
				    unsigned long long v)
{ return (unsigned long long)atomicAdd((long long *)a, (long long)v); }
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
__WL_D unsigned atomicInc(unsigned *a, unsigned v)
{ return __nvvm_atom_inc_gen_ui(a, v); }
__WL_D float atomicAdd(float *a, float v)
{ return __nvvm_atom_add_gen_f(a, v); }
__WL_D double atomicAdd(double *a, double v)
{ return __nvvm_atom_add_gen_d(a, v); }
__WL_D float atomicExch(float *a, float v)
{ return __int_as_float(atomicExch((int *)a, __float_as_int(v))); }

#undef __WL_SHFL32
#undef __WL_SHFLSYNC
#undef __WL_ATOM
#undef __WL_D
#undef __WL_HD

#endif
