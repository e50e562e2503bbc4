/*
 * warplint-test: WL102 a ballot of data in a helper called from a loop
 * whose trip count differs between lanes.  Unlike `__ballot(1)`
 * (ballot-true-is-activemask.cu), its value is not the set of active
 * lanes: the mask for __ballot_sync would be a guess, so no fix.
 */
__device__ unsigned lanes_positive(int v)
{
	return __ballot(v > 0);	// expect: WL102 {{no fix}}
}

__global__ void tally_positive(const int *in, unsigned *positive, int n)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
	     i += gridDim.x * blockDim.x)
		positive[i] = lanes_positive(in[i]);
}
