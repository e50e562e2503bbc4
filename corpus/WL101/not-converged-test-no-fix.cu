/*
 * warplint-test: WL101 under `__activemask() != FULL`, the branch taken
 * by lanes that are NOT all there (converged-test-full-mask.cu has the
 * other one).  Nothing is known of who arrives: lanes the scheduler runs
 * apart get different answers from __activemask(), so no ballot taken
 * before the test says who branches, in a loop or not.  No fix.
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

__global__ void patch_not_converged(int *data)
{
	int v = data[threadIdx.x];

	if (__activemask() != WARP_FULL)
		v = __shfl(v, 0);	// expect: WL101 {{tests __activemask()}}
	data[threadIdx.x] = v;
}
