/*
 * warplint-test: WL501 near misses: a kernel that declares
 * __launch_bounds__(BLOCK) never runs with more than BLOCK threads, so
 * `threadIdx.x` is below BLOCK, and a loop that starts there and steps
 * by BLOCK up to a bound rounded down to a multiple of BLOCK (`n - (n &
 * (BLOCK - 1))`) runs the same number of times in every thread, written
 * as a while loop or a for loop: the barriers in it are reached by the
 * whole block.  The tail after the loop is uniform too.
 */
template <unsigned BLOCK>
__launch_bounds__(BLOCK, 1)
__global__ void carry_blocks(const int *keys, int *out, unsigned n)
{
	__shared__ int tile[BLOCK + 1];
	const unsigned full = n - (n & (BLOCK - 1));
	unsigned i = threadIdx.x;

	while (i < full) {
		tile[threadIdx.x] = keys[i];
		__syncthreads(); // ok: WL501
		out[i] = tile[threadIdx.x] + tile[(threadIdx.x + 1) % BLOCK];
		__syncthreads(); // ok: WL501
		i += BLOCK;
	}
	if (full < n) {
		tile[threadIdx.x] = i < n ? keys[i] : 0;
		__syncthreads(); // ok: WL501
		if (i < n)
			out[i] = tile[threadIdx.x];
	}
}

__launch_bounds__(256)
__global__ void fixed_blocks(const int *keys, int *out, unsigned n)
{
	__shared__ int tile[256];

	for (unsigned i = threadIdx.x; i < n - (n & 255u); i += 256) {
		tile[threadIdx.x] = keys[i];
		__syncthreads(); // ok: WL501
		out[i] = tile[255 - threadIdx.x];
		__syncthreads(); // ok: WL501
	}
}

template __global__ void carry_blocks<128>(const int *, int *, unsigned);
