/*
 * warplint-test: the near miss of ok-flag-cleared-by-any.cu.  The same
 * test-and-clear of a shared flag, but the flag is read again before
 * any barrier: a lane that has not cleared it yet may read 1 while
 * another lane's 0 is on its way.  The read after the clear races.
 */
__global__ void check_then_use(const float *err, int *out, float tol)
{
	__shared__ int groupConverged;
	int mine = err[blockIdx.x * blockDim.x + threadIdx.x] < tol;

	if (threadIdx.x == 0)
		groupConverged = 1;
	__syncthreads();
	if (groupConverged && !mine)
		groupConverged = 0; // expect: WL301 {{writes groupConverged}}
	out[blockIdx.x * blockDim.x + threadIdx.x] = groupConverged; // expect: WL301 {{reads groupConverged}}
}
