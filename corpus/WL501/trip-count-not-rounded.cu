/*
 * warplint-test: WL501 block-strided loops whose trip count still depends
 * on the thread: a bound that is not rounded, one rounded to another
 * multiple than the stride, a start that is not below the stride, and a
 * header helper that divides where a round-up would multiply.
 */
#include "rounding.cuh"

#define ROUND_UP(x, m) ((((x) + (m) - 1) / (m)) * (m))

__global__ void ragged(const float *in, float *out, unsigned n)
{
	__shared__ float tile[256];

	for (unsigned i = threadIdx.x; i < n; i += blockDim.x) {
		tile[threadIdx.x] = in[i];
		__syncthreads();	// expect: WL501 {{the loop at line 15 runs a thread-dependent number of times}}
	}
	for (unsigned i = threadIdx.x; i < ROUND_UP(n, 32); i += blockDim.x)
		__syncthreads();	// expect: WL501 {{the loop at line 19}}
	for (unsigned i = 2 * threadIdx.x; i < ROUND_UP(n, blockDim.x);
	     i += blockDim.x)
		__syncthreads();	// expect: WL501 {{the loop at line 21}}
	out[threadIdx.x] = tile[threadIdx.x];
}

__global__ void halved(float *out, unsigned n)
{
	for (unsigned i = threadIdx.x; i < halve_up(n, blockDim.x);
	     i += blockDim.x)
		__syncthreads();	// expect: WL501 {{the loop at line 29}}
	out[threadIdx.x] = 0.0f;
}
