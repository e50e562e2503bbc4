/*
 * warplint-test: WL101 near misses for preprocessor-aware fixing: legacy
 * calls in branches whose conditions the parse resolved are fixed as
 * usual, even with a configuration header missing: an include guard, a
 * default value (#ifndef X / #define X), a compiler macro, a toolkit
 * version test that CUDA 13 passes, and a feature macro tested before the
 * missing header.
 * disable: WL900
 * nvcc: no -- generated/build_options.h is missing on purpose
 */
#ifndef OK_FIX_IN_RESOLVED_BRANCHES_CU
#define OK_FIX_IN_RESOLVED_BRANCHES_CU

#ifndef USE_WIDE_LANES
__device__ int widen(int v) { return __shfl_up_sync(0xffffffff, v, 1); } // expect: WL101
#endif

#include "generated/build_options.h"

#ifndef LANES_PER_ROW
#define LANES_PER_ROW 8
__device__ int row_head(int v) { return __shfl_sync(0xffffffff, v, 0, LANES_PER_ROW); } // expect: WL101
#endif

#ifdef __CUDACC__
__device__ int next(int v) { return __shfl_down_sync(0xffffffff, v, 1); } // expect: WL101
#endif

#if CUDA_VERSION >= 7000
__device__ unsigned who(bool p) { return __ballot_sync(0xffffffff, p); } // expect: WL102
#endif

__global__ void run(int *p)
{
	int t = threadIdx.x;

	p[t] = widen(p[t]) + row_head(p[t]) + next(p[t]) + (int)who(p[t] > 0);
}

#endif
