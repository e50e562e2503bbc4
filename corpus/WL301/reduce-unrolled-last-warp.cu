/*
 * warplint-test: WL301 the classic reduction with the last warp unrolled
 * (reduction sample, kernel 4): the tail relies on the warp running in
 * lock-step, reading neighbours' partial sums through a volatile pointer.
 */

__device__ void warpReduce(volatile int *sdata, unsigned int tid)
{
	sdata[tid] += sdata[tid + 32];	// expect: WL301 {{lane 16 writes sdata[tid] while lane 0 of its warp reads it at line 10}}
	sdata[tid] += sdata[tid + 16];	// expect: WL301
	sdata[tid] += sdata[tid + 8];	// expect: WL301
	sdata[tid] += sdata[tid + 4];	// expect: WL301
	sdata[tid] += sdata[tid + 2];	// expect: WL301
	sdata[tid] += sdata[tid + 1];	// expect: WL301
}

__global__ void reduce4(const int *g_idata, int *g_odata, unsigned int n)
{
	extern __shared__ int sdata[];

	unsigned int tid = threadIdx.x;
	unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;

	int mySum = (i < n) ? g_idata[i] : 0;
	if (i + blockDim.x < n)
		mySum += g_idata[i + blockDim.x];
	sdata[tid] = mySum;	// ok: WL301
	__syncthreads();

	/* the tree in shared memory: every step ends in a barrier */
	for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
		if (tid < s)
			sdata[tid] += sdata[tid + s];	// ok: WL301
		__syncthreads();
	}

	if (tid < 32)
		warpReduce(sdata, tid);	// expect: WL301

	if (tid == 0)
		g_odata[blockIdx.x] = sdata[0];
}
