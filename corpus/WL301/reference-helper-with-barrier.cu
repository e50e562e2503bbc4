/*
 * warplint-test: a helper that takes a __shared__ cell by reference and
 * passes a barrier: its accesses are its body's, so the race is found
 * where it is.  After the barrier every thread reads the cell and the
 * first thread clears it for the next round, with no barrier between:
 * lanes of its warp, and of other warps, may still be reading.  The
 * race is reported in the helper, and at the kernel's call that runs
 * it.  (Before, the call was one access that every lane read and wrote,
 * a race of the call with itself, and no fix.)
 */
__device__ int broadcast(int &cell, int v)
{
	if (threadIdx.x == 0)
		cell = v;
	__syncthreads();
	int r = cell;	// expect: WL301 {{lane 1 reads cell, written by lane 0 at line 18}}
	if (threadIdx.x == 0)
		cell = 0;	// expect: WL301 {{lane 0 writes cell while lane 1 of its warp reads it}}
	return r;
}

__global__ void spread(const int *in, int *out)
{
	__shared__ int cell;

	out[blockIdx.x * blockDim.x + threadIdx.x] = broadcast(cell, in[blockIdx.x]);	// expect: WL301 {{'broadcast' lets lanes of a warp race on 'cell'}}
}
