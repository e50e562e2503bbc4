/*
 * warplint-test: WL101 mask inference under divergence.  A blind
 * 0xffffffff would hang or read garbage here: each fix must name exactly
 * the lanes that reach the call.
 */
#define FULL_MASK 0xffffffff

/* Partial warp at the end of the array: a ballot before the branch. */
__global__ void tail_sum(const float *in, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float val = 0.0f;

	unsigned mask = __ballot_sync(FULL_MASK, i < n);
	if (i < n) {
		val = in[i];
		for (int offset = 16; offset > 0; offset /= 2)
			val += __shfl_down_sync(mask, val, offset); // expect: WL101 {{__ballot_sync}}
		if ((threadIdx.x & 31) == 0)
			out[i / 32] = val;
	}
}

/* Lanes 0-15 only: the exact constant mask. */
__global__ void half_warp(int *data)
{
	unsigned lane = threadIdx.x % 32;
	int v = data[threadIdx.x];

	if (lane < 16)
		v += __shfl_xor_sync(0x0000ffff, v, 8, 16); // expect: WL101 {{lanes 0-15}}
	data[threadIdx.x] = v;
}

/* Upper lanes, written with a mask expression. */
__global__ void upper_lanes(int *data)
{
	int v = data[threadIdx.x];

	if ((threadIdx.x & 31) >= 8)
		v = __shfl_up_sync(0xffffff00, v, 1); // expect: WL101 {{lanes 8-31}}
	data[threadIdx.x] = v;
}

/*
 * An early return from the kernel: the lanes that took it have exited,
 * and a mask may name exited lanes (RULES.md, WL202), so the full mask.
 */
__global__ void early_exit(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return;
	int v = in[i];
	v += __shfl_down_sync(FULL_MASK, v, 1); // expect: WL101 {{every lane of the warp reaches this call}}
	out[i] = v;
}

/* From a __device__ helper the lanes only leave the helper: a ballot. */
__device__ int early_leave(int v, int limit)
{
	unsigned mask = __ballot_sync(FULL_MASK, v < limit);
	if (v >= limit)
		return v;
	return v + __shfl_down_sync(mask, v, 1); // expect: WL101 {{condition at line}}
}

__global__ void call_early_leave(int *data, int limit)
{
	data[threadIdx.x] = early_leave(data[threadIdx.x], limit);
}

/* Warp-uniform conditions: whole warps in or out, full mask. */
__global__ void uniform_branches(int *data, int rounds)
{
	int warp = threadIdx.x / 32;
	int v = data[threadIdx.x];

	if (warp == 0)
		v = __shfl_sync(FULL_MASK, v, 0); // expect: WL101 {{every lane}}
	if (threadIdx.x < 64)
		v += __shfl_xor_sync(FULL_MASK, v, 1); // expect: WL101 {{every lane}}
	for (int r = 0; r < rounds; r++)
		v += __shfl_down_sync(FULL_MASK, v, 2); // expect: WL101 {{every lane}}
	if (blockIdx.x > 0)
		v += __shfl_up_sync(FULL_MASK, v, 2); // expect: WL101 {{every lane}}
	data[threadIdx.x] = v;
}

/* Nested divergence: the inner ballot runs only where the outer holds. */
__global__ void nested(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = 0;

	unsigned mask = __ballot_sync(FULL_MASK, i < n);
	if (i < n) {
		v = in[i];
		unsigned mask2 = __ballot_sync(mask, v > 0);
		if (v > 0)
			v = __shfl_xor_sync(mask2, v, 1); // expect: WL101 {{__ballot_sync}}
		out[i] = v;
	}
}

/* A helper called only from lanes 0-15: its mask follows its callers. */
__device__ int lower_half_sum(int v)
{
	v += __shfl_down_sync(0x0000ffff, v, 8, 16); // expect: WL101 {{lanes 0-15}}
	return v;
}

__global__ void calls_helper(int *data)
{
	int v = data[threadIdx.x];

	if ((threadIdx.x & 31) < 16)
		v = lower_half_sum(v);
	data[threadIdx.x] = v;
}
