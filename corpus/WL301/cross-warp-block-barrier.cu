/*
 * warplint-test: WL301 where lanes of other warps meet at the racing
 * elements too (each thread reads the cell of the thread after it, or
 * the block's first cell): a __syncwarp() orders only its own warp, so
 * the fix is a __syncthreads(), and only where every thread of the
 * block arrives.  Under a condition on the thread, or in a helper whose
 * callers are not seen, a block barrier could hang the block: no fix,
 * and the note says why.
 */

__global__ void shift_left(const float *in, float *out)
{
	__shared__ float cells[257];
	unsigned int t = threadIdx.x;

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

__global__ void shift_left_some(const float *in, float *out, int n)
{
	__shared__ float cells[257];
	unsigned int t = threadIdx.x;

	if (t < n) {
		cells[t] = in[t];	// expect: WL301 {{no fix: lanes of other warps meet at these elements too, so the block needs a __syncthreads(), but one here would not be reached by every thread}}
		out[t] = cells[t + 1];	// expect: WL301
	}
}

__shared__ float staged[257];

__device__ float shift_in_helper(float v)
{
	staged[threadIdx.x] = v;	// expect: WL301 {{a __syncthreads() in a helper whose callers are not seen}}
	return staged[threadIdx.x + 1];	// expect: WL301
}
