/*
 * warplint stand-in for <sm_30_intrinsics.h>: the warp primitives, legacy
 * (removed for sm_70 and later since CUDA 9, gone in CUDA 13) and _sync.
 * __WL_WARP_SHUFFLES(T) declares them for one more element type, as
 * cuda_fp16.h and cuda_bf16.h do for theirs.
 */
#ifndef __SM_30_INTRINSICS_H__
#define __SM_30_INTRINSICS_H__

#include <host_defines.h>

#define __WL_LEGACY_SHUFFLES(T)                                               \
	__WL_D T __shfl(T var, int srcLane, int width = 32);                  \
	__WL_D T __shfl_up(T var, unsigned int delta, int width = 32);        \
	__WL_D T __shfl_down(T var, unsigned int delta, int width = 32);      \
	__WL_D T __shfl_xor(T var, int laneMask, int width = 32);
#define __WL_SYNC_SHUFFLES(T)                                                 \
	__WL_D T __shfl_sync(unsigned mask, T var, int srcLane,               \
			     int width = 32);                                 \
	__WL_D T __shfl_up_sync(unsigned mask, T var, unsigned int delta,     \
				int width = 32);                              \
	__WL_D T __shfl_down_sync(unsigned mask, T var, unsigned int delta,   \
				  int width = 32);                            \
	__WL_D T __shfl_xor_sync(unsigned mask, T var, int laneMask,          \
				 int width = 32);
#define __WL_WARP_SHUFFLES(T) __WL_LEGACY_SHUFFLES(T) __WL_SYNC_SHUFFLES(T)
__WL_WARP_SHUFFLES(int)
__WL_WARP_SHUFFLES(float)
__WL_SYNC_SHUFFLES(unsigned int)
__WL_SYNC_SHUFFLES(long)
__WL_SYNC_SHUFFLES(unsigned long)
__WL_SYNC_SHUFFLES(long long)
__WL_SYNC_SHUFFLES(unsigned long long)
__WL_SYNC_SHUFFLES(double)
/*
 * The legacy shuffles took int and float until CUDA 9 added the other
 * types, and pre-Volta code often defined its own for them: a double
 * __shfl_down() of two int shuffles, with `width = 32`.  Declared for
 * those types as a template, such a definition is an overload of its
 * own, not a second declaration that repeats a default argument; a
 * call with no definition of the file's still finds one.  The width as
 * a trailing pack makes it the least specialized template: a project's
 * own generic shuffle (trove's `template <typename T> T __shfl(const T
 * &, const int &)`, built on the int one) wins over it, as it did in
 * CUDA 8, which had no other.
 */
template <typename T, typename... __WL_Width>
__WL_D T __shfl(T var, int srcLane, __WL_Width... width);
template <typename T, typename... __WL_Width>
__WL_D T __shfl_up(T var, unsigned int delta, __WL_Width... width);
template <typename T, typename... __WL_Width>
__WL_D T __shfl_down(T var, unsigned int delta, __WL_Width... width);
template <typename T, typename... __WL_Width>
__WL_D T __shfl_xor(T var, int laneMask, __WL_Width... width);

__WL_D unsigned int __ballot(int predicate);
__WL_D int __any(int predicate);
__WL_D int __all(int predicate);
__WL_D unsigned int __ballot_sync(unsigned mask, int predicate);
__WL_D int __any_sync(unsigned mask, int predicate);
__WL_D int __all_sync(unsigned mask, int predicate);
__WL_D int __uni_sync(unsigned mask, int predicate);
__WL_D unsigned int __activemask(void);
__WL_D void __syncwarp(unsigned mask = 0xffffffff);
__WL_D unsigned int __lanemask_lt(void);
#define __WL_MATCH(T)                                                         \
	__WL_D unsigned int __match_any_sync(unsigned mask, T value);         \
	__WL_D unsigned int __match_all_sync(unsigned mask, T value, int *pred);
__WL_MATCH(int) __WL_MATCH(unsigned int) __WL_MATCH(long)
__WL_MATCH(unsigned long) __WL_MATCH(long long) __WL_MATCH(unsigned long long)
__WL_MATCH(float) __WL_MATCH(double)
#undef __WL_MATCH
__WL_D int __reduce_add_sync(unsigned mask, int value);
__WL_D unsigned __reduce_add_sync(unsigned mask, unsigned value);
__WL_D int __reduce_min_sync(unsigned mask, int value);
__WL_D unsigned __reduce_min_sync(unsigned mask, unsigned value);
__WL_D int __reduce_max_sync(unsigned mask, int value);
__WL_D unsigned __reduce_max_sync(unsigned mask, unsigned value);
__WL_D unsigned __reduce_and_sync(unsigned mask, unsigned value);
__WL_D unsigned __reduce_or_sync(unsigned mask, unsigned value);
__WL_D unsigned __reduce_xor_sync(unsigned mask, unsigned value);

#endif
