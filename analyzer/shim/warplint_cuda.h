/*
 * warplint's CUDA shim, force-included before every file it parses.
 *
 * libclang parses device code with -nocudainc, so nothing of the CUDA
 * toolkit is visible: this header supplies the attribute macros, the
 * built-in variables, and declarations of every warp primitive, legacy and
 * _sync alike.  The real CUDA 13 headers cannot serve: they hide the legacy
 * intrinsics for __CUDA_ARCH__ >= 700, which are exactly what warplint must
 * see.  Declarations only; nothing here is ever compiled to code.
 */
#ifndef WARPLINT_CUDA_SHIM_H
#define WARPLINT_CUDA_SHIM_H

#define __WARPLINT__ 1
#define __CUDACC__ 1
#define __CUDACC_VER_MAJOR__ 13
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 0
#define CUDA_VERSION 13000
#define CUDART_VERSION 13000
#define __CUDA_API_VERSION 13000

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
#define __WL_HD __host__ __device__
#define __WL_D __device__


/*
 * The C library and math functions CUDA code calls from the device: take
 * the system's own declarations and make them __host__ __device__, as
 * clang's CUDA runtime wrapper does, so that a later #include of these
 * headers by the user is a no-op rather than a clash.
 */
#pragma clang force_cuda_host_device begin
#include <assert.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#pragma clang force_cuda_host_device end

#include <__clang_cuda_builtin_vars.h>

#define __WL_VEC1(T, N) struct N##1 { T x; };
#define __WL_VEC2(T, N) struct __attribute__((aligned(2 * sizeof(T)))) N##2 { T x, y; };
#define __WL_VEC3(T, N) struct N##3 { T x, y, z; };
#define __WL_VEC4(T, N) struct __attribute__((aligned(4 * sizeof(T) > 16 ? 16 : 4 * sizeof(T)))) N##4 { T x, y, z, w; };
#define __WL_VECS(T, N) __WL_VEC1(T, N) __WL_VEC2(T, N) __WL_VEC3(T, N) __WL_VEC4(T, N) \
	typedef struct N##1 N##1; typedef struct N##2 N##2; typedef struct N##4 N##4; \
	static __WL_HD inline N##2 make_##N##2(T x, T y) { N##2 r = {x, y}; return r; } \
	static __WL_HD inline N##4 make_##N##4(T x, T y, T z, T w) { N##4 r = {x, y, z, w}; return r; }
__WL_VECS(signed char, char)
__WL_VECS(unsigned char, uchar)
__WL_VECS(short, short)
__WL_VECS(unsigned short, ushort)
__WL_VECS(int, int)
__WL_VECS(long, long)
__WL_VECS(long long, longlong)
__WL_VECS(unsigned long long, ulonglong)
__WL_VECS(float, float)
__WL_VECS(double, double)
struct uint1 { unsigned x; };
struct uint2 { unsigned x, y; };
struct uint4 { unsigned x, y, z, w; };
struct uint3 { unsigned x, y, z; };
struct dim3 {
	unsigned x, y, z;
	__WL_HD constexpr dim3(unsigned vx = 1, unsigned vy = 1, unsigned vz = 1)
		: x(vx), y(vy), z(vz) {}
	__WL_HD constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
};
static __WL_HD inline uint2 make_uint2(unsigned x, unsigned y) { uint2 r = {x, y}; return r; }
static __WL_HD inline uint3 make_uint3(unsigned x, unsigned y, unsigned z) { uint3 r = {x, y, z}; return r; }
static __WL_HD inline uint4 make_uint4(unsigned x, unsigned y, unsigned z, unsigned w) { uint4 r = {x, y, z, w}; return r; }
static __WL_HD inline int3 make_int3(int x, int y, int z) { int3 r = {x, y, z}; return r; }
static __WL_HD inline float3 make_float3(float x, float y, float z) { float3 r = {x, y, z}; return r; }
static __WL_HD inline double3 make_double3(double x, double y, double z) { double3 r = {x, y, z}; return r; }

__WL_D inline __cuda_builtin_threadIdx_t::operator uint3() const { uint3 r = {x, y, z}; return r; }
__WL_D inline __cuda_builtin_blockIdx_t::operator uint3() const { uint3 r = {x, y, z}; return r; }
__WL_D inline __cuda_builtin_blockDim_t::operator dim3() const { return dim3(x, y, z); }
__WL_D inline __cuda_builtin_gridDim_t::operator dim3() const { return dim3(x, y, z); }

/* Half precision, enough for the shuffle overloads to resolve. */
struct __half {
	unsigned short __x;
	__WL_HD __half() : __x(0) {}
	__WL_HD __half(float f);
	__WL_HD operator float() const;
};
struct __half2 {
	__half x, y;
	__WL_HD __half2() {}
	__WL_HD __half2(__half a, __half b) : x(a), y(b) {}
};
typedef __half half;
typedef __half2 half2;
struct __nv_bfloat16 { unsigned short __x; };
struct __nv_bfloat162 { __nv_bfloat16 x, y; };

/* Legacy warp primitives (removed for sm_70+ by CUDA 9+, gone in CUDA 13). */
#define __WL_LEGACY_SHFL(T)                                                   \
	__WL_D T __shfl(T var, int srcLane, int width = 32);                  \
	__WL_D T __shfl_up(T var, unsigned int delta, int width = 32);        \
	__WL_D T __shfl_down(T var, unsigned int delta, int width = 32);      \
	__WL_D T __shfl_xor(T var, int laneMask, int width = 32);
#define __WL_SYNC_SHFL(T)                                                     \
	__WL_D T __shfl_sync(unsigned mask, T var, int srcLane, int width = 32); \
	__WL_D T __shfl_up_sync(unsigned mask, T var, unsigned int delta,     \
				int width = 32);                              \
	__WL_D T __shfl_down_sync(unsigned mask, T var, unsigned int delta,   \
				  int width = 32);                            \
	__WL_D T __shfl_xor_sync(unsigned mask, T var, int laneMask,          \
				 int width = 32);
#define __WL_SHFL_TYPES(X)                                                    \
	X(int) X(unsigned int) X(long) X(unsigned long) X(long long)          \
	X(unsigned long long) X(float) X(double) X(__half) X(__half2)         \
	X(__nv_bfloat16) X(__nv_bfloat162)
__WL_SHFL_TYPES(__WL_LEGACY_SHFL)
__WL_SHFL_TYPES(__WL_SYNC_SHFL)

__WL_D unsigned int __ballot(int predicate);
__WL_D int __any(int predicate);
__WL_D int __all(int predicate);
__WL_D unsigned int __ballot_sync(unsigned mask, int predicate);
__WL_D int __any_sync(unsigned mask, int predicate);
__WL_D int __all_sync(unsigned mask, int predicate);
__WL_D int __uni_sync(unsigned mask, int predicate);
__WL_D unsigned int __activemask(void);
__WL_D void __syncwarp(unsigned mask = 0xffffffff);
#define __WL_MATCH(T)                                                         \
	__WL_D unsigned int __match_any_sync(unsigned mask, T value);         \
	__WL_D unsigned int __match_all_sync(unsigned mask, T value, int *pred);
__WL_MATCH(int) __WL_MATCH(unsigned int) __WL_MATCH(long)
__WL_MATCH(unsigned long) __WL_MATCH(long long) __WL_MATCH(unsigned long long)
__WL_MATCH(float) __WL_MATCH(double)
__WL_D int __reduce_add_sync(unsigned mask, int value);
__WL_D unsigned __reduce_add_sync(unsigned mask, unsigned value);
__WL_D int __reduce_min_sync(unsigned mask, int value);
__WL_D unsigned __reduce_min_sync(unsigned mask, unsigned value);
__WL_D int __reduce_max_sync(unsigned mask, int value);
__WL_D unsigned __reduce_max_sync(unsigned mask, unsigned value);
__WL_D unsigned __reduce_and_sync(unsigned mask, unsigned value);
__WL_D unsigned __reduce_or_sync(unsigned mask, unsigned value);
__WL_D unsigned __reduce_xor_sync(unsigned mask, unsigned value);

/* Block-level barriers and fences. */
__WL_D void __syncthreads(void);
__WL_D int __syncthreads_count(int predicate);
__WL_D int __syncthreads_and(int predicate);
__WL_D int __syncthreads_or(int predicate);
__WL_D void __threadfence(void);
__WL_D void __threadfence_block(void);
__WL_D void __threadfence_system(void);
__WL_D void __nanosleep(unsigned ns);
__WL_D void __trap(void);
__WL_D long long clock64(void);
__WL_D long clock(void);

/* Integer intrinsics. */
__WL_D int __ffs(int x);
__WL_D int __ffsll(long long x);
__WL_D int __popc(unsigned int x);
__WL_D int __popcll(unsigned long long x);
__WL_D int __clz(int x);
__WL_D int __clzll(long long x);
__WL_D unsigned int __brev(unsigned int x);
__WL_D unsigned long long __brevll(unsigned long long x);
__WL_D unsigned int __lanemask_lt(void);
__WL_D int __mul24(int a, int b);
__WL_D unsigned __umul24(unsigned a, unsigned b);
__WL_D int __mulhi(int a, int b);
__WL_D unsigned __umulhi(unsigned a, unsigned b);
__WL_D unsigned int __byte_perm(unsigned a, unsigned b, unsigned s);
__WL_D unsigned int __funnelshift_l(unsigned lo, unsigned hi, unsigned s);
__WL_D unsigned int __funnelshift_r(unsigned lo, unsigned hi, unsigned s);
__WL_D int __double2hiint(double d);
__WL_D int __double2loint(double d);
__WL_D double __hiloint2double(int hi, int lo);
__WL_D long long __double_as_longlong(double d);
__WL_D double __longlong_as_double(long long l);
__WL_D int __float_as_int(float f);
__WL_D float __int_as_float(int i);
__WL_D unsigned __float_as_uint(float f);
__WL_D float __uint_as_float(unsigned u);
__WL_D float __fdividef(float a, float b);
__WL_D float __saturatef(float x);
__WL_D float __fmaf_rn(float a, float b, float c);
__WL_D float __fadd_rn(float a, float b);
__WL_D float __fmul_rn(float a, float b);
__WL_D double __fma_rn(double a, double b, double c);
__WL_D double __dadd_rn(double a, double b);
__WL_D int __float2int_rn(float x);
__WL_D int __float2int_rz(float x);
__WL_D unsigned __float2uint_rn(float x);
__WL_D float __int2float_rn(int x);
__WL_D __half __float2half(float f);
__WL_D float __half2float(__half h);
__WL_D __half2 __floats2half2_rn(float a, float b);
__WL_D __half2 __float2half2_rn(float a);
__WL_D __half2 __hadd2(__half2 a, __half2 b);
__WL_D __half __hadd(__half a, __half b);
__WL_D float __low2float(__half2 h);
__WL_D float __high2float(__half2 h);

/* Read-only loads. */
#define __WL_LDG(T) __WL_D T __ldg(const T *p);
__WL_LDG(char) __WL_LDG(unsigned char) __WL_LDG(short) __WL_LDG(int)
__WL_LDG(unsigned int) __WL_LDG(long) __WL_LDG(unsigned long) __WL_LDG(long long)
__WL_LDG(unsigned long long) __WL_LDG(float) __WL_LDG(double) __WL_LDG(float2)
__WL_LDG(float4) __WL_LDG(int2) __WL_LDG(int4) __WL_LDG(double2)

/* Atomics. */
#define __WL_ATOMIC(T)                                                        \
	__WL_D T atomicAdd(T *address, T val);                                \
	__WL_D T atomicSub(T *address, T val);                                \
	__WL_D T atomicExch(T *address, T val);                               \
	__WL_D T atomicMin(T *address, T val);                                \
	__WL_D T atomicMax(T *address, T val);                                \
	__WL_D T atomicCAS(T *address, T compare, T val);                     \
	__WL_D T atomicAnd(T *address, T val);                                \
	__WL_D T atomicOr(T *address, T val);                                 \
	__WL_D T atomicXor(T *address, T val);                                \
	__WL_D T atomicAdd_block(T *address, T val);                          \
	__WL_D T atomicAdd_system(T *address, T val);
__WL_ATOMIC(int) __WL_ATOMIC(unsigned int) __WL_ATOMIC(unsigned long long)
__WL_ATOMIC(long long)
__WL_D float atomicAdd(float *address, float val);
__WL_D double atomicAdd(double *address, double val);
__WL_D float atomicExch(float *address, float val);
__WL_D unsigned int atomicInc(unsigned int *address, unsigned int val);
__WL_D unsigned int atomicDec(unsigned int *address, unsigned int val);


#define __WL_MATH1(f) __WL_HD float f##f(float); __WL_HD double f(double);
__WL_MATH1(rsqrt) __WL_MATH1(rcbrt) __WL_MATH1(exp10) __WL_MATH1(sinpi)
__WL_MATH1(cospi)
__WL_HD void sincosf(float, float *, float *);
__WL_HD void sincos(double, double *, double *);
__WL_HD int min(int, int);
__WL_HD unsigned min(unsigned, unsigned);
__WL_HD long long min(long long, long long);
__WL_HD unsigned long long min(unsigned long long, unsigned long long);
__WL_HD float min(float, float);
__WL_HD double min(double, double);
__WL_HD int max(int, int);
__WL_HD unsigned max(unsigned, unsigned);
__WL_HD long long max(long long, long long);
__WL_HD unsigned long long max(unsigned long long, unsigned long long);
__WL_HD float max(float, float);
__WL_HD double max(double, double);
__WL_HD unsigned umin(unsigned, unsigned);
__WL_HD unsigned umax(unsigned, unsigned);
__WL_HD long long llmin(long long, long long);
__WL_HD long long llmax(long long, long long);

#define CUDART_INF_F __int_as_float(0x7f800000)
#define CUDART_INF __longlong_as_double(0x7ff0000000000000ULL)
#define CUDART_NAN_F __int_as_float(0x7fffffff)

#endif /* WARPLINT_CUDA_SHIM_H */
