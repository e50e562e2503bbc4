/*
 * warplint-test: WL501 must not flag a barrier under a header helper's
 * answer when that answer is a block-wide vote (`__syncthreads_or`,
 * `__syncthreads_count`) the helper returns, though its body reads
 * threadIdx elsewhere: every thread gets the same value, so the whole
 * block enters the branch or none of it.  The helpers that return a
 * thread's own value are block-vote-helpers.cu.
 * expect-none
 */
#include "block-votes.cuh"

struct square {
	__device__ unsigned operator()(unsigned i) const { return i * i; }
};

__global__ void finish(unsigned *partials, unsigned *ticket, float *out)
{
	__shared__ unsigned total;

	if (last_block_done(square(), partials, ticket, gridDim.x)) {
		if (threadIdx.y == 0 && threadIdx.x == 0)
			total = partials[0];
		__syncthreads();
		out[threadIdx.x] = total;
	}
	if (any_negative(out)) {
		__syncthreads();
		out[threadIdx.x] = 0.0f;
	}
}
