/*
 * warplint-test: WL101 in templates.  subgroup_min keeps a CUDA_VERSION
 * guard: the build compiles the _sync branch, so the legacy branch is
 * not WL101 but a WL105 note (a dead fallback).  subgroup_max has no
 * guard: its dependent call is reported once, where it is written, and
 * fixed there.
 */
#include <cuda.h> /* defines CUDA_VERSION, which the guard reads */
#include <stdint.h>

template <typename T, unsigned GROUP_SIZE, unsigned STEP>
struct subgroup_min_impl {
	static __device__ T call(T x, uint32_t mask)
	{
#if CUDA_VERSION >= 9000
		x = min(x, __shfl_xor_sync(mask, x, STEP / 2, GROUP_SIZE)); // ok: WL101
#else
		x = min(x, __shfl_xor(x, STEP / 2, GROUP_SIZE)); // expect: WL105
#endif
		return subgroup_min_impl<T, GROUP_SIZE, STEP / 2>::call(x, mask);
	}
};

template <typename T, unsigned GROUP_SIZE>
struct subgroup_min_impl<T, GROUP_SIZE, 1u> {
	static __device__ T call(T x, uint32_t) { return x; }
};

template <unsigned GROUP_SIZE, typename T>
__device__ inline T subgroup_min(T x, uint32_t mask)
{
	return subgroup_min_impl<T, GROUP_SIZE, GROUP_SIZE>::call(x, mask);
}

template <typename T, unsigned STEP>
__device__ T subgroup_max(T x)
{
	for (unsigned s = STEP / 2; s > 0; s /= 2)
		x = max(x, __shfl_xor(x, s)); // expect: WL101 {{'__shfl_xor'}}
	return x;
}

__global__ void min_max(int *a, const int *b)
{
	int tid = threadIdx.x;
	int best = b[tid];

	best = subgroup_min<32>(best, 0xffffffffu);
	a[tid] = best + subgroup_max<int, 32>(b[tid]);
}

/* The same blog's one-line tests. */
__global__ void lane3(int *a, const int *b)
{
	int tid = threadIdx.x;
	int best = b[tid];

	best = __shfl_xor(best, 8); // expect: WL101
	best += __shfl(best, 3); // expect: WL101
	best += __shfl_up(best, 3); // expect: WL101
	best += __shfl_down(best, 3); // expect: WL101
	a[tid] = best;
}
