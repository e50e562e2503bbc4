/*
 * warplint-test: WL102 the blog's implicit warp-synchronous votes
 * (Listings 10 and 11) and the vote-driven broadcast of the shuffle
 * lecture.  A __syncwarp() next to a legacy vote does not make it safe:
 * the rule still fires there.
 */
#include <assert.h>

#define FULL_MASK 0xffffffff

__device__ int foo(int x) { return x * 3 + 1; }
__device__ int bar(int x) { return x - 7; }

__global__ void listing10(const int *in, unsigned *out)
{
	int thread_id = threadIdx.x;
	int result;

	assert(__ballot_sync(FULL_MASK, 1) == FULL_MASK); // expect: WL102 {{'__ballot_sync'}}
	if (thread_id % 2)
		result = foo(in[thread_id]);
	else
		result = bar(in[thread_id]);
	/* Re-convergence here is not guaranteed: the mask says who votes. */
	unsigned ballot_result = __ballot_sync(FULL_MASK, result); // expect: WL102 {{every lane}}
	out[thread_id] = ballot_result;
}

__global__ void listing11(const int *in, unsigned *out)
{
	int result = in[threadIdx.x] & 1;

	__syncwarp();
	unsigned ballot_result = __ballot_sync(FULL_MASK, result); // expect: WL102
	out[threadIdx.x] = ballot_result;
}

/* __bfind from PTX: the most significant set bit. */
__device__ unsigned bfind(unsigned i)
{
	unsigned b;

	asm volatile("bfind.u32 %0, %1;" : "=r"(b) : "r"(i)); // ok: WL103
	return b;
}

/* Every lane votes; all read x from the last lane that voted yes. */
__global__ void broadcast_last(const int *pred, int *xs)
{
	int x = xs[threadIdx.x];
	int predicate = pred[threadIdx.x] > 0;
	unsigned vote = __ballot_sync(FULL_MASK, predicate); // expect: WL102

	/* The vote is the same in every lane: no divergence here. */
	if (vote)
		x = __shfl_sync(FULL_MASK, x, bfind(vote)); // expect: WL101 {{every lane}}
	xs[threadIdx.x] = x;
}

/* __any and __all in loop conditions: warp-uniform by construction. */
__global__ void converge(int *data, int limit)
{
	int v = data[threadIdx.x];

	while (__any_sync(FULL_MASK, v < limit)) // expect: WL102 {{'__any_sync'}}
		v += 3;
	if (__all_sync(FULL_MASK, v >= limit)) // expect: WL102 {{'__all_sync'}}
		v -= limit;
	data[threadIdx.x] = v;
}
