/*
 * warplint-test: WL501 near misses: a block-strided loop whose bound is
 * rounded up to a multiple of the stride runs the same number of times in
 * every thread, so barriers in its body are reached by the whole block.
 * The rounding may be written out, in a macro, or in a helper of the file;
 * the grid-stride form rounds to blockDim.x * gridDim.x.
 */
#define ROUND_UP(x, m) ((((x) + (m) - 1) / (m)) * (m))
#define CEIL_DIV(x, m) (((x) + (m) - 1) / (m))

__device__ __forceinline__ unsigned padded(unsigned x, unsigned m)
{
	return (x + m - 1) / m * m;
}

__global__ void staged_copy(const float *in, float *out, unsigned n)
{
	__shared__ float tile[1024];

	for (unsigned i = threadIdx.x; i < ROUND_UP(n, blockDim.x);
	     i += blockDim.x) {
		tile[threadIdx.x] = i < n ? in[i] : 0.0f;
		__syncthreads();	// ok: WL501
		if (i < n)
			out[i] = tile[blockDim.x - 1 - threadIdx.x];
		__syncthreads();	// ok: WL501
	}
	for (unsigned i = threadIdx.x; i < padded(n, blockDim.x); i += blockDim.x)
		__syncthreads();	// ok: WL501
	unsigned end = CEIL_DIV(n, blockDim.x) * blockDim.x;

	for (unsigned i = threadIdx.x; i < end; i += blockDim.x)
		__syncthreads();	// ok: WL501
	for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	     i < padded(n, blockDim.x * gridDim.x); i += blockDim.x * gridDim.x)
		__syncthreads();	// ok: WL501
}
