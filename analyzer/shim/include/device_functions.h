/*
 * warplint stand-in for <device_functions.h> and the sm_XX intrinsics
 * headers: barriers, fences, and the integer, conversion and SIMD
 * intrinsics, as __device__ declarations.
 */
#ifndef __DEVICE_FUNCTIONS_H__
#define __DEVICE_FUNCTIONS_H__
/* The real internal headers these declarations replace. */
#define __DEVICE_FUNCTIONS_HPP__
#define __SM_20_INTRINSICS_H__
#define __SM_32_INTRINSICS_H__
#define __SM_35_INTRINSICS_H__
#define __SM_61_INTRINSICS_H__
#define __SM_70_RT_H__
#define __SM_80_RT_H__
#define __SM_90_RT_H__
#define __DEVICE_DOUBLE_FUNCTIONS_H__

#include <host_defines.h>
#include <vector_types.h>

/* Block-level barriers and fences. */
__WL_D void __syncthreads(void);
__WL_D int __syncthreads_count(int predicate);
__WL_D int __syncthreads_and(int predicate);
__WL_D int __syncthreads_or(int predicate);
/*
 * CUDA 8 and earlier also had `syncthreads()`, deprecated, the same
 * barrier (its vote sample and its concurrent-kernels sample call it);
 * CUDA 13 has none.  Spelled as the barrier it was, so that the analysis
 * sees one where the code has one.
 */
#define syncthreads __syncthreads
__WL_D void __barrier_sync(unsigned int id);
__WL_D void __barrier_sync_count(unsigned int id, unsigned int count);
__WL_D void __threadfence(void);
__WL_D void __threadfence_block(void);
__WL_D void __threadfence_system(void);
__WL_D void __nanosleep(unsigned int ns);
__WL_D void __trap(void);
__WL_D void __brkpt(void);
__WL_D void __brkpt(int c);
__WL_D void __prof_trigger(int counter);
__WL_D long long clock64(void);
__WL_D long clock(void);
__WL_D unsigned long long __globaltimer(void);
__WL_D unsigned int __isGlobal(const void *p);
__WL_D unsigned int __isShared(const void *p);
__WL_D unsigned int __isConstant(const void *p);
__WL_D unsigned int __isLocal(const void *p);
__WL_D size_t __cvta_generic_to_shared(const void *p);
__WL_D size_t __cvta_generic_to_global(const void *p);
__WL_D size_t __cvta_generic_to_constant(const void *p);
__WL_D size_t __cvta_generic_to_local(const void *p);
__WL_D void *__cvta_shared_to_generic(size_t p);
__WL_D void *__cvta_global_to_generic(size_t p);
__WL_D void *__cvta_constant_to_generic(size_t p);
__WL_D void *__cvta_local_to_generic(size_t p);

/* Integer intrinsics. */
__WL_D int __ffs(int x);
__WL_D int __ffsll(long long x);
__WL_D int __popc(unsigned int x);
__WL_D int __popcll(unsigned long long x);
__WL_D int __clz(int x);
__WL_D int __clzll(long long x);
__WL_D unsigned int __brev(unsigned int x);
__WL_D unsigned long long __brevll(unsigned long long x);
__WL_D int __mul24(int a, int b);
__WL_D unsigned int __umul24(unsigned int a, unsigned int b);
__WL_D int __mulhi(int a, int b);
__WL_D unsigned int __umulhi(unsigned int a, unsigned int b);
__WL_D long long __mul64hi(long long a, long long b);
__WL_D unsigned long long __umul64hi(unsigned long long a,
				     unsigned long long b);
__WL_D int __hadd(int a, int b);
__WL_D int __rhadd(int a, int b);
__WL_D unsigned int __uhadd(unsigned int a, unsigned int b);
__WL_D unsigned int __urhadd(unsigned int a, unsigned int b);
__WL_D unsigned int __sad(int a, int b, unsigned int c);
__WL_D unsigned int __usad(unsigned int a, unsigned int b, unsigned int c);
__WL_D unsigned int __byte_perm(unsigned int a, unsigned int b,
				unsigned int s);
__WL_D unsigned int __funnelshift_l(unsigned int lo, unsigned int hi,
				    unsigned int s);
__WL_D unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi,
				     unsigned int s);
__WL_D unsigned int __funnelshift_r(unsigned int lo, unsigned int hi,
				    unsigned int s);
__WL_D unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi,
				     unsigned int s);
__WL_D int __dp4a(int a, int b, int c);
__WL_D unsigned int __dp4a(unsigned int a, unsigned int b, unsigned int c);
__WL_D int __dp2a_lo(int a, int b, int c);
__WL_D int __dp2a_hi(int a, int b, int c);
__WL_D unsigned short __nv_bswap16(unsigned short x);
__WL_D unsigned int __nv_bswap32(unsigned int x);
__WL_D unsigned long long __nv_bswap64(unsigned long long x);
/* SIMD video intrinsics: two 16-bit or four 8-bit lanes in a word. */
#define __WL_SIMD(op) __WL_D unsigned int op(unsigned int a, unsigned int b);
#define __WL_SIMD24(op) __WL_SIMD(op##2) __WL_SIMD(op##4)
__WL_SIMD24(__vabsdiffs) __WL_SIMD24(__vabsdiffu) __WL_SIMD24(__vadd)
__WL_SIMD24(__vaddss) __WL_SIMD24(__vaddus) __WL_SIMD24(__vavgs)
__WL_SIMD24(__vavgu) __WL_SIMD24(__vcmpeq) __WL_SIMD24(__vcmpges)
__WL_SIMD24(__vcmpgeu) __WL_SIMD24(__vcmpgts) __WL_SIMD24(__vcmpgtu)
__WL_SIMD24(__vcmples) __WL_SIMD24(__vcmpleu) __WL_SIMD24(__vcmplts)
__WL_SIMD24(__vcmpltu) __WL_SIMD24(__vcmpne) __WL_SIMD24(__vhaddu)
__WL_SIMD24(__vmaxs) __WL_SIMD24(__vmaxu) __WL_SIMD24(__vmins)
__WL_SIMD24(__vminu) __WL_SIMD24(__vsads) __WL_SIMD24(__vsadu)
__WL_SIMD24(__vseteq) __WL_SIMD24(__vsetges) __WL_SIMD24(__vsetgeu)
__WL_SIMD24(__vsetgts) __WL_SIMD24(__vsetgtu) __WL_SIMD24(__vsetles)
__WL_SIMD24(__vsetleu) __WL_SIMD24(__vsetlts) __WL_SIMD24(__vsetltu)
__WL_SIMD24(__vsetne) __WL_SIMD24(__vsub) __WL_SIMD24(__vsubss)
__WL_SIMD24(__vsubus)
#undef __WL_SIMD24
#undef __WL_SIMD
__WL_D unsigned int __vabs2(unsigned int a);
__WL_D unsigned int __vabs4(unsigned int a);
__WL_D unsigned int __vabsss2(unsigned int a);
__WL_D unsigned int __vabsss4(unsigned int a);
__WL_D unsigned int __vneg2(unsigned int a);
__WL_D unsigned int __vneg4(unsigned int a);
__WL_D unsigned int __vnegss2(unsigned int a);
__WL_D unsigned int __vnegss4(unsigned int a);

/* Reinterpretations and conversions with a rounding mode. */
__WL_D int __float_as_int(float x);
__WL_D float __int_as_float(int x);
__WL_D unsigned int __float_as_uint(float x);
__WL_D float __uint_as_float(unsigned int x);
__WL_D long long __double_as_longlong(double x);
__WL_D double __longlong_as_double(long long x);
__WL_D int __double2hiint(double x);
__WL_D int __double2loint(double x);
__WL_D double __hiloint2double(int hi, int lo);
#define __WL_ROUNDED(R, name, A) \
	__WL_D R name##_rn(A); __WL_D R name##_rz(A); \
	__WL_D R name##_ru(A); __WL_D R name##_rd(A);
__WL_ROUNDED(int, __float2int, float)
__WL_ROUNDED(unsigned int, __float2uint, float)
__WL_ROUNDED(long long, __float2ll, float)
__WL_ROUNDED(unsigned long long, __float2ull, float)
__WL_ROUNDED(float, __int2float, int)
__WL_ROUNDED(float, __uint2float, unsigned int)
__WL_ROUNDED(float, __ll2float, long long)
__WL_ROUNDED(float, __ull2float, unsigned long long)
__WL_ROUNDED(int, __double2int, double)
__WL_ROUNDED(unsigned int, __double2uint, double)
__WL_ROUNDED(long long, __double2ll, double)
__WL_ROUNDED(unsigned long long, __double2ull, double)
__WL_ROUNDED(float, __double2float, double)
__WL_ROUNDED(double, __ll2double, long long)
__WL_ROUNDED(double, __ull2double, unsigned long long)
#undef __WL_ROUNDED
__WL_D double __int2double_rn(int x);
__WL_D double __uint2double_rn(unsigned int x);

/* Float and double arithmetic with a rounding mode, fast approximations. */
#define __WL_ROUNDED2(T, name) \
	__WL_D T name##_rn(T, T); __WL_D T name##_rz(T, T); \
	__WL_D T name##_ru(T, T); __WL_D T name##_rd(T, T);
#define __WL_ROUNDED1(T, name) \
	__WL_D T name##_rn(T); __WL_D T name##_rz(T); \
	__WL_D T name##_ru(T); __WL_D T name##_rd(T);
#define __WL_ROUNDED3(T, name) \
	__WL_D T name##_rn(T, T, T); __WL_D T name##_rz(T, T, T); \
	__WL_D T name##_ru(T, T, T); __WL_D T name##_rd(T, T, T);
__WL_ROUNDED2(float, __fadd) __WL_ROUNDED2(float, __fsub)
__WL_ROUNDED2(float, __fmul) __WL_ROUNDED2(float, __fdiv)
__WL_ROUNDED1(float, __frcp) __WL_ROUNDED1(float, __fsqrt)
__WL_ROUNDED3(float, __fmaf)
__WL_ROUNDED2(double, __dadd) __WL_ROUNDED2(double, __dsub)
__WL_ROUNDED2(double, __dmul) __WL_ROUNDED2(double, __ddiv)
__WL_ROUNDED1(double, __drcp) __WL_ROUNDED1(double, __dsqrt)
__WL_ROUNDED3(double, __fma)
#undef __WL_ROUNDED1
#undef __WL_ROUNDED2
#undef __WL_ROUNDED3
__WL_D float __frsqrt_rn(float x);
__WL_D float __fdividef(float a, float b);
__WL_D float __saturatef(float x);
__WL_D float __expf(float x);
__WL_D float __exp10f(float x);
__WL_D float __logf(float x);
__WL_D float __log2f(float x);
__WL_D float __log10f(float x);
__WL_D float __powf(float x, float y);
__WL_D float __sinf(float x);
__WL_D float __cosf(float x);
__WL_D float __tanf(float x);
__WL_D float __tanhf(float x);
__WL_D void __sincosf(float x, float *s, float *c);
__WL_D int __finitef(float x);
__WL_D int __isinff(float x);
__WL_D int __isnanf(float x);
__WL_D int __signbitf(float x);

/* Read-only and cache-hinted loads and stores (sm_32 and later). */
#define __WL_LD(T)                                                            \
	__WL_D T __ldg(const T *p); __WL_D T __ldcg(const T *p);              \
	__WL_D T __ldca(const T *p); __WL_D T __ldcs(const T *p);             \
	__WL_D T __ldlu(const T *p); __WL_D T __ldcv(const T *p);             \
	__WL_D void __stwb(T *p, T v); __WL_D void __stcg(T *p, T v);         \
	__WL_D void __stcs(T *p, T v); __WL_D void __stwt(T *p, T v);
#define __WL_LD4(N) __WL_LD(N##1) __WL_LD(N##2) __WL_LD(N##4)
__WL_LD(char) __WL_LD(signed char) __WL_LD(unsigned char) __WL_LD(short)
__WL_LD(unsigned short) __WL_LD(int) __WL_LD(unsigned int) __WL_LD(long)
__WL_LD(unsigned long) __WL_LD(long long) __WL_LD(unsigned long long)
__WL_LD(float) __WL_LD(double) __WL_LD4(char) __WL_LD4(uchar)
__WL_LD4(short) __WL_LD4(ushort) __WL_LD4(int) __WL_LD4(uint)
__WL_LD4(float) __WL_LD(longlong2) __WL_LD(ulonglong2) __WL_LD(double2)
#undef __WL_LD4
#undef __WL_LD

#endif
