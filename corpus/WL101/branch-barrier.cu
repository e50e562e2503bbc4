/*
 * warplint-test: WL101 conditions that look thread-dependent only because
 * the file does not show what they read (a helper's parameter with no
 * caller here, a function of another file).  An arm, or a loop body, that
 * waits at a block barrier runs in every thread of the block or in none,
 * or the block hangs there: the barrier settles the lanes, and the full
 * mask is proved.  Without a barrier the lanes are still a ballot's, and
 * a condition plainly thread-dependent (`i < n`) stays a ballot, the
 * barrier under it WL501's error.
 */

/* Entered by the whole block: it waits at the barrier first thing. */
__device__ float tile_sum(float v, float *rows, int tiles)
{
	rows[threadIdx.x] = v;
	__syncthreads();
	v += rows[threadIdx.x ^ 32];
	if (tiles > 1) {
		__syncthreads();
		v += __shfl_down(v, 16);	// expect: WL101 {{holds the barrier at line 19}}
	}
	for (int t = 0; t < tiles; t++) {
		v += __shfl_xor(v, 1);	// expect: WL101 {{it holds the barrier at line 24}}
		__syncthreads();
	}
	if (tiles > 2)	/* no barrier: the lanes are a ballot's */
		v += __shfl_down(v, 8);	// expect: WL101 {{computed with __ballot_sync}}
	return v;
}

/* A helper's parameter, with no caller in this file. */
__device__ float fold_rows(float v, float *rows, int width)
{
	if (width > 32) {
		rows[threadIdx.x] = v;
		__syncthreads();
		v = rows[threadIdx.x ^ 32];
		__syncwarp();	// ok: WL202
	}
	return v;
}

__global__ void ragged_sums(float *out, const float *in, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float v = 0.0f;

	if (i < n) {
		v = in[i];
		__syncthreads();	// expect: WL501
		v += __shfl_down(v, 1);	// expect: WL101 {{computed with __ballot_sync}}
	}
	out[i] = v;
}
