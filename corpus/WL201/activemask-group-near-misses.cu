/*
 * warplint-test: WL201 near misses of ok-group-vote-until-done.cu: a
 * group taken with __activemask() and compared only with a constant (a
 * test of convergence: the vote still counts whichever lanes happen to
 * be converged), and a shuffle over the group inside a loop that does
 * take turns (the data of lanes the group may lack).  No caller is in
 * sight, so there is no fix.
 */
__device__ int positive_lanes(int v)
{
	unsigned group = __activemask();
	unsigned yes = __ballot_sync(group, v > 0);	// expect: WL201

	return group == 0xffffffffu ? __popc(yes) : -1;
}

__device__ int pair_sums(int v)
{
	unsigned group = __activemask();
	unsigned positive = 0;
	int sum = v;

	while (group != positive) {
		sum += __shfl_xor_sync(group, sum, 1);	// expect: WL201
		positive = __ballot_sync(group, sum > 0);	// ok: WL201
	}
	return sum;
}
