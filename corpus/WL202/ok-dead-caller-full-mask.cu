/*
 * warplint-test: WL202 must not flag a full mask in a helper that a
 * kernel calls with every lane, when the only divergent call of it is in
 * a function no kernel calls (a fallback left in the file).  The dead
 * call runs in no lane; mask inference proves the full mask from the
 * live caller, and WL202's own reach analysis agrees (before, it
 * counted the dead caller, and the fixed file of
 * WL101/dead-caller-no-say.cu was flagged again).
 */
// expect-none
__device__ float warp_total(float v)
{
	for (int offset = 16; offset > 0; offset /= 2)
		v += __shfl_xor_sync(0xffffffff, v, offset);
	return v;
}

__device__ float old_partial_total(const float *in)
{
	float v = 0.0f;

	if (threadIdx.x < 8)
		v = warp_total(in[threadIdx.x]);
	return v;
}

__global__ void totals(const float *in, float *out)
{
	float t = warp_total(in[blockIdx.x * blockDim.x + threadIdx.x]);

	if ((threadIdx.x & 31) == 0)
		out[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = t;
}
