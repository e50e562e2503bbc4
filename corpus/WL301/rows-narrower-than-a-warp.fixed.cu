/*
 * warplint-test: kernels whose code bounds blockDim.x below a warp
 * (`weight[tx]` in a 16-element array) and that read threadIdx.y: the
 * block is rows of 16 threads, two to a warp, not the usual launch.
 * normalize_rows: each warp's sum goes to sums[t / 32]; every thread
 * reads all four sums, then a warp's first lane overwrites its own with
 * no barrier between, while other warps may still read it.  Rows of
 * another warp meet there, so the fix is a __syncthreads(), not a
 * __syncwarp() (the block of one row of 16 threads that the usual shape
 * would give has no second warp).  The read's line ends in blanks,
 * which the inserted barrier leaves where they are.
 * tail_across_rows: a warp-synchronous tail over t = ty * 16 + tx,
 * whose lanes 16-31 are the second row: seen only when a warp holds
 * both rows.
 */
__global__ void normalize_rows(const float *in, float *out)
{
	__shared__ float weight[16];
	__shared__ float sums[4];
	int tx = threadIdx.x;
	int ty = threadIdx.y;
	int t = ty * 16 + tx;

	if (ty == 0)
		weight[tx] = in[tx];
	__syncthreads();
	float v = in[16 + blockIdx.x * 128 + t] * weight[tx];
	float sum = v * v;
	for (int i = 1; i < 32; i *= 2)
		sum += __shfl_xor_sync(0xffffffff, sum, i);
	if ((t & 31) == 0)
		sums[t / 32] = sum;
	__syncthreads();	// expect@+1: WL301 {{lane 1 reads sums[0], written by lane 0 at line 40}}
	float norm = sums[0] + sums[1] + sums[2] + sums[3];  
	__syncthreads();
	v = v / norm;
	sum = v * v;
	for (int i = 1; i < 32; i *= 2)
		sum += __shfl_xor_sync(0xffffffff, sum, i);
	if ((t & 31) == 0)
		sums[t / 32] = sum;	// expect: WL301
	__syncthreads();
	out[blockIdx.x * 128 + t] = v / (sums[0] + sums[1] + sums[2] + sums[3]);
}

__global__ void tail_across_rows(const float *in, float *out)
{
	__shared__ float weight[16];
	__shared__ float s[256];
	int tx = threadIdx.x;
	int ty = threadIdx.y;
	int t = ty * 16 + tx;

	if (ty == 0)
		weight[tx] = in[tx];
	__syncthreads();
	s[t] = in[16 + blockIdx.x * 256 + t] * weight[tx];
	__syncthreads();
	if (t < 128)
		s[t] += s[t + 128];
	__syncthreads();
	if (t < 64)
		s[t] += s[t + 64];
	__syncthreads();
	unsigned mask = __ballot_sync(0xffffffff, t < 32);
	if (t < 32) {
		float v;
		v = s[t] + s[t + 32];	// expect: WL301 {{lane 16 writes s[t] while lane 0 of its warp reads it}}
		__syncwarp(mask);
		s[t] = v;
		__syncwarp(mask);
		v = s[t] + s[t + 16];	// expect: WL301
		__syncwarp(mask);
		s[t] = v;
		__syncwarp(mask);
		v = s[t] + s[t + 8];	// expect: WL301
		__syncwarp(mask);
		s[t] = v;
		__syncwarp(mask);
		v = s[t] + s[t + 4];	// expect: WL301
		__syncwarp(mask);
		s[t] = v;
		__syncwarp(mask);
		v = s[t] + s[t + 2];	// expect: WL301
		__syncwarp(mask);
		s[t] = v;
		__syncwarp(mask);
		v = s[t] + s[t + 1];	// expect: WL301
		__syncwarp(mask);
		s[t] = v;
		__syncwarp(mask);
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}
