/*
 * warplint-test: the near miss of ok-vote-wrapper-loops.cu.  This
 * wrapper returns each lane's own predicate when the vote agrees, so a
 * loop on it runs a lane-dependent number of times: lanes that see
 * their slot filled leave, and the ones still waiting call the
 * full-mask vote without them.  No fix: the loop must become uniform.
 */
#define FULL_MASK 0xffffffffu

__device__ __forceinline__ int still_waiting(int predicate, unsigned member_mask)
{
	return __any_sync(member_mask, predicate) ? predicate : 0; // expect: WL202 {{'still_waiting' is called at line 19, where only some lanes arrive}}
}

__global__ void poll(const volatile int *status, int *out)
{
	int st = status[threadIdx.x];

	while (still_waiting(st == 0, FULL_MASK))
		st = status[threadIdx.x];
	out[threadIdx.x] = st;
}
