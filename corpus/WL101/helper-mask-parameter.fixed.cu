/*
 * warplint-test: WL101 in device helpers whose callers disagree about the
 * lanes that call them.  The full mask would hang the partial warp at the
 * end of the array, so each helper gets a leading mask parameter and
 * every caller passes its own mask.
 */
__device__ int warp_sum(unsigned mask, int v)
{
	for (int o = 16; o > 0; o /= 2)
		v += __shfl_down_sync(mask, v, o); // expect: WL101 {{new first parameter}}
	return v;
}

/* Called from lanes 0-15 in one place and every lane in another. */
__device__ float first_lane(unsigned mask, float x)
{
	return __shfl_sync(mask, x, 0); // expect: WL101 {{differ between its callers}}
}

__global__ void block_sums(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	unsigned mask = __ballot_sync(0xffffffff, i < n);
	if (i < n) {
		int s = warp_sum(mask, in[i]);

		if ((threadIdx.x & 31) == 0)
			out[i / 32] = s;
	}
}

__global__ void leaders(float *x)
{
	float v = x[threadIdx.x];

	if ((threadIdx.x & 31) < 16)
		v = first_lane(0x0000ffff, v);
	x[threadIdx.x] = v + first_lane(0xffffffff, v);
}
