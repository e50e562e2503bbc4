/*
 * warplint-test: WL501 near misses: a kernel template of a file that is
 * not self-contained, calling helpers declared in a header it does not
 * include (the including .cu brings it in first).  Nothing shows what
 * they return, and a barrier is reported on what the code shows: a
 * result whose helper's name does not say it differs between threads is
 * taken as block-uniform, so the early return keeps the barriers below
 * reached by the whole block.
 */

template <typename T, typename Index>
__global__ void select_slices(T *data, Index slices, Index len)
{
	__shared__ T stage[256];
	Index slice = linear_block_index(slices);

	if (slice >= slices)
		return;
	T *row = data + slice * len;

	for (Index i = threadIdx.x; i < round_up_to(len, (Index) blockDim.x);
	     i += blockDim.x) {
		stage[threadIdx.x] = i < len ? row[i] : T(0);
		__syncthreads();	// ok: WL501
		if (i < len)
			row[i] = stage[255 - threadIdx.x];
		__syncthreads();	// ok: WL501
	}
}
