/*
 * warplint-test: WL501 block barriers that some threads of the block skip:
 * under a thread-dependent condition (threadIdx.x < 64 keeps warps whole
 * but still splits the block), after an early return at the end of the
 * array, in a loop whose trip count depends on the thread, in a helper
 * called from divergent code, and through cooperative groups.
 */
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

#define BLOCK 256

__device__ void stage(float *tile, const float *src, int k)
{
	tile[threadIdx.x] = src[k];
	__syncthreads();	// expect: WL501 {{'stage' is called at line 55, where only some threads arrive}}
}

__global__ void first_warps(float *out)
{
	__shared__ float tile[BLOCK];

	tile[threadIdx.x] = out[threadIdx.x];
	if (threadIdx.x < 64) {
		tile[threadIdx.x] += tile[threadIdx.x + 64];
		__syncthreads();	// expect: WL501 {{only threads for which 'threadIdx.x < 64' is true (line 25) reach it}}
	}
	out[threadIdx.x] = tile[threadIdx.x];
}

__global__ void tail_guard(const float *in, float *out, int n)
{
	__shared__ float tile[BLOCK];
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return;
	tile[threadIdx.x] = in[i];
	__syncthreads();	// expect: WL501 {{threads that return at line 38 never reach it}}
	out[i] = tile[BLOCK - 1 - threadIdx.x];
}

__global__ void strided(const float *in, float *out, int n)
{
	__shared__ float tile[BLOCK];

	for (int k = threadIdx.x; k < n; k += BLOCK) {
		tile[threadIdx.x] = in[k];
		__syncthreads();	// expect: WL501 {{the loop at line 48 runs a thread-dependent number of times}}
		out[k] = tile[(threadIdx.x + 1) % BLOCK];
		__syncthreads();	// expect: WL501
	}
	if (threadIdx.x % 32 == 0)
		stage(tile, in, blockIdx.x);
}

__global__ void votes(const int *flags, int *out)
{
	cg::thread_block block = cg::this_thread_block();
	int f = flags[blockIdx.x * blockDim.x + threadIdx.x];

	if (f > 0) {
		out[blockIdx.x] = __syncthreads_count(f > 10);	// expect: WL501 {{'__syncthreads_count()'}}
		block.sync();	// expect: WL501 {{'thread_block::sync()'}}
	}
	while (true) {
		if (flags[threadIdx.x] == 0)
			break;
		cg::sync(block);	// expect: WL501 {{may leave the enclosing loop on their own at line 69}}
	}
}
