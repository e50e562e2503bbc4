/*
 * warplint-test: WL101 under `__activemask() != FULL`, the branch taken
 * by lanes that are NOT all there (converged-test-full-mask.cu has the
 * other one).  Nothing is known of who arrives, and the loop around it
 * runs a lane-dependent number of times: no fix.
 */
#define WARP_FULL 0xffffffff

__global__ void gather_not_converged(const int *in, int *out, int n)
{
	for (int i = threadIdx.x; i < n; i += blockDim.x) {
		int v = in[i];

		if (__activemask() != WARP_FULL)
			v += __shfl_up(v, 1);	// expect: WL101 {{no fix}}
		out[i] = v;
	}
}
