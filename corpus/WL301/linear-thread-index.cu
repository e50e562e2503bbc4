/*
 * warplint-test: a 2-D block (16 x 16 threads, say) numbers its threads
 * `threadIdx.x + threadIdx.y * blockDim.x`.  Warps are runs of 32 of
 * that linear index whatever the block's shape, so `tid < 32` is the
 * whole first warp: a proved full mask for the shuffles and for the
 * unrolled tail's barriers, with no assumption about blockDim.x.
 */
__device__ void tail_sum(volatile float *s, int tid)
{
	s[tid] += s[tid + 32];	// expect: WL301 {{lane 16 writes s[tid]}}
	s[tid] += s[tid + 16];	// expect: WL301
	s[tid] += s[tid + 8];	// expect: WL301
	s[tid] += s[tid + 4];	// expect: WL301
	s[tid] += s[tid + 2];	// expect: WL301
	s[tid] += s[tid + 1];	// expect: WL301
}

__global__ void tile_sums(const float *img, float *sums, int width)
{
	__shared__ float part[256];
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	int tid = threadIdx.x + threadIdx.y * blockDim.x;

	part[tid] = img[y * width + x];
	__syncthreads();
	if (tid < 128)
		part[tid] += part[tid + 128];
	__syncthreads();
	if (tid < 64)
		part[tid] += part[tid + 64];
	__syncthreads();
	if (tid < 32)
		tail_sum(part, tid);	// expect: WL301 {{lets lanes of a warp race}}
	if (tid == 0)
		sums[blockIdx.y * gridDim.x + blockIdx.x] = part[0];
}

__global__ void tile_max(const float *img, float *maxima, int width)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	int tid = blockDim.x * threadIdx.y + threadIdx.x;
	__shared__ float warp_max[8];
	float v = img[y * width + x];

	if (tid % 32 == 0)
		warp_max[tid / 32] = -1e30f;
	for (int d = 16; d > 0; d >>= 1)
		v = fmaxf(v, __shfl_xor(v, d));	// expect: WL101 {{mask '0xffffffff'}}
	if (tid % 32 == 0)
		warp_max[tid / 32] = v;
	__syncthreads();
	if (tid < 32) {
		v = tid < 8 ? warp_max[tid] : -1e30f;
		for (int d = 4; d > 0; d >>= 1)
			v = fmaxf(v, __shfl_xor(v, d));	// expect: WL101 {{mask '0xffffffff'}}
		if (tid == 0)
			maxima[blockIdx.y * gridDim.x + blockIdx.x] = v;
	}
}
