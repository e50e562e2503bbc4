/*
 * warplint-test: WL204 shuffle widths that are not a power of two, and
 * constant lanes, deltas and xor masks outside the width.
 */
#define FULL_MASK 0xffffffff
#define TILE 12

__global__ void tiles(float *data)
{
	float v = data[threadIdx.x];

	v += __shfl_down_sync(FULL_MASK, v, 1, TILE);	// expect: WL204 {{width 12 of '__shfl_down_sync' is not a power of two from 1 to 32}}
	v += __shfl_xor_sync(FULL_MASK, v, 1, 64);	// expect: WL204 {{width 64}}
	v += __shfl_sync(FULL_MASK, v, 0, 0);	// expect: WL204 {{width 0}}
	data[threadIdx.x] = v;
}

__global__ void lanes_out_of_range(int *data)
{
	int v = data[threadIdx.x];

	v = __shfl_sync(FULL_MASK, v, 40);	// expect: WL204 {{source lane 40 of '__shfl_sync' is outside 0..31}}
	v = __shfl_sync(FULL_MASK, v, 8, 8);	// expect: WL204 {{outside 0..7; it is taken modulo the width 8}}
	v += __shfl_down_sync(FULL_MASK, v, 16, 16);	// expect: WL204 {{delta 16 of '__shfl_down_sync' is not less than the width 16}}
	v += __shfl_up_sync(FULL_MASK, v, 32);	// expect: WL204 {{every lane gets its own value back}}
	v += __shfl_up_sync(FULL_MASK, v, -1);	// expect: WL204 {{negative}}
	v ^= __shfl_xor_sync(FULL_MASK, v, 8, 8);	// expect: WL204 {{lane mask 8 of '__shfl_xor_sync' is outside 0..7}}
	data[threadIdx.x] = v;
}
