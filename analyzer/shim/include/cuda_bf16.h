/* warplint stand-in for <cuda_bf16.h>: __nv_bfloat16 and its functions. */
#ifndef __CUDA_BF16_H__
#define __CUDA_BF16_H__
#define __CUDA_BF16_HPP__
#define __CUDA_BF16_TYPES_EXIST__

#include <cuda_fp16.h>

struct __nv_bfloat16_raw { unsigned short x; };
struct __nv_bfloat162_raw { unsigned short x, y; };
struct __align__(2) __nv_bfloat16 {
	unsigned short __x;
	__nv_bfloat16() = default;
	__WL_HD __nv_bfloat16(const __nv_bfloat16_raw &r) : __x(r.x) {}
	__WL_HD __nv_bfloat16(float f);
	__WL_HD __nv_bfloat16(double f);
	__WL_HD __nv_bfloat16(int i);
	__WL_HD __nv_bfloat16 &operator=(float f);
	__WL_HD operator float() const;
	__WL_HD operator __nv_bfloat16_raw() const;
};
struct __align__(4) __nv_bfloat162 {
	__nv_bfloat16 x, y;
	__nv_bfloat162() = default;
	__WL_HD __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b)
		: x(a), y(b) {}
	__WL_HD __nv_bfloat162(const __nv_bfloat162_raw &r);
	__WL_HD operator __nv_bfloat162_raw() const;
};
typedef struct __nv_bfloat16 nv_bfloat16;
typedef struct __nv_bfloat162 nv_bfloat162;

__WL_HD __nv_bfloat16 __float2bfloat16(float a);
__WL_HD float __bfloat162float(__nv_bfloat16 a);
__WL_HD __nv_bfloat16 __double2bfloat16(double a);
__WL_HD __nv_bfloat162 __float2bfloat162_rn(float a);
__WL_HD __nv_bfloat162 __floats2bfloat162_rn(float a, float b);
__WL_HD __nv_bfloat162 __float22bfloat162_rn(float2 a);
__WL_HD float2 __bfloat1622float2(__nv_bfloat162 a);
__WL_HALF_CONV(__nv_bfloat16, __float2bfloat16, float)
__WL_HALF_CONV(__nv_bfloat16, __int2bfloat16, int)
__WL_HALF_CONV(int, __bfloat162int, __nv_bfloat16)
__WL_HALF_CONV(__nv_bfloat16, __uint2bfloat16, unsigned int)
__WL_HALF_CONV(unsigned int, __bfloat162uint, __nv_bfloat16)
__WL_HALF_CONV(__nv_bfloat16, __short2bfloat16, short)
__WL_HALF_CONV(short, __bfloat162short, __nv_bfloat16)
__WL_HALF_CONV(__nv_bfloat16, __ushort2bfloat16, unsigned short)
__WL_HALF_CONV(unsigned short, __bfloat162ushort, __nv_bfloat16)
__WL_HALF_CONV(__nv_bfloat16, __ll2bfloat16, long long)
__WL_HALF_CONV(long long, __bfloat162ll, __nv_bfloat16)
__WL_HALF_CONV(__nv_bfloat16, __ull2bfloat16, unsigned long long)
__WL_HALF_CONV(unsigned long long, __bfloat162ull, __nv_bfloat16)
__WL_HALF_CONV(char, __bfloat162char, __nv_bfloat16)
__WL_HALF_CONV(unsigned char, __bfloat162uchar, __nv_bfloat16)
__WL_HD __nv_bfloat16 __half2bfloat16(__half h);
__WL_HD __half __bfloat162half(__nv_bfloat16 h);
__WL_D short __bfloat16_as_short(__nv_bfloat16 h);
__WL_D unsigned short __bfloat16_as_ushort(__nv_bfloat16 h);
__WL_D __nv_bfloat16 __short_as_bfloat16(short i);
__WL_D __nv_bfloat16 __ushort_as_bfloat16(unsigned short i);
__WL_HALF_API(__nv_bfloat16, __nv_bfloat162)

#endif
