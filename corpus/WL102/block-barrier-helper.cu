/*
 * warplint-test: WL102 helpers whose callers this file does not show (a
 * library's header of block-wide building blocks).  A helper that waits
 * at a block barrier as one of its top-level statements is called by
 * every thread of the block, or the block hangs there: the full mask is
 * proved by the barrier, whoever the callers are.  The barrier may sit
 * in a helper the top level calls.  A barrier under a branch or in a
 * loop proves nothing: those helpers keep the threaded mask, an unsafe
 * fix (applied here, so that the fixed file builds).
 * unsafe-fixes: yes
 */
#define WARP_SIZE 32

/* Inclusive count of the set flags up to each thread of the block. */
template <typename T>
__device__ T block_count_upto(T *partial, bool flag)
{
	const int lane = threadIdx.x % WARP_SIZE;
	const int warp = threadIdx.x / WARP_SIZE;
	unsigned votes = __ballot(flag);	// expect: WL102 {{must reach the barrier at line 25}}
	T upto = __popc(votes & (0xffffffffu >> (31 - lane)));

	if (lane == 0)
		partial[warp] = __popc(votes);
	__syncthreads();
	if (threadIdx.x == 0)
		for (int w = 1; w < blockDim.x / WARP_SIZE; w++)
			partial[w] += partial[w - 1];
	__syncthreads();
	return warp > 0 ? upto + partial[warp - 1] : upto;
}

__device__ void wait_for_block(void)
{
	__syncthreads();
}

/* The barrier is in a helper that the top level calls. */
__device__ int block_any_negative(int *flags, int v)
{
	int warp = threadIdx.x / WARP_SIZE;

	if (threadIdx.x < blockDim.x / WARP_SIZE)
		flags[threadIdx.x] = 0;
	wait_for_block();
	if (__any(v < 0) && threadIdx.x % WARP_SIZE == 0)	// expect: WL102 {{must reach the barrier at line 45}}
		flags[warp] = 1;
	{
		wait_for_block();
	}
	return flags[0];
}

/* A barrier only some calls reach proves nothing about the lanes. */
__device__ int warp_all_ready(int *ready, int v, bool publish)
{
	int all = __all(v != 0);	// expect: WL102 {{mask comes in through a new first parameter}}

	if (publish) {
		ready[threadIdx.x / WARP_SIZE] = all;
		__syncthreads();
	}
	return all;
}

/* Nor does one in a loop, which some threads may leave early. */
__device__ unsigned warp_lanes_set(unsigned *words, int n, bool bit)
{
	unsigned lanes = __ballot(bit);	// expect: WL102 {{mask comes in through a new first parameter}}

	for (int i = threadIdx.x; i < n; i += blockDim.x) {
		words[i] |= lanes;
		__syncthreads();	// expect: WL501
	}
	return lanes;
}

/*
 * A call in sight that lets only some lanes in breaks the barrier's rule
 * (WL501 says so): no evidence then, and the mask is passed in, right
 * whichever way the block runs.
 */
__device__ unsigned block_votes(unsigned *flags, bool v)
{
	flags[threadIdx.x] = v;
	__syncthreads();	// expect: WL501
	return __ballot(v);	// expect: WL102 {{pass their mask in a new first parameter}}
}

__global__ void ragged_votes(unsigned *out, unsigned *flags, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		out[i] = block_votes(flags + blockIdx.x * blockDim.x,
				     out[i] != 0);
}
