/*
 * warplint-test: WL101 the same shuffle under a condition on threadIdx.y,
 * in a project whose .warplint states `block-x-multiple-of-32: true`:
 * whole warps take the branch, and the fix is the full mask, no ballot.
 * launch: x32
 */
__global__ void column_sums(const float *in, float *out)
{
	float v = in[threadIdx.y * blockDim.x + threadIdx.x];

	if (threadIdx.y < 4) {
		for (int o = 16; o > 0; o /= 2)
			v += __shfl_down(v, o);	// expect: WL101 {{every lane of the warp reaches this call}}
	}
	out[threadIdx.y * blockDim.x + threadIdx.x] = v;
}
