/*
 * warplint-test: WL301 the classic reduction with the last warp unrolled
 * (reduction sample, kernel 4): the tail relies on the warp running in
 * lock-step, reading neighbours' partial sums through a volatile pointer.
 */

__device__ void warpReduce(volatile int *sdata, unsigned int tid)
{
	sdata[tid] += sdata[tid + 32];	// expect: WL301 {{lane tid reads sdata[tid + 16], written by lane tid + 16}}
	sdata[tid] += sdata[tid + 16];
	sdata[tid] += sdata[tid + 8];
	sdata[tid] += sdata[tid 
 */
#define FULL_MASK 0xffffffff
#define NUM_ELEMENTS 20

__device__ int warp_sum(int v)
{
	for (int o = 16; o > 0; o /= 2)
		v += __shfl_xor_sync(FULL_MASK, v, o);	// ok: WL202
	return v;
}

__global__ void listing3(const int *input, int *output)
{
	int val = 0;
	unsigned mask = __ballot_sync(FULL_MASK, threadIdx.x < NUM_ELEMENTS);	// ok: WL202

	if (threadIdx.x < NUM_ELEMENTS) {
		val = input[threadIdx.x];
		for (int offset = 16; offset > 0; offset /= 2)
			val += __shfl_down_sync(mask, val, offset);	// ok: WL202
	}
	if (threadIdx.x == 0)
		*output = val;
}

__global__ void listing4(int *data)
{
	int val = data[threadIdx.x];

	if (threadIdx.x % 2) {
		val += __shfl_sync(FULL_MASK, val, 0);	// ok: WL202
		val *= 3;
	} else {
		val += __shfl_sync(FULL_MASK, val, 0);	// ok: WL202
		val *= 5;
	}
	data[threadIdx.x] = val;
}

__global__ void whole_warps(int *data, int n)
{
	int lane = threadIdx.x % 32;
	int v = data[blockIdx.x * blockDim.x + threadIdx.x];

	if (threadIdx.x < 64)
		v = __shfl_sync(FULL_MASK, v, 0);	// ok: WL202
	if (blockIdx.x * blockDim.x < n && blockDim.x >= 64)
		v = __reduce_add_sync(0xffffffff, v);	// ok: WL202
	if (lane < 16)
		v += __shfl_down_sync(0x0000ffff, v, 8, 16);	// ok: WL202
	if (lane >= 8 && lane < 16)
		__syncwarp(0x0000ff00);	// ok: WL202
	data[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

__global__ void first_warp_sum(int *data)
{
	int warp = threadIdx.x / 32;
	int v = data[threadIdx.x];

	if (warp == 0)
		v = warp_sum(v);
	data[threadIdx.x] = v;
}

/* A lane-strided loop over a multiple of 32: every lane runs it twice. */
__global__ void two_per_lane(const float *in, float *out)
{
	int + 4];
	sdata[tid] += sdata[tid + 2];
	sdata[tid] += sdata[tid + 1];
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
		warpReduce(sdata, tid);

	if (tid == 0)
		g_odata[blockIdx.x] = sdata[0];
}
