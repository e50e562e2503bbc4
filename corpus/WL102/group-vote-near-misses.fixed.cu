/*
 * warplint-test: WL101/WL102 near misses of group-vote-until-done.cu: a
 * group compared with a constant only (a test of convergence, not a
 * loop over the group's turns), and a shuffle (data from other lanes)
 * in such a loop, keep the ordinary answer for a helper with no caller
 * in sight: a mask passed in, unsafe.  The vote of that loop still
 * takes the group.
 * unsafe-fixes: yes
 */
__device__ int votes_of_group(unsigned mask, int pred)
{
	unsigned group = __activemask();	// expect: WL102
	unsigned yes = __ballot_sync(mask, pred);	// expect: WL102 {{may have callers this file does not show}}

	return group == 0xffffffffu ? __popc(yes) : 0;
}

[[deprecated("pass a lane mask")]] __device__ int votes_of_group(int pred)
{
	return votes_of_group(__activemask(), pred);
}

__device__ int group_sum(unsigned mask2, int v)
{
	unsigned group = __activemask();	// expect: WL102
	unsigned positive = 0;
	int sum = v;

	while (group != positive) {
		sum += __shfl_xor_sync(mask2, sum, 1);	// expect: WL101 {{may have callers this file does not show}}
		positive = __ballot_sync(group, sum > 0);	// expect: WL102 {{mask 'group'}}
	}
	return sum;
}

[[deprecated("pass a lane mask")]] __device__ int group_sum(int v)
{
	return group_sum(__activemask(), v);
}
