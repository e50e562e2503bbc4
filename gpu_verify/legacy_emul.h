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

#define __shfl(...) __shfl_sync(__activemask(), __VA_ARGS__)
#define __shfl_up(...) __shfl_up_sync(__activemask(), __VA_ARGS__)
#define __shfl_down(...) __shfl_down_sync(__activemask(), __VA_ARGS__)
#define __shfl_xor(...) __shfl_xor_sync(__activemask(), __VA_ARGS__)
#define __ballot(p) __ballot_sync(__activemask(), (p))
#define __any(p) __any_sync(__activemask(), (p))
#define __all(p) __all_sync(__activemask(), (p))

#endif
