/* warplint stand-in for <device_atomic_functions.h> and sm_XX atomics. */
#ifndef __DEVICE_ATOMIC_FUNCTIONS_H__
#define __DEVICE_ATOMIC_FUNCTIONS_H__
#define __SM_20_ATOMIC_FUNCTIONS_H__
#define __SM_32_ATOMIC_FUNCTIONS_H__
#define __SM_35_ATOMIC_FUNCTIONS_H__
#define __SM_60_ATOMIC_FUNCTIONS_H__

#include <host_defines.h>

#define __WL_ATOMIC_AT(T, name, scope)                                        \
	__WL_D T name##scope(T *address, T val);
#define __WL_ATOMIC_OP(T, name)                                               \
	__WL_ATOMIC_AT(T, name, ) __WL_ATOMIC_AT(T, name, _block)             \
	__WL_ATOMIC_AT(T, name, _system)
#define __WL_ATOMIC_INT(T)                                                    \
	__WL_ATOMIC_OP(T, atomicAdd) __WL_ATOMIC_OP(T, atomicSub)             \
	__WL_ATOMIC_OP(T, atomicExch) __WL_ATOMIC_OP(T, atomicMin)            \
	__WL_ATOMIC_OP(T, atomicMax) __WL_ATOMIC_OP(T, atomicAnd)             \
	__WL_ATOMIC_OP(T, atomicOr) __WL_ATOMIC_OP(T, atomicXor)              \
	__WL_D T atomicCAS(T *address, T compare, T val);                     \
	__WL_D T atomicCAS_block(T *address, T compare, T val);               \
	__WL_D T atomicCAS_system(T *address, T compare, T val);
__WL_ATOMIC_INT(int)
__WL_ATOMIC_INT(unsigned int)
__WL_ATOMIC_INT(unsigned long long)
__WL_ATOMIC_INT(long long)
__WL_ATOMIC_OP(float, atomicAdd)
__WL_ATOMIC_OP(double, atomicAdd)
__WL_ATOMIC_OP(float, atomicExch)
/*
 * No float atomicMin/atomicMax: the toolkit has none, and legacy code
 * defines its own (often static, often returning void) with atomicCAS.
 */
__WL_ATOMIC_OP(unsigned int, atomicInc)
__WL_ATOMIC_OP(unsigned int, atomicDec)
__WL_D unsigned short atomicCAS(unsigned short *address,
				unsigned short compare, unsigned short val);
/*
 * Wrappers of the legacy votes __any and __all, deprecated since CUDA 9
 * and still declared: for sm_70 and later they compile to the vote
 * without .sync that ptxas rejects.  warplint reports their calls as
 * legacy votes (rules/legacy.c).
 */
__WL_D bool any(bool cond);
__WL_D bool all(bool cond);
#undef __WL_ATOMIC_INT
#undef __WL_ATOMIC_OP
#undef __WL_ATOMIC_AT

#endif
