/*
 * warplint-test: a warp's tail that sums two arrays side by side (the
 * values and their squares), a step of each per iteration.  Each step
 * reads a cell another lane writes, so each needs its read ahead of a
 * __syncwarp() and its write ahead of another.  The two steps touch
 * different arrays, so one pair of barriers serves both: both reads, a
 * barrier, both writes, a barrier.
 */
__global__ void row_moments(const float *x, float *mean, float *meansq)
{
	__shared__ float sum[64];
	__shared__ float sq[64];
	int t = threadIdx.x;
	float v = x[blockIdx.x * 64 + t];

	sum[t] = v;
	sq[t] = v * v;
	__syncthreads();
	if (t < 32) {
		for (int o = 16; o > 0; o >>= 1) {
			float sum_v;
			float sq_v;
			sum_v = sum[t] + sum[t + o];	// expect: WL301 {{written by lane 16}}
			sq_v = sq[t] + sq[t + o];	// expect: WL301 {{sq[t + o], written by lane 16}}
			__syncwarp(0xffffffff);
			sum[t] = sum_v;
			sq[t] = sq_v;
			__syncwarp(0xffffffff);
		}
	}
	if (t == 0) {
		mean[blockIdx.x] = sum[0] / 64;
		meansq[blockIdx.x] = sq[0] / 64;
	}
}
