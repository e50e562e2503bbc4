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
#if CUDA_VERSION >= 9000
		v += __shfl_xor_sync(ALL_LANES, v, d);
#else
		v += __shfl_xor(v, d); // expect: WL105 {{`#else` of `#if CUDA_VERSION >= 9000`}}
#endif
	}
	return v;
}

__device__ unsigned votes_of(bool p)
{
#if __CUDACC_VER_MAJOR__ < 9
	return __ballot(p); // expect: WL105 {{toolkits before CUDA 9}}
#else
	return __ballot_sync(ALL_LANES, p);
#endif
}

/* Three branches: two dead ones go, the live one loses its #else. */
__device__ int first_lane_value(int v)
{
#if CUDA_VERSION < 8000
	v = __shfl(v, 0, 32); // expect: WL105
#elif CUDA_VERSION < 9000
	v = __shfl(v, 0); // expect: WL105
#else
	v = __shfl_sync(ALL_LANES, v, 0);
#endif
	return v;
}

/* A feature branch stays; the dead one between goes, #elif becomes #if. */
__device__ int any_positive(int v)
{
	int r = 0;
#if defined(COUNT_WITH_ATOMICS)
	r = v > 0;
#elif CUDA_VERSION < 9000
	r = __any(v > 0); // expect: WL105 {{dead fallback}}
#else
	r = __any_sync(ALL_LANES, v > 0);
#endif
	return r;
}

/* Legacy PTX in a fallback for architectures before sm_70. */
__device__ int lane_above(int v)
{
	int r;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 700
	asm volatile("shfl.up.b32 %0, %1, 1, 0x0;" : "=r"(r) : "r"(v)); // expect: WL105 {{legacy inline PTX 'shfl'}}
#else
	asm volatile("shfl.sync.up.b32 %0, %1, 1, 0x0, %2;"
		     : "=r"(r)
		     : "r"(v), "r"(ALL_LANES));
#endif
	return r;
}

__global__ void combine(float *f, int *i)
{
	int t = threadIdx.x;

	f[t] = row_sum(f[t]);
	i[t] = (int)votes_of(i[t] > 0) + first_lane_value(i[t]) +
	       any_positive(i[t]) + lane_above(i[t]);
}
