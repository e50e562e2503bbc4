/*
 * warplint-test: WL202 __device__ helpers with a full mask, called from
 * divergent code.  Where every caller has the same lanes (lanes 0-15) the
 * fix is that constant, in the helper; where the callers' lanes depend on
 * data, no constant is right and the mask must come from the caller.
 */
__device__ float warp_max(unsigned mask, float v)
{
	for (int o = 16; o > 0; o /= 2)
		v = fmaxf(v, __shfl_xor_sync(mask, v, o));	// expect: WL202 {{'warp_max' is called at line 26, where only some lanes arrive}}
	return v;
}

__device__ int half_sum(int v)
{
	for (int o = 8; o > 0; o /= 2)
		v += __shfl_down_sync(0x0000ffff, v, o, 16);	// expect: WL202 {{names lanes 16-31, which never reach this call}}
	return v;
}

__global__ void stats(const float *in, float *out, int *cnt, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	unsigned mask = __ballot_sync(0xffffffff, i < n);
	if (i < n)
		out[i] = warp_max(mask, in[i]);
	if (threadIdx.x % 32 < 16)
		cnt[threadIdx.x] = half_sum(cnt[threadIdx.x]);
}
