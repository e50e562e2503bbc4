/*
 * warplint stand-in for <cuda_fp16.h>: __half, __half2 and their
 * functions.  The arithmetic families are declared by __WL_HALF_API,
 * which cuda_bf16.h reuses for __nv_bfloat16.
 */
#ifndef __CUDA_FP16_H__
#define __CUDA_FP16_H__
#define __CUDA_FP16_HPP__
#define __CUDA_FP16_TYPES_EXIST__

#include <host_defines.h>
#include <vector_types.h>
#include <sm_30_intrinsics.h>

/* Arithmetic, comparison, math and warp functions of a 16-bit type H and
 * its pair H2, on the device. */
#define __WL_HALF_API(H, H2)                                                  \
	__WL_D H __hadd(H a, H b); __WL_D H __hsub(H a, H b);                 \
	__WL_D H __hmul(H a, H b); __WL_D H __hdiv(H a, H b);                 \
	__WL_D H __hadd_sat(H a, H b); __WL_D H __hsub_sat(H a, H b);         \
	__WL_D H __hmul_sat(H a, H b); __WL_D H __hfma(H a, H b, H c);        \
	__WL_D H __hfma_sat(H a, H b, H c); __WL_D H __hneg(H a);             \
	__WL_D H __habs(H a); __WL_D H __hmax(H a, H b);                      \
	__WL_D H __hmin(H a, H b); __WL_D H __hmax_nan(H a, H b);             \
	__WL_D H __hmin_nan(H a, H b);                                        \
	__WL_D bool __heq(H a, H b); __WL_D bool __hne(H a, H b);             \
	__WL_D bool __hle(H a, H b); __WL_D bool __hge(H a, H b);             \
	__WL_D bool __hlt(H a, H b); __WL_D bool __hgt(H a, H b);             \
	__WL_D bool __hequ(H a, H b); __WL_D bool __hneu(H a, H b);           \
	__WL_D bool __hleu(H a, H b); __WL_D bool __hgeu(H a, H b);           \
	__WL_D bool __hltu(H a, H b); __WL_D bool __hgtu(H a, H b);           \
	__WL_D bool __hisnan(H a); __WL_D int __hisinf(H a);                  \
	__WL_D H hsqrt(H a); __WL_D H hrsqrt(H a); __WL_D H hrcp(H a);        \
	__WL_D H hlog(H a); __WL_D H hlog2(H a); __WL_D H hlog10(H a);        \
	__WL_D H hexp(H a); __WL_D H hexp2(H a); __WL_D H hexp10(H a);        \
	__WL_D H hcos(H a); __WL_D H hsin(H a); __WL_D H htanh(H a);          \
	__WL_D H hceil(H a); __WL_D H hfloor(H a); __WL_D H htrunc(H a);      \
	__WL_D H hrint(H a);                                                  \
	__WL_D H2 __hadd2(H2 a, H2 b); __WL_D H2 __hsub2(H2 a, H2 b);         \
	__WL_D H2 __hmul2(H2 a, H2 b); __WL_D H2 __h2div(H2 a, H2 b);         \
	__WL_D H2 __hadd2_sat(H2 a, H2 b); __WL_D H2 __hsub2_sat(H2 a, H2 b); \
	__WL_D H2 __hmul2_sat(H2 a, H2 b); __WL_D H2 __hfma2(H2 a, H2 b, H2 c); \
	__WL_D H2 __hfma2_sat(H2 a, H2 b, H2 c); __WL_D H2 __hneg2(H2 a);     \
	__WL_D H2 __habs2(H2 a); __WL_D H2 __hmax2(H2 a, H2 b);               \
	__WL_D H2 __hmin2(H2 a, H2 b);                                        \
	__WL_D H2 __heq2(H2 a, H2 b); __WL_D H2 __hne2(H2 a, H2 b);           \
	__WL_D H2 __hle2(H2 a, H2 b); __WL_D H2 __hge2(H2 a, H2 b);           \
	__WL_D H2 __hlt2(H2 a, H2 b); __WL_D H2 __hgt2(H2 a, H2 b);           \
	__WL_D bool __hbeq2(H2 a, H2 b); __WL_D bool __hbne2(H2 a, H2 b);     \
	__WL_D bool __hble2(H2 a, H2 b); __WL_D bool __hbge2(H2 a, H2 b);     \
	__WL_D bool __hblt2(H2 a, H2 b); __WL_D bool __hbgt2(H2 a, H2 b);     \
	__WL_D H2 __hisnan2(H2 a);                                            \
	__WL_D H2 h2sqrt(H2 a); __WL_D H2 h2rsqrt(H2 a); __WL_D H2 h2rcp(H2 a); \
	__WL_D H2 h2log(H2 a); __WL_D H2 h2log2(H2 a); __WL_D H2 h2log10(H2 a); \
	__WL_D H2 h2exp(H2 a); __WL_D H2 h2exp2(H2 a); __WL_D H2 h2exp10(H2 a); \
	__WL_D H2 h2cos(H2 a); __WL_D H2 h2sin(H2 a); __WL_D H2 h2ceil(H2 a); \
	__WL_D H2 h2floor(H2 a); __WL_D H2 h2trunc(H2 a); __WL_D H2 h2rint(H2 a); \
	__WL_HD float __low2float(H2 a); __WL_HD float __high2float(H2 a);    \
	__WL_HD H __low2half(H2 a); __WL_HD H __high2half(H2 a);              \
	__WL_HD H2 __halves2half2(H a, H b); __WL_HD H2 __half2half2(H a);    \
	__WL_HD H2 __lows2half2(H2 a, H2 b); __WL_HD H2 __highs2half2(H2 a, H2 b); \
	__WL_HD H2 __low2half2(H2 a); __WL_HD H2 __high2half2(H2 a);          \
	__WL_HD H2 __lowhigh2highlow(H2 a);                                   \
	__WL_HD float2 __half22float2(H2 a);                                  \
	__WL_D H __ldg(const H *p); __WL_D H2 __ldg(const H2 *p);             \
	__WL_D H __ldcg(const H *p); __WL_D H2 __ldcg(const H2 *p);           \
	__WL_D H __ldca(const H *p); __WL_D H2 __ldca(const H2 *p);           \
	__WL_D H __ldcs(const H *p); __WL_D H2 __ldcs(const H2 *p);           \
	__WL_D H atomicAdd(H *address, H val);                                \
	__WL_D H2 atomicAdd(H2 *address, H2 val);                             \
	__WL_HD H operator+(const H &a, const H &b);                           \
	__WL_HD H operator-(const H &a, const H &b);                           \
	__WL_HD H operator*(const H &a, const H &b);                           \
	__WL_HD H operator/(const H &a, const H &b);                           \
	__WL_HD H &operator+=(H &a, const H &b);                               \
	__WL_HD H &operator-=(H &a, const H &b);                               \
	__WL_HD H &operator*=(H &a, const H &b);                               \
	__WL_HD H &operator/=(H &a, const H &b);                               \
	__WL_HD H operator-(const H &a);                                       \
	__WL_D bool operator==(const H &a, const H &b);                       \
	__WL_D bool operator!=(const H &a, const H &b);                       \
	__WL_D bool operator<(const H &a, const H &b);                        \
	__WL_D bool operator>(const H &a, const H &b);                        \
	__WL_D bool operator<=(const H &a, const H &b);                       \
	__WL_D bool operator>=(const H &a, const H &b);                       \
	__WL_HD H2 operator+(const H2 &a, const H2 &b);                        \
	__WL_HD H2 operator-(const H2 &a, const H2 &b);                        \
	__WL_HD H2 operator*(const H2 &a, const H2 &b);                        \
	__WL_HD H2 operator/(const H2 &a, const H2 &b);                        \
	__WL_HD H2 &operator+=(H2 &a, const H2 &b);                            \
	__WL_HD H2 &operator-=(H2 &a, const H2 &b);                            \
	__WL_HD H2 &operator*=(H2 &a, const H2 &b);                            \
	__WL_HD H2 &operator/=(H2 &a, const H2 &b);                            \
	__WL_WARP_SHUFFLES(H) __WL_WARP_SHUFFLES(H2)

struct __half_raw { unsigned short x; };
struct __half2_raw { unsigned short x, y; };
struct __align__(2) __half {
	/* x: the public bits of CUDA 8's __half, which legacy code reads */
	union {
		unsigned short __x;
		unsigned short x;
	};
	__half() = default;
	__WL_HD __half(const __half_raw &r) : __x(r.x) {}
	__WL_HD __half(float f);
	__WL_HD __half(double f);
	__WL_HD __half(int i);
	__WL_HD __half(unsigned int i);
	__WL_HD __half(short i);
	__WL_HD __half(unsigned short i);
	__WL_HD __half(long long i);
	__WL_HD __half(unsigned long long i);
	__WL_HD __half &operator=(float f);
	__WL_HD __half &operator=(const __half_raw &r);
	__WL_HD operator float() const;
	__WL_HD operator __half_raw() const;
};
struct __align__(4) __half2 {
	__half x, y;
	__half2() = default;
	__WL_HD __half2(const __half &a, const __half &b) : x(a), y(b) {}
	__WL_HD __half2(const __half2_raw &r);
	__WL_HD operator __half2_raw() const;
};
typedef struct __half half;
typedef struct __half2 half2;
typedef struct __half __nv_half;
typedef struct __half2 __nv_half2;

#define __WL_HALF_CONV(R, name, A)                                            \
	__WL_HD R name##_rn(A); __WL_HD R name##_rz(A);                       \
	__WL_HD R name##_ru(A); __WL_HD R name##_rd(A);
__WL_HD __half __float2half(float a);
__WL_HD float __half2float(__half a);
__WL_HD __half __double2half(double a);
__WL_HD __half2 __float2half2_rn(float a);
__WL_HD __half2 __floats2half2_rn(float a, float b);
__WL_HD __half2 __float22half2_rn(float2 a);
__WL_HALF_CONV(__half, __float2half, float)
__WL_HALF_CONV(__half, __int2half, int)
__WL_HALF_CONV(int, __half2int, __half)
__WL_HALF_CONV(__half, __uint2half, unsigned int)
__WL_HALF_CONV(unsigned int, __half2uint, __half)
__WL_HALF_CONV(__half, __short2half, short)
__WL_HALF_CONV(short, __half2short, __half)
__WL_HALF_CONV(__half, __ushort2half, unsigned short)
__WL_HALF_CONV(unsigned short, __half2ushort, __half)
__WL_HALF_CONV(__half, __ll2half, long long)
__WL_HALF_CONV(long long, __half2ll, __half)
__WL_HALF_CONV(__half, __ull2half, unsigned long long)
__WL_HALF_CONV(unsigned long long, __half2ull, __half)
__WL_HALF_CONV(char, __half2char, __half)
__WL_HALF_CONV(unsigned char, __half2uchar, __half)
__WL_D short __half_as_short(__half h);
__WL_D unsigned short __half_as_ushort(__half h);
__WL_D __half __short_as_half(short i);
__WL_D __half __ushort_as_half(unsigned short i);
__WL_HALF_API(__half, __half2)

#endif
