/*
 * warplint-test: WL202 in helpers that take the thread index as a
 * parameter (`float tail(int tid, float *buf)`, called as
 * `tail(threadIdx.x, s)`), the usual shape of a block reduction's warp
 * stage.  A parameter that the helper never assigns holds, in each
 * thread, what every call in sight passes: `tid < 32` is the whole first
 * warp and no lane of the others, so the full mask under it is right, and
 * `t < 16` with `t` the lane is lanes 0-15.  A call that passes
 * `threadIdx.x + 8` leaves lanes 24-31 of the first warp out (the exact
 * constant is the fix), and calls that pass different values leave the
 * lanes unknown (a ballot): those masks are reported.
 */
__device__ float warp_tail(int tid, volatile float *buf)
{
	float sum = 0.0f;

	if (tid < 32) {
		sum = buf[tid] + buf[tid + 32];
		sum += __shfl_down_sync(0xffffffff, sum, 16);	// ok: WL202
		sum += __shfl_down_sync(0xffffffff, sum, 8);	// ok: WL202
	}
	return sum;
}

__device__ int low_half_max(int t, int v)
{
	if (t < 16)
		v = max(v, __shfl_xor_sync(0x0000ffff, v, 8));	// ok: WL202
	return v;
}

__global__ void row_sums(const float *in, float *out, int *top)
{
	__shared__ float s[64];
	unsigned lane = threadIdx.x % 32;

	s[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
	__syncthreads();
	float sum = warp_tail(threadIdx.x, s);

	if (threadIdx.x == 0)
		out[blockIdx.x] = sum;
	top[blockIdx.x * 64 + threadIdx.x] = low_half_max(lane, (int)sum);
}

__device__ float shifted_tail(int t, float v)
{
	if (t < 32)
		v += __shfl_down_sync(0xffffffff, v, 4);	// expect: WL202 {{mask names lanes 24-31, which never reach this call}}
	return v;
}

__device__ float mixed_tail(int t, float v)
{
	if (t < 32)
		v += __shfl_down_sync(0xffffffff, v, 2);	// expect: WL202
	return v;
}

__global__ void shifted(const float *in, float *out)
{
	float v = in[threadIdx.x];

	out[threadIdx.x] = shifted_tail(threadIdx.x + 8, v) +
			   mixed_tail(threadIdx.x, v) +
			   mixed_tail(threadIdx.x / 2, v);
}
