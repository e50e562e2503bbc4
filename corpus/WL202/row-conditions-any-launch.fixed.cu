/*
 * warplint-test: WL202 with `block-x-multiple-of-32: false` in .warplint
 * nothing is assumed about blockDim.x: a condition on threadIdx.y
 * may split a warp, so a full mask under it may name absent lanes.  The
 * fix is a ballot.
 * launch: any
 */
__global__ void tile_rows_any(float *tile)
{
	float v = tile[threadIdx.y * blockDim.x + threadIdx.x];

	unsigned mask = __ballot_sync(0xffffffff, threadIdx.y == 0);
	if (threadIdx.y == 0)
		v += __shfl_xor_sync(mask, v, 1);	// expect: WL202 {{only lanes for which 'threadIdx.y == 0' is true}}
	tile[threadIdx.y * blockDim.x + threadIdx.x] = v;
}
