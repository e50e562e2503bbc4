/*
 * warplint-test: WL202 near misses: masks that name exactly the lanes that
 * arrive.  Listing 3 (a ballot before the branch), Listing 4 (a full mask
 * from both arms of a lane-dependent if: every lane calls it, which is
 * valid since Volta), conditions that keep warps whole, the exact constant
 * under a lane-index condition, and helpers called by every lane.
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
	int lane = threadIdx.x % 32;
	float acc = 0.0f;

	for (int j = lane; j < 64; j += 32)
		acc += __shfl_xor_sync(0xffffffff, in[j], 1);	// ok: WL202
	out[threadIdx.x] = acc;
}

/* A kernel parameter stays block-uniform when a helper is analyzed first. */
__global__ void helper_then_bound(int *data, int n)
{
	int warp = threadIdx.x / 32;
	int v = data[blockIdx.x * blockDim.x + threadIdx.x];

	if (warp == 0)
		v = warp_sum(v);
	if (blockIdx.x * blockDim.x < n)
		v = __reduce_add_sync(0xffffffff, v);	// ok: WL202
	data[blockIdx.x * blockDim.x + threadIdx.x] = v;
}
