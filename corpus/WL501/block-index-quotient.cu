/*
 * warplint-test: `(blockIdx.x * blockDim.x + threadIdx.x) / blockDim.x`
 * is blockIdx.x in every thread, since threadIdx.x < blockDim.x: a loop
 * that starts there runs the same trips in the whole block, and its
 * barriers are reached by every thread.  Near misses: a quotient by
 * another width, or by 32 (the warp's index), varies within the block.
 */
__global__ void row_dots(const float *a, const float *x, float *y,
			 unsigned rows, unsigned cols)
{
	__shared__ float work[128];
	unsigned row0 = (blockIdx.x * blockDim.x + threadIdx.x) / blockDim.x;
	unsigned col0 = (blockIdx.x * blockDim.x + threadIdx.x) % blockDim.x;

	for (unsigned row = row0; row < rows; row += gridDim.x) {
		float dot = 0;

		for (unsigned c = col0; c < cols; c += blockDim.x)
			dot += a[row * cols + c] * x[c];
		work[threadIdx.x] = dot;
		for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
			__syncthreads();	// ok: WL501
			if (threadIdx.x < s)
				work[threadIdx.x] += work[threadIdx.x + s];
		}
		__syncthreads();	// ok: WL501
		if (threadIdx.x == 0)
			y[row] = work[0];
	}
}

__global__ void by_fixed_width(float *y, unsigned rows)
{
	__shared__ float last[1];
	unsigned row0 = (threadIdx.x + blockDim.x * blockIdx.x) / 256;

	for (unsigned row = row0; row < rows; row += gridDim.x) {
		if (threadIdx.x == 0)
			last[0] = y[row];	// expect: WL301
		__syncthreads();	// expect: WL501 {{thread-dependent number of times}}
		y[row] += last[0];	// expect: WL301
	}
}

__global__ void by_warp(float *y, unsigned rows)
{
	__shared__ float last[1];
	unsigned row0 = (blockIdx.x * blockDim.x + threadIdx.x) / 32;

	for (unsigned row = row0; row < rows; row += gridDim.x) {
		if (threadIdx.x == 0)
			last[0] = y[row];	// expect: WL301
		__syncthreads();	// expect: WL501 {{thread-dependent number of times}}
		y[row] += last[0];	// expect: WL301
	}
}
