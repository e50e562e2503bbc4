/*
 * warplint-test: two adjacent steps of a warp's tail where the second
 * reads the cell the first has just written (a running total feeding a
 * weighted one).  Moving the second read ahead of the first write would
 * change what it reads, so the steps are not merged: each gets its own
 * read, barrier, write and barrier.
 */
__global__ void row_weighted(const float *x, float *total, float *weighted)
{
	__shared__ float sum[64];
	__shared__ float wsum[64];
	int t = threadIdx.x;

	sum[t] = x[blockIdx.x * 64 + t];
	wsum[t] = 0.0f;
	__syncthreads();
	if (t < 32) {
		for (int o = 16; o > 0; o >>= 1) {
			sum[t] += sum[t + o];	// expect: WL301 {{written by lane 16}}
			wsum[t] += sum[t] * o + wsum[t + o];	// expect: WL301 {{wsum[t + o], written by lane 16}}
		}
	}
	if (t == 0) {
		total[blockIdx.x] = sum[0];
		weighted[blockIdx.x] = wsum[0];
	}
}
