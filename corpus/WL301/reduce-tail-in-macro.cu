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

		WARP_STEP(vs, tid, 32);	// expect: WL301 {{lane 16 writes vs[...] (in a macro) while lane 0 of its warp reads it at line 20}}
		WARP_STEP(vs, tid, 16);	// expect: WL301
		WARP_STEP(vs, tid, 8);	// expect: WL301
		WARP_STEP(vs, tid, 4);	// expect: WL301
		WARP_STEP(vs, tid, 2);	// expect: WL301
		WARP_STEP(vs, tid, 1);	// expect: WL301
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
