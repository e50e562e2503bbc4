/*
 * warplint-test: WL101 in a block-strided loop bounded by a round-up
 * helper declared in a header this file does not include, and no barrier
 * in the body (unseen-round-up-loop.cu has one).  `roundUp` taken at its
 * name is no ground for a mask, and a ballot of the test would call a
 * function nobody has seen twice: the shuffle gets no fix.
 */

template <typename Index>
__global__ void neighbour_sums(float *vals, Index n)
{
	for (Index i = threadIdx.x; i < roundUp(n, (Index) blockDim.x);
	     i += blockDim.x) {
		float x = i < n ? vals[i] : 0.0f;

		x += __shfl_down(x, 1);	// expect: WL101 {{no fix: the condition of the loop at line 12 may have side effects}}
		if (i < n)
			vals[i] = x;
	}
}
