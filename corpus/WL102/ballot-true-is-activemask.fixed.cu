/*
 * warplint-test: WL102 `__ballot(1)` asked where the lanes that arrive
 * are not known.  A helper that tells whether its warp is converged is
 * called from a loop whose trip count differs between lanes: no mask
 * for __ballot_sync can be proved there.  The ballot of a true predicate
 * is the set of lanes active at that point, which is what
 * __activemask() answers, without a mask and without anything to wait
 * on: the fix keeps what the legacy code computed.  (A predicate that
 * is not a constant keeps the ordinary answer: ballot-of-data-no-fix.cu.)
 */
#define ALL_LANES 0xffffffffu

__device__ bool whole_warp_here()
{
	return __activemask() == ALL_LANES;	// expect: WL102 {{set of lanes active here}}
}

__device__ unsigned lanes_here()
{
	return __activemask();	// expect: WL102 {{'__activemask()' gives}}
}

__global__ void tally(unsigned *full, unsigned *seen, int n)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
	     i += gridDim.x * blockDim.x) {
		full[i] = whole_warp_here();
		seen[i] = lanes_here();
	}
}
