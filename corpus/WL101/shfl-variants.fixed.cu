/*
 * warplint-test: WL101 the four legacy shuffles of the "warp shuffle
 * instructions" tutorial: broadcast, shift up and down, wrap-around,
 * butterfly, per-register arrays and a swap helper.
 * Every lane of every warp reaches each call: the fix uses the full mask.
 */
#define BDIM 16
#define SEGM 4

__global__ void shfl_broadcast(int *in, int *out, int const src_lane)
{
	int value = in[threadIdx.x];
	value = __shfl_sync(0xffffffff, value, src_lane, BDIM); // expect: WL101 {{'__shfl' is a legacy warp primitive}}
	out[threadIdx.x] = value;
}

__global__ void shfl_shift_up(int *in, int *out, int const delta)
{
	int value = in[threadIdx.x];
	value = __shfl_up_sync(0xffffffff, value, delta, BDIM); // expect: WL101 {{'__shfl_up_sync'}}
	out[threadIdx.x] = value;
}

__global__ void shfl_shift_down(int *in, int *out, int const delta)
{
	int value = in[threadIdx.x];
	value = __shfl_down_sync(0xffffffff, value, delta, BDIM); // expect: WL101 {{every lane}}
	out[threadIdx.x] = value;
}

__global__ void shfl_wrap(int *in, int *out, int const offset)
{
	int value = in[threadIdx.x];
	/* srcLane wraps modulo the width, so lanes near the end read the start. */
	value = __shfl_sync(0xffffffff, value, threadIdx.x + offset, BDIM); // expect: WL101
	out[threadIdx.x] = value;
}

__global__ void shfl_butterfly(int *in, int *out, int const lane_mask)
{
	int value = in[threadIdx.x];
	value = __shfl_xor_sync(0xffffffff, value, lane_mask, BDIM); // expect: WL101
	out[threadIdx.x] = value;
}

__global__ void shfl_xor_array(int *in, int *out, int const lane_mask)
{
	int idx = threadIdx.x * SEGM;
	int value[SEGM];

	for (int i = 0; i < SEGM; i++)
		value[i] = in[idx + i];
	value[0] = __shfl_xor_sync(0xffffffff, value[0], lane_mask, BDIM); // expect: WL101
	value[1] = __shfl_xor_sync(0xffffffff, value[1], lane_mask, BDIM); // expect: WL101
	value[2] = __shfl_xor_sync(0xffffffff, value[2], lane_mask, BDIM); // expect: WL101
	value[3] = __shfl_xor_sync(0xffffffff, value[3], lane_mask, BDIM); // expect: WL101
	for (int i = 0; i < SEGM; i++)
		out[idx + i] = value[i];
}

/* The even lanes swap two entries around the exchange; the shuffle
 * itself is outside both branches, so every lane calls it. */
__inline__ __device__ void swap_pair(int *value, int lane, int lane_mask,
				     int first, int second)
{
	bool even = (lane % 2) == 0;

	if (even) {
		int tmp = value[first];
		value[first] = value[second];
		value[second] = tmp;
	}
	value[second] = __shfl_xor_sync(0xffffffff, value[second], lane_mask, BDIM); // expect: WL101 {{every lane}}
	if (even) {
		int tmp = value[first];
		value[first] = value[second];
		value[second] = tmp;
	}
}

__global__ void shfl_swap(int *in, int *out, int const lane_mask, int first,
			  int second)
{
	int idx = threadIdx.x * SEGM;
	int value[SEGM];

	for (int i = 0; i < SEGM; i++)
		value[i] = in[idx + i];
	swap_pair(value, threadIdx.x, lane_mask, first, second);
	for (int i = 0; i < SEGM; i++)
		out[idx + i] = value[i];
}
