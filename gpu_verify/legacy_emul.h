/* SPDX-License-Identifier: MIT */
/*
 * The "emulated" before: when clang cannot compile a file for sm_60, nvcc
 * builds it for the GPU present with each legacy primitive mapped to its
 * _sync form over __activemask().  That is what a careless migration
 * does, not the pre-Volta semantics, so every result from it is labelled
 * "emulated" in the report.  Macros rather than functions, so that every
 * overload and the optional width argument pass through unchanged.
 */
#ifndef WL_GPU_VERIFY_LEGACY_EMUL_H
#define WL_GPU_VERIFY_LEGACY_EMUL_H

#define __WL_GV_EMULATED__ 1

/*
 * libcu++ spells these names itself (`struct __any { __any(...); };` in
 * <cuda/std/__functional/invoke.h>, reached from cooperative_groups.h):
 * read its headers before the macros exist, and their include guards
 * keep them from being read again under the macros.
 */
#if defined(__cplusplus) && defined(__has_include)
#if __has_include(<cuda/std/functional>)
#include <cuda/std/functional>
#endif
#if __has_include(<cuda/std/tuple>)
#include <cuda/std/tuple>
#endif
#if __has_include(<cuda/std/variant>)
#include <cuda/std/variant>
#endif
#if __has_include(<cuda/std/mdspan>)
#include <cuda/std/mdspan>
#endif
#endif

#define __shfl(...) __shfl_sync(__activemask(), __VA_ARGS__)
#define __shfl_up(...) __shfl_up_sync(__activemask(), __VA_ARGS__)
#define __shfl_down(...) __shfl_down_sync(__activemask(), __VA_ARGS__)
#define __shfl_xor(...) __shfl_xor_sync(__activemask(), __VA_ARGS__)
#define __ballot(p) __ballot_sync(__activemask(), (p))
#define __any(p) __any_sync(__activemask(), (p))
#define __all(p) __all_sync(__activemask(), (p))

#endif
