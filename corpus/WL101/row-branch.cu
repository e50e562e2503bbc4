/*
 * warplint-test: WL101 a legacy shuffle under a condition on threadIdx.y.
 * Its lanes are a whole warp only if blockDim.x is a multiple of 32,
 * which the code does not show, so the fix computes the mask with a
 * ballot (correct for any launch) rather than assuming the full mask.
 */
__global__ void column_sums(const float *in, float *out)
{
	float v = in[threadIdx.y * blockDim.x + threadIdx.x];

	if (threadIdx.y < 4) {
		for (int o = 16; o > 0; o /= 2)
			v += __shfl_down(v, o);	// expect: WL101 {{the condition at line 11}}
	}
	out[threadIdx.y * blockDim.x + threadIdx.x] = v;
}
