/*
 * warplint-test: WL301 races in a warp's arg-max, where the update sits
 * in a branch on values read from the storage it updates:
 * `if (smax[t + n] > smax[t]) { smax[t] = smax[t + n]; sidx[t] =
 * sidx[t + n]; }`.  A ballot of that condition hoisted before the branch
 * could name a lane that then skips it: another lane that passed the
 * ballot may write the cell the first one tests.  A __syncwarp() with
 * that mask would wait forever, so neither race gets a fix
 * (ballot-condition-filled-memory.cu is the near miss).
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
			if (smax[tid + n] > smax[tid]) {	// expect: WL301 {{no fix: a racing access is not a plain read or assignment}}
				smax[tid] = smax[tid + n];	// expect: WL301
				sidx[tid] = sidx[tid + n];	// expect: WL301 {{the condition reads 'smax', which the lanes also write (line 23)}}
			}
		}
	}
	if (tid == 0) {
		vmax[blockIdx.x] = smax[0];
		vid[blockIdx.x] = sidx[0];
	}
}
