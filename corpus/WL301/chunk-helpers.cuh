/*
 * warplint-test: staging helpers a project keeps in a header, named for
 * loads and stores but each a loop over the thread's own elements, not
 * one access.  ok-chunk-helpers.cu checks that handing them a shared
 * array is not read as every lane touching its first element.
 */
// expect-none
#pragma once

template <typename T>
__device__ void load_chunk_to_shared(T *tile, const T *in, int n)
{
	int i = threadIdx.x;

	for (; i < n; i += blockDim.x)
		tile[i] = in[i];
	if (i == n)
		tile[i] = T(0);
}

template <typename T>
__device__ void store_chunk_from_shared(T *out, const T *tile, int n)
{
	int i = threadIdx.x;

	for (; i < n; i += blockDim.x)
		out[i] = tile[i];
	if (i == n)
		out[i] = T(0);
}
