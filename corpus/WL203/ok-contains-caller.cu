/*
 * warplint-test: WL203 near misses: masks that contain every lane that
 * calls, including masks computed per lane for segments of the warp.
 */
__global__ void segments(int *data)
{
	int lane = threadIdx.x & 31;
	unsigned seg8 = 0xffu << (lane & ~7);
	unsigned half = lane < 16 ? 0x0000ffffu : 0xffff0000u;
	int v = data[threadIdx.x];

	v = __reduce_add_sync(seg8, v);	// ok: WL203
	v += __shfl_xor_sync(half, v, 1);	// ok: WL203
	if (lane < 16)
		v = __shfl_sync(0x0000ffff, v, 0);	// ok: WL203
	if (lane >= 16)
		__syncwarp(0xffff0000);	// ok: WL203
	__syncwarp(1u << lane);	// ok: WL203
	data[threadIdx.x] = v;
}

__global__ void by_parameter(int *data, unsigned mask)
{
	int v = data[threadIdx.x];

	v = __shfl_down_sync(mask, v, 1);	// ok: WL203
	data[threadIdx.x] = v;
}
