/*
 * warplint-test: WL301 the last-warp steps written through a macro: the
 * race is reported at the first use; there is no fix, since the rewrite
 * would have to change the macro for every use.
 */

#define WARP_STEP(s, t, o) s[t] += s[t + o]

__global__ void block_max_sum(const float *in, float *out)
{
	__shared__ float s[64];
	unsigned tid = threadIdx.x;

	s[tid] = in[blockIdx.x * 64 + tid];
	__syncthreads();
	if (tid < 32) {
		volatile float *vs = s;

		WARP_STEP(vs, tid, 32);	// expect: WL301 {{lane tid reads vs[...] (in a macro), written by lane tid + 16}}
		WARP_STEP(vs, tid, 16);
		WARP_STEP(vs, tid, 8);
		WARP_STEP(vs, tid, 4);
		WARP_STEP(vs, tid, 2);
		WARP_STEP(vs, tid, 1);
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
