/* SPDX-License-Identifier: MIT */
/*
 * gpu_verify stand-in for <math_constants.h>: the constants legacy code
 * names, with the values of the CUDA header (IEEE bit patterns for the
 * infinities and NaNs, decimal literals for the rest).
 */
#ifndef WL_GPU_VERIFY_MATH_CONSTANTS_H
#define WL_GPU_VERIFY_MATH_CONSTANTS_H
#define CUDART_INF_F __int_as_float(0x7f800000)
#define CUDART_NAN_F __int_as_float(0x7fffffff)
#define CUDART_MIN_DENORM_F __int_as_float(0x00000001)
#define CUDART_MAX_NORMAL_F __int_as_float(0x7f7fffff)
#define CUDART_NEG_ZERO_F __int_as_float(0x80000000)
#define CUDART_ZERO_F 0.0f
#define CUDART_ONE_F 1.0f
#define CUDART_PI_F 3.141592654f
#define CUDART_PIO2_F 1.570796327f
#define CUDART_L2E_F 1.442695041f
#define CUDART_LN2_F 0.693147181f
#define CUDART_SQRT_HALF_F 0.707106781f
#define CUDART_INF __longlong_as_double(0x7ff0000000000000ULL)
#define CUDART_NAN __longlong_as_double(0xfff8000000000000ULL)
#define CUDART_NEG_ZERO __longlong_as_double(0x8000000000000000ULL)
#define CUDART_MIN_DENORM __longlong_as_double(0x0000000000000001ULL)
#define CUDART_ZERO 0.0
#define CUDART_ONE 1.0
#define CUDART_PI 3.1415926535897931e+0
#define CUDART_PIO2 1.5707963267948966e+0
#define CUDART_L2E 1.4426950408889634e+0
#define CUDART_LN2 6.9314718055994529e-1
#endif
