/*
 * warplint-test: WL101 butterfly warp reduction and the two-level block
 * reduction built on it (reduceShfl).  The helper is called once by every
 * lane and once under `warp == 0`, a warp-uniform condition: the full
 * mask is right at both call sites.
 */
#define DIM 1024

__inline__ __device__ int warp_reduce(int sum)
{
	sum += __shfl_xor(sum, 16); // expect: WL101 {{every lane}}
	sum += __shfl_xor(sum, 8); // expect: WL101
	sum += __shfl_xor(sum, 4); // expect: WL101
	sum += __shfl_xor(sum, 2); // expect: WL101
	sum += __shfl_xor(sum, 1); // expect: WL101
	return sum;
}

__global__ void reduce_shfl(int *g_idata, int *g_odata, unsigned int n)
{
	__shared__ int smem[DIM];
	unsigned int idx = blockDim.x * blockIdx.x + threadIdx.x;
	int my_sum = idx < n ? g_idata[idx] : 0;
	int lane = threadIdx.x % warpSize;
	int warp = threadIdx.x / warpSize;

	my_sum = warp_reduce(my_sum);
	if (lane == 0)
		smem[warp] = my_sum;
	__syncthreads();
	my_sum = (threadIdx.x < blockDim.x / warpSize) ? smem[lane] : 0;
	if (warp == 0)
		my_sum = warp_reduce(my_sum);
	if (threadIdx.x == 0)
		g_odata[blockIdx.x] = my_sum;
}

/* The lecture's reduction loop over a float. */
__global__ void reduce_float(const float *in, float *out)
{
	float x = in[blockIdx.x * blockDim.x + threadIdx.x];

#pragma unroll
	for (int mask = 32 / 2; mask > 0; mask >>= 1)
		x += __shfl_xor(x, mask); // expect: WL101
	if ((threadIdx.x & 31) == 0)
		out[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = x;
}
