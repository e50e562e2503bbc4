/*
 * warplint-test: WL201 must not flag the vote of a lock loop that takes
 * turns within the group of lanes that entered together: the helper
 * names the group with __activemask() at its top and votes over it
 * until every member is done (`while (active != done_active)`).  The
 * group is the unit of the algorithm, not an accident of convergence,
 * as in atomicAggInc.  The same group compared only with a constant, or
 * feeding a shuffle, is still a finding (activemask-group-near-misses.cu).
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

__device__ float locked_max(float *dest, int *lock, float val)
{
	float old = 0.0f;
	bool done = false;
	const unsigned active = __activemask();
	unsigned done_active = 0;

	do {
		if (!done && try_lock(lock)) {
			old = *dest;
			*dest = fmaxf(old, val);
			unlock(lock);
			done = true;
		}
		done_active = __ballot_sync(active, done);	// ok: WL201
	} while (done_active != active);
	return old;
}
