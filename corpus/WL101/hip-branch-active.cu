/*
 * warplint-test: WL101 a HIP-for-AMD branch that this run compiles (the
 * build passed -D__HIP_PLATFORM_AMD__): its __shfl_down is reported, but
 * never rewritten to a CUDA _sync call with a 32-bit mask, which HIP's
 * 64-lane wavefronts would reject.
 * args: -D__HIP_PLATFORM_AMD__=1
 */
__device__ float wave_sum(float v)
{
#if defined(__HIP_PLATFORM_AMD__)
	for (int d = 32; d > 0; d >>= 1)
		v += __shfl_down(v, d); // expect: WL101 {{HIP branch}}
#else
	for (int d = 16; d > 0; d >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, d);
#endif
	return v;
}

__global__ void run(float *p)
{
	p[threadIdx.x] = wave_sum(p[threadIdx.x]);
}
