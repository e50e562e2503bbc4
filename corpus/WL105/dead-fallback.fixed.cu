/*
 * warplint-test: WL105 legacy code in fallbacks for toolkits before CUDA 9
 * and for GPUs before sm_75: no CUDA 13 build compiles them.  Each is a
 * note that names its condition; the opt-in fix deletes the dead branch
 * with its directive lines and keeps the live one.
 * unsafe-fixes: yes
 */
#include <cuda.h>

#define ALL_LANES 0xffffffffu

__device__ float row_sum(float v)
{
	for (int d = 16; d >= 1; d >>= 1) {
		v += __shfl_xor_sync(ALL_LANES, v, d);
	}
	return v;
}

__device__ unsigned votes_of(bool p)
{
	return __ballot_sync(ALL_LANES, p);
}

/* Three branches: two dead ones go, the live one loses its #else. */
__device__ int first_lane_value(int v)
{
	v = __shfl_sync(ALL_LANES, v, 0);
	return v;
}

/* A feature branch stays; the dead one between goes, #elif becomes #if. */
__device__ int any_positive(int v)
{
	int r = 0;
#if defined(COUNT_WITH_ATOMICS)
	r = v > 0;
#else
	r = __any_sync(ALL_LANES, v > 0);
#endif
	return r;
}

/* Legacy PTX in a fallback for architectures before sm_70. */
__device__ int lane_above(int v)
{
	int r;
	asm volatile("shfl.sync.up.b32 %0, %1, 1, 0x0, %2;"
		     : "=r"(r)
		     : "r"(v), "r"(ALL_LANES));
	return r;
}

__global__ void combine(float *f, int *i)
{
	int t = threadIdx.x;

	f[t] = row_sum(f[t]);
	i[t] = (int)votes_of(i[t] > 0) + first_lane_value(i[t]) +
	       any_positive(i[t]) + lane_above(i[t]);
}
