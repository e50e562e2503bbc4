/*
 * warplint-test: every thread stores the block's size and its tile's
 * origin into __shared__ scalars, and then reads them, with no barrier
 * (older convolution kernels).  Each thread stored the value first
 * itself, and every thread stores the same one, computed from kernel
 * arguments and the built-in variables only: whichever store a thread
 * sees, it reads that value.  Near misses: a scalar that thread 0 alone
 * stores, one that each thread stores its own index into, and one that
 * a loop rewrites with an argument it steps, while other threads may
 * still read the last trip's value.
 */
__global__ void tiles(const float *in, float *out, int width, int rows)
{
	__shared__ int nthreads, origin, row_len;
	int tid = threadIdx.y * blockDim.x + threadIdx.x;

	nthreads = blockDim.x * blockDim.y;	// ok: WL301
	origin = blockIdx.x * blockDim.x * blockDim.y;	// ok: WL301
	row_len = width - 1;	// ok: WL301
	for (int i = tid; i < rows * row_len; i += nthreads)	// ok: WL301
		out[origin + i] = in[origin + i] * 2.0f;	// ok: WL301
}

__global__ void tiles_near_misses(const float *in, float *out, int width,
				  int rows)
{
	__shared__ int nthreads, last, trip;
	int tid = threadIdx.y * blockDim.x + threadIdx.x;

	if (tid == 0)
		nthreads = blockDim.x * blockDim.y;	// expect: WL301 {{writes nthreads}}
	last = threadIdx.x;	// expect: WL301 {{writes last}}
	out[tid] = in[nthreads + last];	// expect: WL301
	for (int k = 0; k < rows; k++) {
		trip = width;	// expect: WL301 {{writes trip}}
		out[trip + tid] += 1.0f;	// expect: WL301
		width += 32;
	}
}
