/*
 * warplint-test: WL201 must not flag code that discovers its group with
 * __activemask() and elects a leader from it with __ffs(): every
 * collective on that mask works within the group on purpose.  An
 * aggregated counter whose ballot runs over the group, and a queue slot
 * claimed by the leader that the group then waits for with
 * __syncwarp(mask).  Counting the converged lanes alone (__popc) elects
 * nobody: activemask-before-branch.cu keeps that one a finding.
 */

__device__ unsigned lane_index(void)
{
	return threadIdx.x & 31;
}

__device__ int count_matches(int *counter, bool pred)
{
	unsigned group = __activemask();
	unsigned votes = __ballot_sync(group, pred);	// ok: WL201
	int leader = __ffs(group) - 1;
	int base = 0;

	if (lane_index() == leader)
		base = atomicAdd(counter, __popc(votes));
	base = __shfl_sync(group, base, leader);	// ok: WL201
	return base + __popc(votes & ((1u << lane_index()) - 1));
}

__device__ int claim_slot(int *tail, int *slots, int item)
{
	unsigned mask = __activemask();
	int leader = __ffs(mask) - 1;
	int rank = __popc(mask & ((1u << lane_index()) - 1));
	__shared__ int first[32];

	if (lane_index() == leader)
		first[threadIdx.x / 32] = atomicAdd(tail, __popc(mask));
	__syncwarp(mask);	// ok: WL201
	slots[first[threadIdx.x / 32] + rank] = item;
	return rank;
}

__global__ void fill(int *counter, int *tail, int *slots, const int *in)
{
	int v = in[threadIdx.x];

	if (v > 0)
		count_matches(counter, v & 1);
	if (v < 0)
		claim_slot(tail, slots, v);
}
