/*
 * warplint-test: WL202 conditions on threadIdx.y are warp-uniform under
 * the usual launch (blockDim.x a multiple of 32): the rule assumes it and
 * says so where a finding rests on it.
 */
__global__ void tile_rows(float *tile, int ncols)
{
	unsigned lane = threadIdx.x & 31;
	float v = tile[threadIdx.y * blockDim.x + threadIdx.x];

	if (threadIdx.y == 0)
		v += __shfl_xor_sync(0xffffffff, v, 1);	// ok: WL202
	for (int r = threadIdx.y; r < 4; r++)
		v += __shfl_down_sync(0xffffffff, v, 2);	// ok: WL202
	if (threadIdx.y < 2 && lane < 8)
		v += __shfl_down_sync(0xffffffff, v, 1);	// expect: WL202 {{assumed blockDim.x is a multiple of 32}}
	tile[threadIdx.y * blockDim.x + threadIdx.x] = v;
}
