/*
 * warplint-test: WL501 the near misses of ok-launch-bounds-while-loop.cu
 * that do diverge: without __launch_bounds__ a launch may have more than
 * BLOCK threads, and those past it run the loop fewer times; a
 * `continue` can skip the step, so the threads that take it run longer;
 * and a bound that is not rounded to the step leaves the last threads
 * one trip short.
 */
template <unsigned BLOCK>
__global__ void unbounded_launch(const int *keys, int *out, unsigned n)
{
	__shared__ int tile[BLOCK];
	const unsigned full = n - (n & (BLOCK - 1));
	unsigned i = threadIdx.x;

	while (i < full) {
		tile[threadIdx.x % BLOCK] = keys[i];
		__syncthreads(); // expect: WL501
		out[i] = tile[threadIdx.x % BLOCK] + 1;
		i += BLOCK;
	}
}

template <unsigned BLOCK>
__launch_bounds__(BLOCK)
__global__ void skipped_step(const int *keys, int *out, unsigned n)
{
	__shared__ int tile[BLOCK];
	const unsigned full = n - (n & (BLOCK - 1));
	unsigned i = threadIdx.x;

	while (i < full) {
		tile[threadIdx.x] = keys[i];
		__syncthreads(); // expect: WL501
		if (keys[i] < 0)
			continue;
		out[i] = tile[BLOCK - 1 - threadIdx.x];
		i += BLOCK;
	}
}

template <unsigned BLOCK>
__launch_bounds__(BLOCK)
__global__ void bound_not_rounded(const int *keys, int *out, unsigned n)
{
	__shared__ int tile[BLOCK];
	unsigned i = threadIdx.x;

	while (i < n) {
		tile[threadIdx.x] = keys[i];
		__syncthreads(); // expect: WL501
		out[i] = tile[BLOCK - 1 - threadIdx.x];
		i += BLOCK;
	}
}

template __global__ void unbounded_launch<128>(const int *, int *, unsigned);
template __global__ void skipped_step<128>(const int *, int *, unsigned);
template __global__ void bound_not_rounded<128>(const int *, int *, unsigned);
