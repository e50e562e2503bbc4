/*
 * warplint-test: WL301 where lanes of other warps meet at the racing
 * elements too (each thread reads the cell of the thread after it, or
 * the block's first cell): a __syncwarp() orders only its own warp, so
 * the fix is a __syncthreads(), and only where every thread of the
 * block arrives (cross-warp-block-barrier-no-fix.cu has the places where
 * it would not).
 */

__global__ void shift_left(const float *in, float *out)
{
	__shared__ float cells[257];
	unsigned int t = threadIdx.x;

	if (t == 0)
		cells[256] = 0;
	cells[t] = in[blockIdx.x * 256 + t];	// expect: WL301 {{lane 1 writes cells[t] while lane 0 of its warp reads it}}
	out[blockIdx.x * 256 + t] = cells[t + 1];	// expect: WL301 {{reads cells[t + 1], written by lane t + 1}}
}

__global__ void broadcast_then_reuse(const float *in, float *out)
{
	__shared__ float cells[256];
	unsigned int t = threadIdx.x;

	cells[t] = in[blockIdx.x * 256 + t];
	__syncthreads();
	float first = cells[0];	// expect: WL301 {{lane 1 reads cells[0], written by lane 0}}
	cells[t] = in[blockIdx.x * 256 + t] - first;	// expect: WL301
	__syncthreads();
	out[blockIdx.x * 256 + t] = cells[255 - t];
}
