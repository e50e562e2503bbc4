/*
 * warplint-test: WL301 races in a warp's arg-max, where the update sits
 * in a branch on values read from the storage it updates:
 * `if (smax[t + n] > smax[t]) { smax[t] = smax[t + n]; sidx[t] =
 * sidx[t + n]; }`.  A ballot of that condition hoisted before the branch
 * could name a lane that then skips it: another lane that passed the
 * ballot may write the cell the first one tests.  A __syncwarp() with
 * that mask would wait forever, so neither race gets a fix.  A condition
 * on memory that the code only writes before it (the fill before the
 * barrier) is no obstacle: that branch keeps its ballot.
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
				sidx[tid] = sidx[tid + n];	// expect: WL301 {{the condition reads 'smax', which the lanes also write (line 24)}}
			}
		}
	}
	if (tid == 0) {
		vmax[blockIdx.x] = smax[0];
		vid[blockIdx.x] = sidx[0];
	}
}

__global__ void pass_on_positive(const float *x, float *out)
{
	__shared__ float seen[64];
	__shared__ float moved[64];
	int tid = threadIdx.x;

	seen[tid] = x[blockIdx.x * 64 + tid];
	moved[tid] = 0;
	__syncthreads();
	unsigned mask = __ballot_sync(0xffffffff, seen[tid] > 0);
	if (seen[tid] > 0) {
		moved[tid] = seen[tid];	// expect: WL301 {{lane 1 writes moved[tid] while lane 0 of its warp reads it}}
		__syncwarp(mask);
		out[blockIdx.x * 64 + tid] = moved[tid ^ 1];	// expect: WL301
	}
}
