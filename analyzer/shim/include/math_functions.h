/*
 * warplint stand-in for <math_functions.h>: the device side of the C
 * library's math functions and CUDA's own.
 *
 * Never __host__ __device__: the C and C++ standard headers declare the
 * host side, and clang refuses a host+device function that overloads a
 * host one with the same signature (the "cannot overload" errors
 * libstdc++ would otherwise trigger).  A __device__ declaration is a
 * separate overload, which is how clang's own CUDA headers do it:
 * <__clang_cuda_math_forward_declares.h>, included by cuda_runtime.h
 * before <cmath>, declares the C++ overloads (sqrt(float), abs(long)...);
 * the C names of the float functions and CUDA's extra ones are here.
 */
#ifndef __MATH_FUNCTIONS_H__
#define __MATH_FUNCTIONS_H__
#define __MATH_FUNCTIONS_HPP__
#define __COMMON_FUNCTIONS_H__

#include <host_defines.h>

/*
 * The double versions of the C names below come from the forward declares;
 * declaring them again with C linkage would clash.  Only the float names
 * and what the forward declares lack are here.
 */
#define __WL_F1(n) __WL_D float n##f(float);
#define __WL_F2(n) __WL_D float n##f(float, float);
#define __WL_DF1(n) __WL_D double n(double); __WL_F1(n)
#define __WL_DF2(n) __WL_D double n(double, double); __WL_F2(n)
extern "C" {
__WL_F1(acos) __WL_F1(asin) __WL_F1(atan) __WL_F1(cos) __WL_F1(sin)
__WL_F1(tan) __WL_F1(cosh) __WL_F1(sinh) __WL_F1(tanh) __WL_F1(acosh)
__WL_F1(asinh) __WL_F1(atanh) __WL_F1(exp) __WL_F1(exp2) __WL_F1(expm1)
__WL_F1(log) __WL_F1(log10) __WL_F1(log1p) __WL_F1(log2) __WL_F1(logb)
__WL_F1(sqrt) __WL_F1(cbrt) __WL_F1(ceil) __WL_F1(floor) __WL_F1(trunc)
__WL_F1(round) __WL_F1(rint) __WL_F1(nearbyint) __WL_F1(erf) __WL_F1(erfc)
__WL_F1(tgamma) __WL_F1(lgamma) __WL_F1(fabs)
__WL_F2(atan2) __WL_F2(pow) __WL_F2(fmod) __WL_F2(fmin) __WL_F2(fmax)
__WL_F2(fdim) __WL_F2(hypot) __WL_F2(copysign) __WL_F2(remainder)
__WL_F2(nextafter)
__WL_DF1(exp10) __WL_DF1(rsqrt) __WL_DF1(rcbrt) __WL_DF1(erfinv)
__WL_DF1(erfcinv) __WL_DF1(erfcx) __WL_DF1(normcdf) __WL_DF1(normcdfinv)
__WL_DF1(sinpi) __WL_DF1(cospi) __WL_DF1(j0) __WL_DF1(j1) __WL_DF1(y0)
__WL_DF1(y1) __WL_DF1(cyl_bessel_i0) __WL_DF1(cyl_bessel_i1)
__WL_DF2(fdivide) __WL_DF2(rhypot)
__WL_D float fmaf(float, float, float);
__WL_D float frexpf(float, int *);
__WL_D float ldexpf(float, int);
__WL_D float modff(float, float *);
__WL_D float scalbnf(float, int);
__WL_D float scalblnf(float, long);
__WL_D int ilogbf(float);
__WL_D long lrintf(float);
__WL_D long lroundf(float);
__WL_D long long llrintf(float);
__WL_D long long llroundf(float);
__WL_D float remquof(float, float, int *);
__WL_D double jn(int, double);
__WL_D float jnf(int, float);
__WL_D double yn(int, double);
__WL_D float ynf(int, float);
__WL_D void sincos(double, double *, double *);
__WL_D void sincosf(float, float *, float *);
__WL_D void sincospi(double, double *, double *);
__WL_D void sincospif(float, float *, float *);
__WL_D double norm3d(double, double, double);
__WL_D float norm3df(float, float, float);
__WL_D int __finite(double);
__WL_D int __isinf(double);
__WL_D int __isnan(double);
__WL_D int __signbit(double);
}
/*
 * math_functions.hpp's C++ float overloads of CUDA's own functions
 * (relion calls `sincos(x, &s, &c)` on floats); the standard ones come
 * from the forward declares.
 */
#define __WL_FO1(n) __WL_D float n(float);
__WL_FO1(exp10) __WL_FO1(rsqrt) __WL_FO1(rcbrt) __WL_FO1(erfinv)
__WL_FO1(erfcinv) __WL_FO1(erfcx) __WL_FO1(normcdf) __WL_FO1(normcdfinv)
__WL_FO1(sinpi) __WL_FO1(cospi) __WL_FO1(j0) __WL_FO1(j1) __WL_FO1(y0)
__WL_FO1(y1) __WL_FO1(cyl_bessel_i0) __WL_FO1(cyl_bessel_i1)
#undef __WL_FO1
__WL_D float rhypot(float, float);
__WL_D float jn(int, float);
__WL_D float yn(int, float);
__WL_D void sincos(float, float *, float *);
__WL_D void sincospi(float, float *, float *);
#undef __WL_F1
#undef __WL_F2
#undef __WL_DF1
#undef __WL_DF2

/* CUDA's integer and float min and max, on both sides as in CUDA. */
__WL_HD int min(int, int);
__WL_HD unsigned int min(unsigned int, unsigned int);
__WL_HD unsigned int min(int, unsigned int);
__WL_HD unsigned int min(unsigned int, int);
__WL_HD long min(long, long);
__WL_HD unsigned long min(unsigned long, unsigned long);
__WL_HD long long min(long long, long long);
__WL_HD unsigned long long min(unsigned long long, unsigned long long);
__WL_HD float min(float, float);
__WL_HD double min(double, double);
__WL_HD double min(float, double);
__WL_HD double min(double, float);
__WL_HD int max(int, int);
__WL_HD unsigned int max(unsigned int, unsigned int);
__WL_HD unsigned int max(int, unsigned int);
__WL_HD unsigned int max(unsigned int, int);
__WL_HD long max(long, long);
__WL_HD unsigned long max(unsigned long, unsigned long);
__WL_HD long long max(long long, long long);
__WL_HD unsigned long long max(unsigned long long, unsigned long long);
__WL_HD float max(float, float);
__WL_HD double max(double, double);
__WL_HD double max(float, double);
__WL_HD double max(double, float);
__WL_HD unsigned int umin(unsigned int, unsigned int);
__WL_HD unsigned int umax(unsigned int, unsigned int);
__WL_HD long long llmin(long long, long long);
__WL_HD long long llmax(long long, long long);
__WL_HD unsigned long long ullmin(unsigned long long, unsigned long long);
__WL_HD unsigned long long ullmax(unsigned long long, unsigned long long);

#endif
