/*
 * warplint-test: WL401 the unrolled last-warp tail written inline in the
 * kernel (the shape of many pre-Volta reductions): a shuffle loop does it
 * without shared memory, with the same tree and operand order.
 * enable: WL401
 */

#define BLOCK 256

__global__ void block_sum(const float *in, float *out, int n)
{
	__shared__ float sdata[BLOCK];
	unsigned int tid = threadIdx.x;
	int i = blockIdx.x * BLOCK + tid;

	sdata[tid] = i < n ? in[i] : 0.0f;
	__syncthreads();
	for (unsigned int s = BLOCK / 2; s > 32; s >>= 1) {
		if (tid < s)
			sdata[tid] += sdata[tid + s];
		__syncthreads();
	}
	if (tid < 32) {
		volatile float *vs = sdata;

		vs[tid] += vs[tid + 32];	// expect: WL301, WL401 {{__shfl_down_sync loop}}
		vs[tid] += vs[tid + 16];	// expect: WL301
		vs[tid] += vs[tid + 8];	// expect: WL301
		vs[tid] += vs[tid + 4];	// expect: WL301
		vs[tid] += vs[tid + 2];	// expect: WL301
		vs[tid] += vs[tid + 1];	// expect: WL301
	}
	if (tid == 0)
		out[blockIdx.x] = sdata[0];
}
