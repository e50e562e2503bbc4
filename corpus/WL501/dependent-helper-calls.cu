/*
 * warplint-test: WL501 with helpers called through a dependent name.
 * The block index comes from a header template called as
 * `linear_block<I>()` inside a kernel template: the call resolves to
 * nothing until instantiation, yet the helper reads only blockIdx and
 * gridDim, so blocks past the end leave whole and the barriers after
 * are reached by every thread that stays.  The same kind of call to a
 * helper that reads threadIdx still makes a barrier divergent.
 */
#include "block-index.cuh"

template <typename K, int N>
__device__ void sort_slice(K *keys)
{
	for (int s = 2; s <= N; s *= 2) {
		K partner = keys[threadIdx.x ^ (s / 2)];

		__syncthreads();	// ok: WL501
		keys[threadIdx.x] += partner;
		__syncthreads();	// ok: WL501
	}
	__syncthreads();	// ok: WL501
}

template <typename K, typename I, int N>
__global__ void sort_slices(K *keys, I slices, I size)
{
	__shared__ K tile[N];
	const I slice = linear_block<I>();

	if (slice >= slices)
		return;
	tile[threadIdx.x] = threadIdx.x < size ? keys[slice * size +
						      threadIdx.x] : K(0);
	__syncthreads();	// ok: WL501
	sort_slice<K, N>(tile);
	if (threadIdx.x < size)
		keys[slice * size + threadIdx.x] = tile[threadIdx.x];
}

template <typename K, typename I>
__global__ void first_lanes_leave(K *keys, I n)
{
	__shared__ K tile[128];

	if (lane_of<I>() == 0)
		return;
	tile[threadIdx.x] = keys[threadIdx.x];
	__syncthreads();	// expect: WL501 {{threads that return at line 47 never reach it}}
	keys[threadIdx.x] = tile[(threadIdx.x + 1) % 128];
}
