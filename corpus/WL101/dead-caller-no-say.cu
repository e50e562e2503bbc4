/*
 * warplint-test: WL101 in a helper that a kernel calls with every lane,
 * and that a function no kernel calls (a fallback left in the file,
 * whose own caller was removed) calls under a lane-dependent branch.
 * The dead call runs in no lane: the live caller decides, and the mask
 * is the full one (before, the dead call cast doubt and no fix was
 * offered).
 */
__device__ float warp_total(float v)
{
	for (int offset = 16; offset > 0; offset /= 2)
		v += __shfl_xor(v, offset);	// expect: WL101 {{every lane}}
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
