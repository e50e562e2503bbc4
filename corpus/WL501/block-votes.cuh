/*
 * warplint-test: helpers a project keeps in a header that end a block's
 * work with a vote: each reads threadIdx on the way, but what it returns
 * is either the block's shared answer or a lane's own value.
 * block-vote-helpers.cu and ok-block-vote-helpers.cu call them.
 */
// expect-none
#pragma once

/* The last block to finish: a block-wide vote, the same in every thread. */
template <class Op>
__device__ bool last_block_done(const Op &op, unsigned *partials,
				unsigned *ticket, unsigned blocks)
{
	for (unsigned i = threadIdx.y; i < 4; i += blockDim.y)
		partials[blockIdx.x * 4 + i] = op(i);
	__threadfence();
	bool last = !__syncthreads_or(
		threadIdx.y ? 0 : (1 + atomicInc(ticket, blocks - 1) < blocks));
	if (last)
		partials[threadIdx.y] = 0;
	return last;
}

__device__ bool any_negative(const float *v)
{
	const bool mine = v[threadIdx.x] < 0.0f;
	const int votes = __syncthreads_count(mine);

	return votes > 0;
}

/* Near misses: what is returned varies by thread. */
__device__ bool leader_of_block(unsigned *ticket)
{
	if (threadIdx.x == 0)
		return atomicAdd(ticket, 1) == 0;
	return false;
}

__device__ bool own_vote(const float *v)
{
	bool mine = __syncthreads_or(v[0] < 0.0f);

	mine = mine && v[threadIdx.x] > 1.0f;
	return mine;
}
