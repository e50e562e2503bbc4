/*
 * warplint-test: WL201 through a project's wrappers (warp-utils.cuh):
 * the mask a wrapped collective gets is chosen at the wrapper's call,
 * from a wrapper of __activemask(), written or by default.  Reported at
 * the call, never fixed there (the collective is in the wrapper).  A
 * group that elects a leader from its mask is opportunistic, and a mask
 * from a ballot is a choice: neither is reported.
 */
#include "warp-utils.cuh"

__global__ void tail_sum(int *data, int n)
{
	__shared__ int s[64];
	int t = threadIdx.x;

	s[t] = data[t];
	s[t + 32] = 0;
	__syncthreads();
	if (t < 32) {
		unsigned int active = warp_utils::active_lanes();
		int v = s[t] + s[t + 16];

		warp_utils::sync_lanes(active);	// expect: WL201 {{mask 'active' of 'sync_lanes', which passes it to '__syncwarp', comes from '__activemask()' (line 20)}}
		s[t] = v;
		warp_utils::sync_lanes(active);	// expect: WL201
	}
	if (t == 0)
		data[0] = s[0];
}

__global__ void scan_rows(const int *rows, int *found, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	while (i < n) {
		if (warp_utils::any_lane(rows[i] < 0))	// expect: WL201 {{'any_lane' passes its default mask, '__activemask()', to '__any_sync'}}
			found[blockIdx.x] = 1;
		if (warp_utils::any_lane(rows[i] == 0, warp_utils::active_lanes()))	// expect: WL201
			found[blockIdx.x] = 2;
		i += blockDim.x * gridDim.x;
	}
}

__global__ void count_flags(const int *flags, int *counter)
{
	unsigned int group = warp_utils::active_lanes();
	unsigned int full = __ballot_sync(0xffffffffu, flags[threadIdx.x] != 0);
	unsigned int votes = warp_utils::vote(flags[threadIdx.x] > 1, group);	// ok: WL201
	int leader = __ffs(group) - 1;

	if ((threadIdx.x & 31) == leader)
		atomicAdd(counter, __popc(votes));
	if (warp_utils::any_lane(flags[threadIdx.x], full))	// ok: WL201
		counter[1] = 1;
}
