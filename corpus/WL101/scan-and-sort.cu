/*
 * warplint-test: WL101 the shuffle lecture's inclusive warp scan, right
 * neighbour exchange and bitonic sort.  Conditions on the lane appear
 * only around the arithmetic, never around a shuffle: full masks.
 */
#define WARP_SIZE 32

__device__ __forceinline__ unsigned laneid()
{
	unsigned id;

	asm("mov.u32 %0, %%laneid;" : "=r"(id));
	return id;
}

/* Extract bit k of i (PTX bfe). */
__device__ __forceinline__ int bfe(int i, int k)
{
	int r;

	asm("bfe.u32 %0, %1, %2, 1;" : "=r"(r) : "r"(i), "r"(k));
	return r;
}

__global__ void warp_scan(float *data)
{
	float x = data[blockIdx.x * blockDim.x + threadIdx.x];

#pragma unroll
	for (int offset = 1; offset < WARP_SIZE; offset <<= 1) {
		float y = __shfl_up(x, offset); // expect: WL101 {{every lane}}

		if (laneid() >= offset)
			x += y;
	}
	data[blockIdx.x * blockDim.x + threadIdx.x] = x;
}

__global__ void right_neighbour(const double *in, double *out, int rounds)
{
	int tid = blockIdx.x * blockDim.x + threadIdx.x;
	double x = in[tid];

	for (int i = 0; i < rounds; ++i)
		x = __shfl(x, (laneid() + 1) % 32); // expect: WL101
	out[tid] = x;
}

__device__ int swap(int x, int mask, int dir)
{
	int y = __shfl_xor(x, mask); // expect: WL101 {{every lane}}

	return x < y == dir ? y : x;
}

__global__ void bitonic_sort_warp(int *keys)
{
	int x = keys[threadIdx.x];
	int lane = laneid();

	x = swap(x, 0x01, bfe(lane, 1) ^ bfe(lane, 0)); /* 2 */
	x = swap(x, 0x02, bfe(lane, 2) ^ bfe(lane, 1)); /* 4 */
	x = swap(x, 0x01, bfe(lane, 2) ^ bfe(lane, 0));
	x = swap(x, 0x04, bfe(lane, 3) ^ bfe(lane, 2)); /* 8 */
	x = swap(x, 0x02, bfe(lane, 3) ^ bfe(lane, 1));
	x = swap(x, 0x01, bfe(lane, 3) ^ bfe(lane, 0));
	x = swap(x, 0x08, bfe(lane, 4) ^ bfe(lane, 3)); /* 16 */
	x = swap(x, 0x04, bfe(lane, 4) ^ bfe(lane, 2));
	x = swap(x, 0x02, bfe(lane, 4) ^ bfe(lane, 1));
	x = swap(x, 0x01, bfe(lane, 4) ^ bfe(lane, 0));
	x = swap(x, 0x10, bfe(lane, 4)); /* 32 */
	x = swap(x, 0x08, bfe(lane, 3));
	x = swap(x, 0x04, bfe(lane, 2));
	x = swap(x, 0x02, bfe(lane, 1));
	x = swap(x, 0x01, bfe(lane, 0));
	keys[threadIdx.x] = x;
}
