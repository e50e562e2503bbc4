/*
 * warplint-test: WL301 races in a warp's arg-max, where the update sits
 * in a branch on values read from the storage it updates:
 * `if (smax[t + n] > smax[t]) { smax[t] = smax[t + n]; sidx[t] =
 * sidx[t + n]; }`.  A ballot of that condition hoisted before the branch
 * could name a lane that then skips it: another lane that passed the
 * ballot may write the cell the first one tests, and a __syncwarp() with
 * that mask would wait forever (ballot-condition-filled-memory.cu is the
 * near miss).  The fix reads the condition once, into a register, with
 * the values, and puts the barriers outside the branch, where the mask
 * is the lanes that reach it (tid < 16), not those that take it.  Both
 * regions (smax and sidx) get that one rewrite of the branch.
 */
__global__ void row_max_id(const float *x, float *vmax, int *vid)
{
	__shared__ float smax[64];
	__shared__ int sidx[64];
	int tid = threadIdx.x;

	smax[tid] = x[blockIdx.x * 64 + tid];
	sidx[tid] = tid;
	__syncthreads();
	if (tid < 16) {
		for (int n = 16; n > 0; n >>= 1) {
			float smax_v;
			int sidx_v;
			bool take = smax[tid + n] > smax[tid];	// expect: WL301 {{written by lane 8 at line 26}}
			if (take) {
				smax_v = smax[tid + n];	// expect: WL301
				sidx_v = sidx[tid + n];	// expect: WL301 {{sidx[tid + n], written by lane 8}}
			}
			__syncwarp(0x0000ffff);
			if (take) {
				smax[tid] = smax_v;
				sidx[tid] = sidx_v;
			}
			__syncwarp(0x0000ffff);
		}
	}
	if (tid == 0) {
		vmax[blockIdx.x] = smax[0];
		vid[blockIdx.x] = sidx[0];
	}
}
