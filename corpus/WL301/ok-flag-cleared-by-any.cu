/*
 * warplint-test: a block-wide "all converged" flag that any thread
 * which has not converged clears, testing it first to skip a redundant
 * store (`if (done && !mine) done = 0;`).  Lanes that test before or
 * after another lane's store leave the same value, so no lane order
 * matters and there is nothing to report; the read of the flag after
 * the barrier is ordered.  A constraint solver's iteration kernel.
 * expect-none
 */
__global__ void check_converged(const float *err, int *converged, float tol,
				int *failed)
{
	__shared__ int groupConverged;
	__shared__ int anyLarge[8];
	int mine = err[blockIdx.x * blockDim.x + threadIdx.x] < tol;

	if (threadIdx.x == 0)
		groupConverged = 1;
	if (threadIdx.x < 8)
		anyLarge[threadIdx.x] = 0;
	__syncthreads();
	if (groupConverged && !mine)
		groupConverged = 0;
	if (!anyLarge[threadIdx.x / 32] && !mine) {
		anyLarge[threadIdx.x / 32] = 1;
		failed[blockIdx.x] = 1;	/* other stores may share the branch */
	}
	__syncthreads();
	if (threadIdx.x == 0 && !groupConverged)
		converged[blockIdx.x] = anyLarge[0];
}
