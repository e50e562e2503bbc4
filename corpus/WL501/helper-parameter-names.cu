/*
 * warplint-test: WL501 barriers in a helper whose callers this file does
 * not show.  A parameter whose name says it holds a thread's index
 * (`tid`) splits the block when tested against a bound; any other
 * parameter (`n`) is taken as the same in every thread, as a kernel's
 * is: nothing in sight says it differs.
 */
__device__ void stage_rows(float *s, int tid, int n)
{
	s[tid] = 0.0f;
	if (tid < 64)
		__syncthreads();	// expect: WL501 {{'tid < 64'}}
	if (n > 64)
		__syncthreads();	// ok: WL501
	s[tid] += 1.0f;
}
