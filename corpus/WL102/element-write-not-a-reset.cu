/*
 * warplint-test: WL102 under a condition on one element of a thread's
 * own array (registers).  `r[1] = 0` after `r[0] = in[t]` writes another
 * element: `r[0]` still holds the thread's own value, so the branch on it
 * splits the warp.  (An assignment of the whole variable would make it
 * uniform again; an element's is not one.)  The vote's mask is a ballot
 * of the condition, which may be hoisted although the branch writes
 * `r[1]`: no other lane can write a thread's registers.
 * WL501/element-write-not-a-reset.cu is the same for a block barrier.
 */
__global__ void count_positive(const int *in, int *out)
{
	int r[2];

	r[0] = in[blockIdx.x * blockDim.x + threadIdx.x];
	r[1] = 0;
	if (r[0] > 0) {
		r[1] = __popc(__ballot(r[0] > 5));	// expect: WL102 {{the lanes that arrive depend on the condition at line 17}}
	}
	out[blockIdx.x * blockDim.x + threadIdx.x] = r[1];
}
