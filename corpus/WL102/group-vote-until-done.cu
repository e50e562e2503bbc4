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

/*
 * Lanes of a block add into sixteen sums under per-sum locks, only those
 * whose key has bit 4 set: the helper's callers diverge.  The values are
 * whole numbers, so any order of the adds gives the same sums.
 */
__global__ void bucket_sums(double *out, const int *keys, int n)
{
	__shared__ double sums[16];
	__shared__ int locks[16];
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (threadIdx.x < 16) {
		sums[threadIdx.x] = 0.0;
		locks[threadIdx.x] = 0;
	}
	__syncthreads();
	if (i < n && (keys[i] & 16)) {
		int k = keys[i] & 15;

		locked_add(&sums[k], &locks[k], (double)(keys[i] & 255));
	}
	__syncthreads();
	if (threadIdx.x < 16)
		out[blockIdx.x * 16 + threadIdx.x] = sums[threadIdx.x];
}
