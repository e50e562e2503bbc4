/*
 * warplint-test: WL101 in a block-strided loop bounded by a round-up
 * helper declared in a header this file does not include.  Taking
 * `roundUp` at its name is good enough to keep WL501 quiet on the
 * barrier, never to build a mask on, and a ballot of the test would call
 * a function nobody has seen twice.  The barrier in the body settles it:
 * every thread of the block must reach it on every trip, so all threads
 * run the same trips, and the full mask is proved by the code itself
 * (without the barrier, unseen-round-up-no-barrier.cu: no fix).
 */

template <typename Index>
__global__ void neighbour_sums(float *vals, Index n)
{
	for (Index i = threadIdx.x; i < roundUp(n, (Index) blockDim.x);
	     i += blockDim.x) {
		float x = i < n ? vals[i] : 0.0f;

		x += __shfl_down_sync(0xffffffff, x, 1);	// expect: WL101 {{runs the loop at line 15 the same way}}
		__syncthreads();	// ok: WL501
		if (i < n)
			vals[i] = x;
	}
}
