/*
 * warplint-test: WL202 in a file analysed without the flags its build
 * gives: a condition that did not parse is read from its tokens, and it
 * splits the lanes when it reads the lane (`threadIdx.x & 31`, a local
 * holding it) or a macro named for one (LANE_ID).  No fix: the condition
 * did not parse, so a ballot of it would not build.
 * disable: WL900
 * nvcc: no
 */
__global__ void halves(const float *in, float *out)
{
	int lane = threadIdx.x & 31;
	float v = in[threadIdx.x];

	if (lane < HALF_WARP)
		v += __shfl_down_sync(0xffffffff, v, 1);	// expect: WL202 {{no fix}}
	if (LANE_ID >= FIRST_LANE)
		v += __shfl_xor_sync(0xffffffff, v, 2);	// expect: WL202
	out[threadIdx.x] = v;
}
