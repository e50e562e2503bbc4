/*
 * warplint-test: WL202 must not flag a full-mask vote inside a wrapper
 * that a loop's condition calls (a decoupled look-back, the way CUB
 * waits on its predecessors): the wrapper returns what the vote
 * returns, the same in every lane whatever each lane passed, so the
 * loop runs equally often in every lane and all 32 reach the vote on
 * every trip.  The near miss, a wrapper that hands back each lane's own
 * predicate, is vote-wrapper-lane-result.cu.
 * expect-none
 */
#define FULL_MASK 0xffffffffu

__device__ __forceinline__ int warp_all(int predicate, unsigned member_mask)
{
	return __all_sync(member_mask, predicate);
}

__device__ __forceinline__ int warp_any(int predicate, unsigned member_mask)
{
	int any = __any_sync(member_mask, predicate);

	return any;
}

__device__ void wait_for_valid(const volatile int *status, int idx, int &st)
{
	st = status[idx];
	while (warp_any(st == 0, FULL_MASK))
		st = status[idx];
}

__global__ void look_back(const volatile int *status, int *prefix)
{
	int idx = blockIdx.x - threadIdx.x - 1;
	int st;

	wait_for_valid(status, idx, st);
	while (warp_all(st != 2, FULL_MASK)) {
		idx -= 32;
		wait_for_valid(status, idx, st);
	}
	prefix[blockIdx.x * 32 + threadIdx.x] = st;
}
