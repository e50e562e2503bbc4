/*
 * warplint-test: WL501 in a file analysed without the flags its build
 * gives: an expression that names an undefined macro did not parse, and
 * is read from its tokens.  It varies by thread when it reads
 * threadIdx.x, a local that holds a thread's index, a name that says it
 * is one (the LANE_ID or THREAD_ID macros of a missing header), or the
 * result of an undeclared function so named.
 * disable: WL900
 * nvcc: no
 */
__global__ void stages(float *data, int n)
{
	__shared__ float stage[STAGE];
	int tid = threadIdx.x;

	if (threadIdx.x < STAGE_WIDTH) {
		stage[threadIdx.x] = data[threadIdx.x];
		__syncthreads();	// expect: WL501
	}
	if (tid + HALO < n) {
		stage[tid] = data[tid + HALO];
		__syncthreads();	// expect: WL501
	}
	if (LANE_ID < HALF_WARP)
		__syncthreads();	// expect: WL501
	if (get_lane_id() == LEADER)
		__syncthreads();	// expect: WL501
	for (int i = THREAD_ID; i < n; i += STRIDE)
		__syncthreads();	// expect: WL501
}
