/*
 * warplint-test: the arg-max branch of argmax-condition-on-storage.cu
 * with a comment on a line of its own inside the branch.  The fix writes
 * the branch anew, which would drop that comment, so it gives none and
 * says why (a comment after a statement moves with it instead).
 */
__global__ void row_max_at(const float *x, float *vmax, int *vid)
{
	__shared__ float best[64];
	__shared__ int at[64];
	int t = threadIdx.x;

	best[t] = x[blockIdx.x * 64 + t];
	at[t] = t;
	__syncthreads();
	if (t < 16) {
		for (int n = 16; n > 0; n >>= 1) {
			if (best[t + n] > best[t]) {	// expect: WL301 {{no fix: the branch holds a comment line that the rewrite would lose}}
				// the larger value wins, with its position
				best[t] = best[t + n];	// expect: WL301
				at[t] = at[t + n];	// expect: WL301
			}
		}
	}
	if (t == 0) {
		vmax[blockIdx.x] = best[0];
		vid[blockIdx.x] = at[0];
	}
}
