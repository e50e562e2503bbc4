/*
 * warplint-test: WL303 code that takes the warp to be whole again after
 * the lanes split on their parity (the blog's __ballot example): the
 * re-convergence after the branch is not guaranteed.
 */

__device__ int foo(int v) { return v * 3; }
__device__ int bar(int v) { return v + 7; }

__global__ void parity_work(const int *in, int *out)
{
	int thread_id = threadIdx.x;
	int result;

	if (thread_id % 2)
		result = foo(in[thread_id]);
	else
		result = bar(in[thread_id]);
	if (__popc(__activemask()) == 32)	// expect: WL303 {{after the divergent branch at line 15}}
		out[thread_id] = result;
	else
		out[thread_id] = -result;
}
