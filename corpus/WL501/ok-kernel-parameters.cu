/*
 * warplint-test: WL501 near misses: integer and pointer parameters of a
 * __global__ kernel are the same in every thread of the block (also in a
 * template kernel, and when passed to a helper by value or by const
 * reference); a parameter becomes thread-dependent only where the kernel
 * itself writes a thread-dependent value into it.
 */
template <typename T>
__device__ const T &smaller(const T &a, const T &b)
{
	return b < a ? b : a;
}

__device__ int halve(int v)
{
	return v / 2;
}

template <int TILE, typename T>
__global__ void tiled_sum(const T *in, T *out, int n, int stride, int mode)
{
	__shared__ T tile[TILE];
	int chunk = smaller(n, TILE);
	int half = halve(stride);

	tile[threadIdx.x] = threadIdx.x < chunk ? in[threadIdx.x] : T(0);
	if (mode == 2) {
		__syncthreads();	// ok: WL501
		tile[threadIdx.x] *= T(2);
	}
	if (chunk > 32 && half > 0)
		__syncthreads();	// ok: WL501
	for (int s = n; s > 1; s /= 2)
		__syncthreads();	// ok: WL501
	if (in != out)
		__syncthreads();	// ok: WL501
	out[threadIdx.x] = tile[threadIdx.x];
	/* After this the parameter differs per thread, not before. */
	n = threadIdx.x;
	if (n < 3)
		out[n] = 0;
}

template __global__ void tiled_sum<128, float>(const float *, float *, int,
					       int, int);
