/*
 * warplint-test: WL302 Listing 7 written as a loop: the barrier ends each
 * step, too late to separate the step's own read from its write.
 */

__global__ void block_then_warp_sum(const float *in, float *out)
{
	__shared__ float s[32 * 2];
	unsigned int lane = threadIdx.x;

	s[lane] = in[blockIdx.x * 64 + lane];
	s[lane + 32] = in[blockIdx.x * 64 + lane + 32];
	__syncwarp();
	for (int offset = 32; offset > 0; offset /= 2) {
		float v;
		v = s[lane] + s[lane + offset];	// expect: WL302 {{the __syncwarp() after it comes too late}}
		__syncwarp(0xffffffff);
		s[lane] = v;
		__syncwarp();
	}
	if (lane == 0)
		out[blockIdx.x] = s[0];
}
