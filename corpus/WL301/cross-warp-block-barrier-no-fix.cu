/*
 * warplint-test: WL301 where lanes of other warps meet at the racing
 * elements, as in cross-warp-block-barrier.cu, but a __syncthreads()
 * there would not be reached by every thread of the block: under a
 * condition on the thread, or in a helper whose callers are not seen.
 * A block barrier could hang the block: no fix, and the note says why.
 */

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
