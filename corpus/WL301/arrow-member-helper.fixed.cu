/*
 * warplint-test: WL301 in a virtual-warp reduction over an array of
 * structs, where a user-supplied helper combines two vertices through
 * pointers (`compute_reduce(outcome + t, outcome + t + 16)`, then
 * `mine->distance = next->distance`): the accesses `p->field` are the
 * elements the pointers name, the same ones `outcome[t].distance`
 * writes in the kernel.  Before, neither the helper's race nor the
 * kernel's write before it was seen.  The helper's race is fixed in the
 * helper (Listing 8, the callers' lanes passed in); the kernel's write
 * races with a later function's read, which the fix does not cover.
 */
struct vertex {
	unsigned distance;
};

__device__ void compute_reduce(unsigned mask, volatile vertex *mine, vertex *next)
{
	unsigned int outcome_v;
	bool take = mine->distance > next->distance;
	if (take) {
		outcome_v = next->distance;	// expect: WL301
	}
	__syncwarp(mask);
	if (take) {
		mine->distance = outcome_v;
	}
	__syncwarp(mask);	// expect: WL301
}

__global__ void min_distance(const unsigned *in, unsigned *out)
{
	__shared__ vertex outcome[256];
	const unsigned lane = threadIdx.x & 31;

	outcome[threadIdx.x].distance = in[blockIdx.x * 256 + threadIdx.x];	// expect: WL301
	if (lane < 16)
		compute_reduce(0x0000ffff, outcome + threadIdx.x, outcome + threadIdx.x + 16);
	if (lane < 8)
		compute_reduce(0x000000ff, outcome + threadIdx.x, outcome + threadIdx.x + 8);
	if (lane < 4)
		compute_reduce(0x0000000f, &outcome[threadIdx.x], &outcome[threadIdx.x + 4]);
	if (lane == 0)
		out[blockIdx.x * 8 + threadIdx.x / 32] = outcome[threadIdx.x].distance;
}

/* A local pointer to the lane's own element, and `(me + 16)->`. */
__global__ void min_through_pointer(const unsigned *in, unsigned *out)
{
	__shared__ vertex cell[256];
	const unsigned lane = threadIdx.x & 31;
	vertex *me = cell + threadIdx.x;

	unsigned int v;
	me->distance = in[blockIdx.x * 256 + threadIdx.x];	// expect: WL301
	__syncwarp(0xffffffff);
	if (lane < 16) v = min(me->distance, (me + 16)->distance);	// expect: WL301
	__syncwarp(0xffffffff);
	if (lane < 16) me->distance = v;
	__syncwarp(0xffffffff);
	if (lane < 8) v = min(me->distance, me[8].distance);	// expect: WL301
	__syncwarp(0xffffffff);
	if (lane < 8) me->distance = v;
	__syncwarp(0xffffffff);
	if (lane == 0)
		out[blockIdx.x * 8 + threadIdx.x / 32] = me->distance;
}
