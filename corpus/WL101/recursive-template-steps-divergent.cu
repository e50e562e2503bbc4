/*
 * warplint-test: the template recursion of recursive-template-steps.cu,
 * but only the lower lanes go on to the next step.  The lanes that reach
 * the shuffle in a deeper instance are fewer than those that entered the
 * first, so no single mask is proved for the shuffle: no fix.
 */

template <int OFFSET>
__device__ float lower_half_sum(float v)
{
	v += __shfl_down(v, OFFSET); // expect: WL101 {{where only some lanes may arrive}}
	if (threadIdx.x % 32 < OFFSET)
		return lower_half_sum<OFFSET / 2>(v);
	return v;
}

template <>
__device__ float lower_half_sum<0>(float v)
{
	return v;
}

__global__ void lower_totals(const float *in, float *out)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	out[i] = lower_half_sum<16>(in[i]);
}
