/*
 * warplint-test: WL301 must not pair the two sides of an if/else whose
 * condition every lane of a warp decides alike (a kernel's size
 * parameter): no warp runs both, so the fold of sixteen in one branch
 * and the fold of eight in the other never meet, though the walk sees
 * them one after the other.  Each side is race-free on its own.  The
 * near miss, sides chosen per lane, is divergent-else-branches.cu.
 * expect-none
 */
__global__ void fold_small(float *data, int n)
{
	__shared__ volatile float s[64];
	int tid = threadIdx.x;

	s[tid] = data[tid];
	__syncthreads();
	if (n > 16) {
		if (tid < 16)
			s[tid] = s[tid] + s[tid + 16];
	} else if (n > 8) {
		if (tid < 8)
			s[tid] = s[tid] + s[tid + 8];
	} else {
		if (tid < 4)
			s[tid] = s[tid] + s[tid + 4];
	}
	__syncthreads();
	data[tid] = s[tid];
}
