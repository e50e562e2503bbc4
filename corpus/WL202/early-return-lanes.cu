/*
 * warplint-test: WL202 an early return taken by a fixed set of lanes in a
 * __device__ helper: the lanes left are known exactly, so the fix is a
 * constant.  The same return in a __global__ function ends those lanes,
 * and a mask may name exited lanes (RULES.md): no finding there.
 */
#define FULL_MASK 0xffffffff

__device__ unsigned pack_rgb(const unsigned *in)
{
	unsigned lane = threadIdx.x & 31;

	if (lane >= 24)
		return 0;	/* 8 pixels of 3 channels per warp */
	unsigned c = in[blockIdx.x * 24 + lane];
	unsigned g = __shfl_down_sync(FULL_MASK, c, 1, 4);	// expect: WL202 {{names lanes 24-31, which never reach this call}}
	unsigned b = __shfl_down_sync(FULL_MASK, c, 2, 4);	// expect: WL202
	return c | g << 8 | b << 16;
}

__global__ void rgb_pack(const unsigned *in, unsigned *out)
{
	unsigned lane = threadIdx.x & 31;
	unsigned p = pack_rgb(in);

	if (lane < 24 && lane % 4 == 0)
		out[blockIdx.x * 8 + lane / 4] = p;
}

__global__ void rgb_pack_inline(const unsigned *in, unsigned *out)
{
	unsigned lane = threadIdx.x & 31;

	if (lane >= 24)
		return;		/* these lanes have exited */
	unsigned c = in[blockIdx.x * 24 + lane];
	unsigned g = __shfl_down_sync(FULL_MASK, c, 1, 4);	// ok: WL202
	unsigned b = __shfl_down_sync(FULL_MASK, c, 2, 4);	// ok: WL202
	if (lane % 4 == 0)
		out[blockIdx.x * 8 + lane / 4] = c | g << 8 | b << 16;
}
