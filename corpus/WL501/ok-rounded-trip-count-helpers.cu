/*
 * warplint-test: WL501 near misses: block-strided loops bounded by a
 * round-up helper of a header.  Its body is read, from a kernel and from
 * a template where the call and the product inside the helper are both
 * dependent.  A helper whose body is in no header the file sees
 * (`roundUp`, declared for the instantiation by the file that includes
 * this one) is taken at its name: a round-up to a multiple of its last
 * argument.
 */
#include "rounding.cuh"

template <typename Index>
__device__ void scan_tiles(const float *in, float *out, Index n)
{
	__shared__ float tile[256];
	Index steps = up_to_multiple(n, (Index) blockDim.x);

	for (Index i = threadIdx.x; i < steps; i += blockDim.x) {
		tile[threadIdx.x] = i < n ? in[i] : 0.0f;
		__syncthreads();	// ok: WL501
		if (i < n)
			out[i] = tile[255 - threadIdx.x];
		__syncthreads();	// ok: WL501
	}
	for (Index i = threadIdx.x; i < roundUp(n, (Index) blockDim.x);
	     i += blockDim.x)
		__syncthreads();	// ok: WL501
}

__global__ void copy_tiles(const float *in, float *out, unsigned n)
{
	for (unsigned i = threadIdx.x; i < up_to_multiple(n, blockDim.x);
	     i += blockDim.x) {
		__syncthreads();	// ok: WL501
		out[i % 256] = in[i % 256];
	}
}
