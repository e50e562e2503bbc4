/*
 * warplint-test: a double shuffle of the pre-CUDA 9 kind whose halves
 * are taken inside the legacy calls (`__shfl(__double2loint(v), l)`):
 * each statement holds a WL101 and, after it on the line, the WL104
 * that merges both statements into one shuffle of the double.  The
 * merge rewrites the statements whole, so it is applied first and the
 * halves' own fixes give way: one --fix gives the merged shuffle, and
 * a second changes nothing.  (Before, the WL101 fixes came first in
 * the line's order, the merge was refused for overlapping them, and a
 * second --fix then applied it.)
 */
__device__ __forceinline__ double __shfl(double var, int lane)
{
	return __shfl_sync(0xffffffff, var, lane);
}

__global__ void broadcast_first(const double *in, double *out)
{
	double v = in[blockIdx.x * blockDim.x + threadIdx.x];

	out[blockIdx.x * blockDim.x + threadIdx.x] = __shfl(v, 0);
}
