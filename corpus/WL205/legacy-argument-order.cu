/*
 * warplint-test: WL205 a migration that renamed the call but forgot the
 * mask: `__shfl_down(v, offset, 32)` became `__shfl_down_sync(v, offset,
 * 32)`, which nvcc accepts silently (v converted to the mask, offset
 * shuffled, delta 32).  Also a vote with mask and predicate swapped.
 */
#define FULL_MASK 0xffffffff

__device__ float warp_sum(float v)
{
	for (int offset = 16; offset > 0; offset /= 2)
		v += __shfl_down_sync(v, offset, 32);	// expect: WL205 {{'v' is passed as the mask of '__shfl_down_sync': the arguments are in the legacy order}}
	return v;
}

__global__ void row_sums(const float *a, float *sums, int *hist)
{
	float s = warp_sum(a[blockIdx.x * blockDim.x + threadIdx.x]);
	int bin = hist[threadIdx.x];

	bin ^= __shfl_xor_sync(bin, 1, warpSize);	// expect: WL205 {{(value, laneMask, width)}}
	if ((threadIdx.x & 31) == 0)
		sums[blockIdx.x * blockDim.x / 32 + threadIdx.x / 32] = s;
	hist[threadIdx.x] = bin;
}

__global__ void count_positive(const int *x, int *out)
{
	unsigned b = __ballot_sync(x[threadIdx.x] > 0, FULL_MASK);	// expect: WL205 {{the predicate 'x[threadIdx.x] > 0' is passed as the mask of '__ballot_sync'}}

	if ((threadIdx.x & 31) == 0)
		out[threadIdx.x / 32] = __popc(b);
}
