/*
 * warplint-test: WL501 a kernel template calling helpers declared in a
 * header it does not include.  Their names say their results differ
 * between threads (a lane index, a thread rank), so a barrier under a
 * condition on them is reported as one on the thread index would be.
 */

template <typename T>
__global__ void gather_lanes(T *data, int n)
{
	__shared__ T stage[32];

	if (lane_index(data, n) < 16) {
		stage[threadIdx.x & 31] = data[threadIdx.x];
		__syncthreads();	// expect: WL501
	}
	if (thread_rank_in(data) == 0) {
		__syncthreads();	// expect: WL501
		data[0] = stage[0];
	}
}
