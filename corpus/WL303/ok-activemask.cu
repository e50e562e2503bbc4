/*
 * warplint-test: near misses for WL303: __activemask() used to discover
 * the lanes that happen to be here (opportunistic, the blog's
 * atomicAggInc), and a convergence test with nothing before it that
 * could have split the warp.
 * expect-none
 */

__device__ int lane_id() { return threadIdx.x % 32; }

__device__ int atomicAggInc(int *ptr)
{
	int mask = __match_any_sync(__activemask(), (unsigned long long)ptr);	// ok: WL303
	int leader = __ffs(mask) - 1;
	int res;

	if (lane_id() == leader)
		res = atomicAdd(ptr, __popc(mask));
	res = __shfl_sync(mask, res, leader);
	return res + __popc(mask & ((1 << lane_id()) - 1));
}

__global__ void count(int *counter, int *out)
{
	if (__activemask() != 0xffffffff)	// ok: WL303
		out[blockIdx.x] = -1;
	out[blockIdx.x * blockDim.x + threadIdx.x] = atomicAggInc(counter);
}
