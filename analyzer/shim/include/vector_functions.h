/* warplint stand-in for <vector_functions.h>: make_char1() .. make_double4(). */
#ifndef __VECTOR_FUNCTIONS_H__
#define __VECTOR_FUNCTIONS_H__

#include <vector_types.h>

#define __WL_MAKE(T, N)                                                       \
	static __WL_HD inline N##1 make_##N##1(T x)                           \
	{ N##1 r = {x}; return r; }                                           \
	static __WL_HD inline N##2 make_##N##2(T x, T y)                      \
	{ N##2 r = {x, y}; return r; }                                        \
	static __WL_HD inline N##3 make_##N##3(T x, T y, T z)                 \
	{ N##3 r = {x, y, z}; return r; }                                     \
	static __WL_HD inline N##4 make_##N##4(T x, T y, T z, T w)            \
	{ N##4 r = {x, y, z, w}; return r; }
__WL_MAKE(signed char, char)
__WL_MAKE(unsigned char, uchar)
__WL_MAKE(short, short)
__WL_MAKE(unsigned short, ushort)
__WL_MAKE(int, int)
__WL_MAKE(unsigned int, uint)
__WL_MAKE(long, long)
__WL_MAKE(unsigned long, ulong)
__WL_MAKE(long long, longlong)
__WL_MAKE(unsigned long long, ulonglong)
__WL_MAKE(float, float)
__WL_MAKE(double, double)
#undef __WL_MAKE

#endif
