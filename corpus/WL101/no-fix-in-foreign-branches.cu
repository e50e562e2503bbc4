/*
 * warplint-test: WL101/WL102 legacy calls that this parse compiled, in
 * branches a CUDA 13 build may not: the #else of a test on a macro from a
 * configuration header that was not found, and a branch for toolkits
 * before CUDA 9 that is active only because their version macro is
 * gone.  Each is reported and keeps no fix: the note says why.
 * disable: WL900
 */
#include "generated/warp_config.h"

__device__ int warp_total(int v)
{
	for (int d = 16; d > 0; d >>= 1) {
#ifdef WARP_CONFIG_HAS_SYNC
		v += __shfl_xor_sync(0xffffffffu, v, d);
#else
		v += __shfl_xor(v, d); // expect: WL101 {{'generated/warp_config.h' was not found}}
#endif
	}
	return v;
}

__device__ bool warp_any(bool p)
{
#if __CUDACC_VER__ < 90000
	return __any(p); // expect: WL102 {{toolkits before CUDA 9}}
#else
	return __any_sync(0xffffffffu, p);
#endif
}

__global__ void run(int *p)
{
	p[threadIdx.x] = warp_total(p[threadIdx.x]) + warp_any(p[threadIdx.x] > 0);
}
