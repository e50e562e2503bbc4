/*
 * gpu_verify example: a legacy warp-shuffle sum and ballot count, the
 * self-test of the harness (the corpus supplies the real cases).
 */
#define FULL 32

__device__ float warp_sum(float v)
{
	for (int o = 16; o > 0; o /= 2)
		v += __shfl_down(v, o);
	return v;
}

__global__ void block_sum(const float *in, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float v = i < n ? in[i] : 0.0f;

	v = warp_sum(v);
	if ((threadIdx.x & 31) == 0)
		out[i / 32] = v;
}

__global__ void count_positive(const int *in, unsigned *votes, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		unsigned b = __ballot(in[i] > 0);
		if ((threadIdx.x & 31) == 0)
			votes[i / 32] = b;
	}
}
