/*
 * warplint-test: the arg-max branch of argmax-condition-on-storage.cu,
 * but its second statement reads the cell its first one has just
 * written.  Reading everything before the barrier would give it the old
 * value, so the branch cannot be split into a read and a write phase:
 * no fix.
 */
__global__ void row_max_gap(const float *x, float *vmax, float *vgap)
{
	__shared__ float smax[64];
	__shared__ float sgap[64];
	int tid = threadIdx.x;

	smax[tid] = x[blockIdx.x * 64 + tid];
	sgap[tid] = 0.0f;
	__syncthreads();
	if (tid < 16) {
		for (int n = 16; n > 0; n >>= 1) {
			if (smax[tid + n] > smax[tid]) {	// expect: WL301 {{no fix: a statement in the branch reads what an earlier one writes}}
				smax[tid] = smax[tid + n];	// expect: WL301
				sgap[tid] = smax[tid] - sgap[tid + n];	// expect: WL301
			}
		}
	}
	if (tid == 0) {
		vmax[blockIdx.x] = smax[0];
		vgap[blockIdx.x] = sgap[0];
	}
}
