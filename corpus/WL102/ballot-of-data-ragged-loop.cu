/*
 * warplint-test: WL102 a ballot of data in a helper called from a loop
 * whose trip count differs between lanes.  Unlike `__ballot(1)`
 * (ballot-true-is-activemask.cu), its value is not the set of active
 * lanes, so the helper's mask must come from its caller: the loop names
 * each iteration's lanes with a ballot of its test, and passes them in.
 */
__device__ unsigned lanes_positive(int v)
{
	return __ballot(v > 0);	// expect: WL102 {{pass their mask in a new first parameter}}
}

__global__ void tally_positive(const int *in, unsigned *positive, int n)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
	     i += gridDim.x * blockDim.x)
		positive[i] = lanes_positive(in[i]);
}
