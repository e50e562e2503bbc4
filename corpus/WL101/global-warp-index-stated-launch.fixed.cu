/*
 * warplint-test: WL101 the global warp index under a stated launch shape
 * (global-warp-index.cu has none): with blockDim.x a multiple of 32,
 * `(blockIdx.x * blockDim.x + threadIdx.x) / 32` is one value per warp
 * and the full mask is proved.  An arbitrary offset still splits warps.
 * launch: x32
 */
__global__ void per_warp_sums(float *out, const float *in, int nwarps,
			      int first)
{
	int gtid = blockIdx.x * blockDim.x + threadIdx.x;
	int gwarp = gtid / 32;
	int shifted_warp = (threadIdx.x + first) / 32;
	float v = in[gtid];

	if (gwarp < nwarps)
		v += __shfl_down_sync(0xffffffff, v, 16);	// expect: WL101 {{every lane of the warp reaches this call}}
	unsigned mask = __ballot_sync(0xffffffff, shifted_warp < nwarps);
	if (shifted_warp < nwarps)
		v += __shfl_down_sync(mask, v, 4);	// expect: WL101 {{computed with __ballot_sync}}
	out[gtid] = v;
}
