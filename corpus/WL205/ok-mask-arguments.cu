/*
 * warplint-test: WL205 near misses: masks that are lane masks, including
 * a parameter, a ballot, an int constant, and the three-argument form
 * whose last argument happens to be a delta.
 */
#define FULL_MASK 0xffffffff

__device__ int seg_sum(unsigned mask, int v)
{
	v += __shfl_down_sync(mask, v, 16);	// ok: WL205
	return v;
}

__global__ void masks(const int *x, int *out)
{
	int v = x[threadIdx.x];
	unsigned act = __ballot_sync(FULL_MASK, v != 0);	// ok: WL205

	v += __shfl_down_sync(act, v, 8, 32);	// ok: WL205
	v += __shfl_xor_sync(0xffffffff, v, 1);	// ok: WL205
	v = seg_sum(FULL_MASK, v);
	out[threadIdx.x] = __any_sync(FULL_MASK, v > 0) + v;	// ok: WL205
}
