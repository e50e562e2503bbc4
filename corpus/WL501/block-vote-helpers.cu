/*
 * warplint-test: WL501 near misses of ok-block-vote-helpers.cu: header
 * helpers that take part in a vote but return a thread's own value,
 * through a `return` under a branch on threadIdx, or a local written
 * again after the vote.  Only some threads reach these barriers.
 */
#include "block-votes.cuh"

__global__ void finish_badly(unsigned *ticket, float *out)
{
	if (leader_of_block(ticket)) {
		out[0] = 1.0f;
		__syncthreads();	// expect: WL501
	}
	if (own_vote(out)) {
		__syncthreads();	// expect: WL501
		out[threadIdx.x] = 0.0f;
	}
}
