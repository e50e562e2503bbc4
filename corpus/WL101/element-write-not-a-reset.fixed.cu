/*
 * warplint-test: WL101 and WL501 under a condition on one element of a
 * thread's own array (registers).  `r[1] = 0` after `r[0] = in[t]`
 * writes another element: `r[0]` still holds the thread's own value, so
 * the branch on it splits the warp and the block.  (An assignment of the
 * whole variable would make it uniform again; an element's is not one.)
 * The shuffle's mask is a ballot of the condition, which may be hoisted
 * although the branch writes `r[1]`: no other lane can write a thread's
 * registers.
 */
__global__ void pass_if_positive(const int *in, int *out)
{
	int r[2];
	int lane = threadIdx.x & 31;

	r[0] = in[blockIdx.x * blockDim.x + threadIdx.x];
	r[1] = 0;
	unsigned mask = __ballot_sync(0xffffffff, r[0] > 0);
	if (r[0] > 0) {
		out[threadIdx.x] = __shfl_sync(mask, r[0], lane ^ 1);	// expect: WL101 {{the lanes that arrive depend on the condition at line 18}}
		r[1] = 1;
	}
	out[threadIdx.x] += r[1];
}

__global__ void wait_if_positive(const int *in, int *out)
{
	int r[2];

	r[0] = in[blockIdx.x * blockDim.x + threadIdx.x];
	r[1] = 0;
	if (r[0] > 0)
		__syncthreads();	// expect: WL501 {{only threads for which 'r[0] > 0' is true}}
	out[threadIdx.x] = r[0] + r[1];
}
