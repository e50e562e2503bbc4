/*
 * warplint-test: the near misses of stepped-pointer-per-bin.cu.  A
 * pointer stepped through a thread's own column of a shared array (no
 * lane reads another's), and one stepped by a barrier-separated block
 * reduction.  No finding.
 * expect-none
 */
#define BINS 9

__global__ void own_columns(const float *in, float *out)
{
	__shared__ float cols[BINS * 128];
	float *col = cols + threadIdx.x;

	for (int b = 0; b < BINS; ++b, col += 128)
		*col = in[b * 128 + threadIdx.x];
	col = cols + threadIdx.x;
	for (int b = 0; b < BINS; ++b)
		out[b * 128 + threadIdx.x] = col[b * 128] * 2.0f;
}

__global__ void per_bin_block_sums(const float *in, float *out)
{
	__shared__ float sums[BINS * 128];
	float *row = sums;

	for (int b = 0; b < BINS; ++b)
		sums[b * 128 + threadIdx.x] = in[b * 128 + threadIdx.x];
	__syncthreads();
	for (int b = 0; b < BINS; ++b, row += 128) {
		for (int s = 64; s > 0; s >>= 1) {
			if (threadIdx.x < s)
				row[threadIdx.x] += row[threadIdx.x + s];
			__syncthreads();
		}
		if (threadIdx.x == 0)
			out[b] = row[0];
	}
}
