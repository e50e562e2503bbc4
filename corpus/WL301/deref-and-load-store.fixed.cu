/*
 * warplint-test: WL301 shared memory reached through plain dereferences
 * (`*p`, `p[0]`) and through small load/store helpers that take an
 * address (walked into: the race is in the helpers, and at the calls).
 * Through a pointer one element ahead (`mine[1]`), the last lane of
 * each warp reads the first cell of the next warp: a __syncwarp() cannot
 * order that, so the fix there is a __syncthreads() (the kernel's flow
 * is the same for every thread of the block).
 */

__device__ __forceinline__ void put_value(volatile float *at, float v)
{
	*at = v;	// expect: WL301 {{lane 1 writes *at while lane 0 of its warp reads it at line 18}}
	__syncwarp(0xffffffff);
}

__device__ __forceinline__ float get_value(const float *at)
{
	return *at;	// expect: WL301 {{lane 0 reads *at, written by lane 1 at line 13}}
}

__global__ void pair_swap(const float *in, float *out)
{
	__shared__ float slots[256];
	unsigned int t = threadIdx.x;

	put_value(&slots[t], in[t]);	// expect: WL301 {{'put_value' lets lanes of a warp race on 'slots'}}
	float other = get_value(&slots[t ^ 1]);	// expect: WL301 {{'get_value' lets lanes of a warp race on 'slots'}}

	out[t] = other;
}

__global__ void rotate_through_pointer(const int *in, int *out)
{
	__shared__ int ring[256];
	int *mine = ring + threadIdx.x;

	*mine = in[threadIdx.x];	// expect: WL301
	__syncthreads();
	int next = mine[1];	// expect: WL301 {{lane 0 reads mine[1], written by lane 1}}

	out[threadIdx.x] = next;
}
