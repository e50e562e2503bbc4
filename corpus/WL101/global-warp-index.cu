/*
 * warplint-test: WL101 the global warp index.  `(blockIdx.x * blockDim.x
 * + threadIdx.x) / 32` is the same in every lane of a warp only when
 * blockDim.x is a multiple of 32, the usual launch that is assumed for
 * threadIdx.y too: a fix takes a ballot unless `.warplint` states the
 * launch shape.  A constant block offset that is a multiple of 32 needs
 * no assumption, nor does the linear thread index of a 2-D block, which
 * warps are made of, and an arbitrary offset (`threadIdx.x + first`)
 * splits warps whatever the launch: always a ballot.
 */
__global__ void per_warp_sums(float *out, const float *in, int nwarps,
			      int first)
{
	int gtid = blockIdx.x * blockDim.x + threadIdx.x;
	int gwarp = gtid / 32;
	int fixed_warp = (blockIdx.x * 256 + threadIdx.x) >> 5;
	int shifted_warp = (threadIdx.x + first) / 32;
	int block_warp = (threadIdx.y * blockDim.x + threadIdx.x) / 32;
	float v = in[gtid];

	if (gwarp < nwarps)
		v += __shfl_down(v, 16);	// expect: WL101 {{computed with __ballot_sync}}
	if (fixed_warp < nwarps)
		v += __shfl_down(v, 8);	// expect: WL101 {{every lane of the warp reaches this call}}
	if (shifted_warp < nwarps)
		v += __shfl_down(v, 4);	// expect: WL101 {{computed with __ballot_sync}}
	if (block_warp < nwarps)	/* warps are made of this index */
		v += __shfl_down(v, 2);	// expect: WL101 {{every lane of the warp reaches this call}}
	out[gtid] = v;
}
