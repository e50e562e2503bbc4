/*
 * warplint-test: WL102 in a lock loop that takes turns within the group
 * of lanes that entered together (an atomic on a type no instruction
 * takes).  The helper names its group at the top, `__ballot(1)`, and
 * votes until every lane of it is done: the vote is over that group,
 * whatever the callers' branches, so its mask is the group (the lanes
 * the legacy vote counted), and the group's own ballot becomes
 * __activemask().  No caller of the helpers is in sight, yet neither
 * fix is a guess.  The near misses are group-vote-near-misses.cu.
 */
__device__ bool try_lock(int *lock)
{
	return atomicCAS(lock, 0, 1) == 0;
}

__device__ void unlock(int *lock)
{
	__threadfence();
	atomicExch(lock, 0);
}

__device__ double locked_add(double *dest, int *lock, double val)
{
	double old = 0.0;
	int done = 0;
	unsigned active = __ballot(1);	// expect: WL102 {{set of lanes active here}}
	unsigned done_active = 0;

	while (active != done_active) {
		if (!done && try_lock(lock)) {
			old = *dest;
			*dest = old + val;
			unlock(lock);
			done = 1;
		}
		done_active = __ballot(done);	// expect: WL102 {{mask 'active'}}
	}
	return old;
}
