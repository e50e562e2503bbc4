/*
 * warplint-test: WL202 a helper that takes its mask as a parameter, and a
 * caller that passes the full mask from under `if (i < n)`: the constant
 * is followed into the helper.  Callers that pass the lanes that reach
 * them, or different masks, are fine.  No fix: the constant is written
 * at the call site, where the ballot of the caller's condition belongs.
 */
#define FULL_MASK 0xffffffff

__device__ int pair_sum(unsigned mask, int v)
{
	return v + __shfl_down_sync(mask, v, 8);	// expect: WL202 {{no fix: the mask is the argument 'FULL_MASK' that the callers pass (line 31)}}
}

__device__ int half_sum(unsigned mask, int v)
{
	return v + __shfl_down_sync(mask, v, 8);	// ok: WL202
}

__device__ int split_sum(unsigned mask, int v)
{
	return v + __shfl_down_sync(mask, v, 8);	// ok: WL202
}

__global__ void sums(int *p, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x & 31;

	if (i < n)
		p[i] = pair_sum(FULL_MASK, p[i]);
	if (lane < 16)
		p[i] += half_sum(0x0000ffff, lane);
	if (lane < 16)
		p[i] += split_sum(0x0000ffff, lane);
	else
		p[i] += split_sum(0xffff0000, lane);
}
