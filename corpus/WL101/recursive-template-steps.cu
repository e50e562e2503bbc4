/*
 * warplint-test: a butterfly written as template recursion, one offset
 * per instance, ending in an explicit specialization.  The call of the
 * next step is made by every lane that entered the step, so it lets in
 * no lane that had not: the lanes that reach the shuffle are those that
 * call the first step, and the kernel calls it with the whole warp.
 */

template <int OFFSET>
__device__ float butterfly_sum(float v)
{
	v += __shfl_xor(v, OFFSET); // expect: WL101 {{every lane of the warp reaches}}
	return butterfly_sum<OFFSET / 2>(v);
}

template <>
__device__ float butterfly_sum<0>(float v)
{
	return v;
}

__global__ void warp_totals(const float *in, float *out)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	out[i] = butterfly_sum<16>(in[i]);
}
