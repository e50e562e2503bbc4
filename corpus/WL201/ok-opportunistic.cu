/*
 * warplint-test: WL201 near misses: opportunistic code that only discovers
 * its group (the blog's atomicAggInc, and the older form over
 * __activemask() itself), and masks computed with __ballot_sync() before
 * the branch (Listing 3).
 */
#define FULL_MASK 0xffffffff

__device__ int lane_id(void)
{
	return threadIdx.x % 32;
}

__device__ int atomicAggInc(int *ptr)
{
	int mask = __match_any_sync(__activemask(), (unsigned long long)ptr);	// ok: WL201
	int leader = __ffs(mask) - 1;
	int res;

	if (lane_id() == leader)
		res = atomicAdd(ptr, __popc(mask));
	res = __shfl_sync(mask, res, leader);	// ok: WL201
	return res + __popc(mask & ((1 << lane_id()) - 1));
}

__device__ int atomicAggIncActive(int *ctr)
{
	unsigned int active = __activemask();
	int leader = __ffs(active) - 1;
	int change = __popc(active);
	unsigned int rank = __popc(active & ((1u << lane_id()) - 1));
	int warp_res = 0;

	if (rank == 0)
		warp_res = atomicAdd(ctr, change);
	warp_res = __shfl_sync(active, warp_res, leader);	// ok: WL201
	return warp_res + rank;
}

__global__ void filter(const int *in, int *out, int *count, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n && in[i] > 0)
		out[atomicAggInc(count)] = in[i];
	if (i < n && in[i] < 0)
		out[atomicAggIncActive(count)] = -in[i];
}

__global__ void sum_small(const int *input, int *output, int num_elements)
{
	unsigned mask = __ballot_sync(FULL_MASK, threadIdx.x < num_elements);
	int val = 0;

	if (threadIdx.x < num_elements) {
		val = input[threadIdx.x];
		for (int offset = 16; offset > 0; offset /= 2)
			val += __shfl_down_sync(mask, val, offset);	// ok: WL201
		if (threadIdx.x == 0)
			*output = val;
	}
}

__global__ void group_by_key(const int *keys, int *first)
{
	int key = keys[threadIdx.x];
	int pred;
	unsigned same = __match_all_sync(__activemask(), key, &pred);	// ok: WL201

	if (pred && (threadIdx.x & 31) == __ffs(same) - 1)
		first[threadIdx.x / 32] = key;
}
