/*
 * warplint-test: WL501 with helpers declared here but defined in another
 * translation unit (separate compilation, -rdc): their code is out of
 * sight, so their names decide, as for helpers declared nowhere.  A
 * block-wide arg-min (every thread gets the index a shared reduction
 * left in its first slot) steers a loop's break: every thread leaves on
 * the same trip, and the barriers after it are reached by all.  A
 * helper named for the thread's slot steers a barrier that only some
 * threads reach.  A toolkit function defined nowhere in sight
 * (atomicAdd) is still taken per thread.
 * nvcc: no
 */
__device__ int block_argmin(const float *values, int *index);
__device__ int thread_slot(const int *slots);

__global__ void select_pairs(float *values, int *index, const int *slots,
			     int *count, float eps)
{
	__shared__ float seen[256];

	for (;;) {
		int i = block_argmin(values, index);
		float best = values[i];

		if (best > eps)
			break;
		__syncthreads(); // ok: WL501
		values[i] = eps * 2;
		__syncthreads(); // ok: WL501
	}
	if (thread_slot(slots) > 0) {
		seen[threadIdx.x] = values[threadIdx.x];
		__syncthreads(); // expect: WL501 {{only threads for which 'thread_slot(slots) > 0' is true}}
	}
	if (atomicAdd(count, 1) == 0) {
		seen[0] = 0;
		__syncthreads(); // expect: WL501
	}
}
