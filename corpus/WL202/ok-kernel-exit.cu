/*
 * warplint-test: WL202 near misses: lanes that returned from the
 * __global__ function have exited, and the Programming Guide asks only the
 * non-exited lanes named in a mask to arrive.  A full mask after
 * `if (i >= n) return;` in a kernel, after a lane-dependent return, or
 * after a return inside a loop of the kernel is not a finding, in the
 * kernel or in a helper it calls afterwards.
 */
__device__ float warp_total(float v)
{
	for (int o = 16; o > 0; o /= 2)
		v += __shfl_xor_sync(0xffffffff, v, o);	// ok: WL202
	return v;
}

__global__ void sum_rows(const float *in, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return;
	float v = in[i];

	v = warp_total(v);
	v += __shfl_down_sync(0xffffffff, v, 1);	// ok: WL202
	if ((threadIdx.x & 31) == 0)
		out[i / 32] = v;
}

__global__ void first_half(int *data)
{
	unsigned lane = threadIdx.x % 32;

	if (lane >= 16)
		return;
	int v = data[threadIdx.x];

	v = __shfl_sync(0xffffffff, v, 0);	// ok: WL202
	v = __shfl_sync(0x0000ffff, v, 1);	// ok: WL202
	data[threadIdx.x] = v;
}

__global__ void scan_until(const int *keys, int *out, int limit)
{
	int v = 0;

	for (int k = 0; k < 8; k++) {
		if (keys[k * blockDim.x + threadIdx.x] > limit)
			return;
		v += __shfl_up_sync(0xffffffff, v, 1);	// ok: WL202
	}
	out[threadIdx.x] = v;
}
