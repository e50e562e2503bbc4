/*
 * warplint-test: WL301 the near miss of argmax-condition-on-storage.cu:
 * a branch condition on shared memory that the code only writes before
 * it (the fill before the block's barrier), so a ballot of it hoisted
 * before the branch gives the same answer as the branch in every lane,
 * and the race inside the branch gets its __syncwarp(mask).
 */
__global__ void pass_on_positive(const float *x, float *out)
{
	__shared__ float seen[64];
	__shared__ float moved[64];
	int tid = threadIdx.x;

	seen[tid] = x[blockIdx.x * 64 + tid];
	moved[tid] = 0;
	__syncthreads();
	if (seen[tid] > 0) {
		moved[tid] = seen[tid];	// expect: WL301 {{lane 1 writes moved[tid] while lane 0 of its warp reads it}}
		out[blockIdx.x * 64 + tid] = moved[tid ^ 1];	// expect: WL301
	}
}
