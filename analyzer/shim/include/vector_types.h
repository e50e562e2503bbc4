/*
 * warplint stand-in for <vector_types.h>: every built-in vector type
 * (char1 .. double4, the unsigned and long long kinds too) and dim3.
 */
#ifndef __VECTOR_TYPES_H__
#define __VECTOR_TYPES_H__

#include <host_defines.h>

/* The real header defines these for the deprecated 4-vectors of 64 bits. */
#define __NV_SILENCE_DEPRECATION_BEGIN
#define __NV_SILENCE_DEPRECATION_END
#define __NV_SILENCE_HOST_DEPRECATION_BEGIN
#define __NV_SILENCE_HOST_DEPRECATION_END

/* Alignment as CUDA gives it: the whole vector for 2, up to 16 for 4. */
#define __WL_VEC1(T, N) struct N##1 { T x; };
#define __WL_VEC2(T, N) \
	struct __attribute__((aligned(2 * sizeof(T)))) N##2 { T x, y; };
#define __WL_VEC3(T, N) struct N##3 { T x, y, z; };
#define __WL_VEC4(T, N)                                                       \
	struct __attribute__((aligned(4 * sizeof(T) > 16 ? 16 : 4 * sizeof(T)))) \
		N##4 { T x, y, z, w; };
#define __WL_VECS(T, N)                                                       \
	__WL_VEC1(T, N) __WL_VEC2(T, N) __WL_VEC3(T, N) __WL_VEC4(T, N)       \
	typedef struct N##1 N##1; typedef struct N##2 N##2;                   \
	typedef struct N##3 N##3; typedef struct N##4 N##4;
__WL_VECS(signed char, char)
__WL_VECS(unsigned char, uchar)
__WL_VECS(short, short)
__WL_VECS(unsigned short, ushort)
__WL_VECS(int, int)
__WL_VECS(unsigned int, uint)
__WL_VECS(long, long)
__WL_VECS(unsigned long, ulong)
__WL_VECS(long long, longlong)
__WL_VECS(unsigned long long, ulonglong)
__WL_VECS(float, float)
__WL_VECS(double, double)
/* CUDA 13's explicitly aligned 4-vectors of 64-bit elements. */
#define __WL_VEC4A(T, N, A) \
	struct __attribute__((aligned(A))) N { T x, y, z, w; }; \
	typedef struct N N;
__WL_VEC4A(long, long4_16a, 16) __WL_VEC4A(long, long4_32a, 32)
__WL_VEC4A(unsigned long, ulong4_16a, 16) __WL_VEC4A(unsigned long, ulong4_32a, 32)
__WL_VEC4A(long long, longlong4_16a, 16)
__WL_VEC4A(long long, longlong4_32a, 32)
__WL_VEC4A(unsigned long long, ulonglong4_16a, 16)
__WL_VEC4A(unsigned long long, ulonglong4_32a, 32)
__WL_VEC4A(double, double4_16a, 16) __WL_VEC4A(double, double4_32a, 32)
#undef __WL_VEC4A
#undef __WL_VEC1
#undef __WL_VEC2
#undef __WL_VEC3
#undef __WL_VEC4
#undef __WL_VECS

struct dim3 {
	unsigned int x, y, z;
	__WL_HD constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
			       unsigned int vz = 1)
		: x(vx), y(vy), z(vz) {}
	__WL_HD constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
	__WL_HD constexpr operator uint3() const { return uint3{x, y, z}; }
};
typedef struct dim3 dim3;

#endif
