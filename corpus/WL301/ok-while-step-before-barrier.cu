/*
 * warplint-test: block reductions written as while loops that halve
 * their step before the barrier that ends each trip (`offs >>= 1;
 * __syncthreads();`).  The barrier of the last trip runs with offs == 0;
 * the walk read the loop's condition again at that barrier, found it
 * false, took the barrier for one no thread reaches, and reported the
 * last step's write racing with the read of the total after the loop
 * (a molecular-dynamics code's energy sums).  Every step here is
 * ordered by a barrier of the whole block: no finding.
 * expect-none
 */
extern __shared__ float partial[];

__global__ void sum_windows(float *total, const float *parts, unsigned n)
{
	float sum = 0.0f;

	for (unsigned start = 0; start < n; start += blockDim.x) {
		__syncthreads();
		partial[threadIdx.x] = start + threadIdx.x < n
					       ? parts[start + threadIdx.x]
					       : 0.0f;
		__syncthreads();
		int offs = blockDim.x >> 1;
		while (offs > 0) {
			if (threadIdx.x < offs)
				partial[threadIdx.x] +=
					partial[threadIdx.x + offs];
			offs >>= 1;
			__syncthreads();
		}
		sum += partial[0];	/* every thread reads the total */
	}
	if (threadIdx.x == 0)
		*total = sum;
}

/* The same with the count of live values as the loop variable. */
__global__ void max_of_block(int *out, const int *in)
{
	__shared__ int best[256];
	int live = 256;

	best[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
	__syncthreads();
	while (live > 1) {
		int half = live / 2;

		if (threadIdx.x < half)
			best[threadIdx.x] = max(best[threadIdx.x],
						best[threadIdx.x + half]);
		live = half;
		__syncthreads();
	}
	out[blockIdx.x * 256 + threadIdx.x] = best[0];
}
