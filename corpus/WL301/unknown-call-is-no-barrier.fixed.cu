/*
 * warplint-test: WL301 an unknown call between thread 0's write and the
 * other threads' read is no barrier when nothing in its name says so
 * (`gbar.Publish()` of a header this parse does not find): lanes of
 * warp 0 read what lane 0 writes with nothing between.  The near miss,
 * a call named as a barrier, is ok-barrier-of-a-missing-header.cu.
 * disable: WL900
 * nvcc: no
 */
#include "missing/grid_barrier.cuh"

__global__ void publish(unsigned *g_size, const unsigned *in, unsigned *out,
			lib::GridBarrier gbar)
{
	unsigned gtid = blockIdx.x * blockDim.x + threadIdx.x;

	if (gtid == 0)
		*g_size = in[0];	// expect: WL301 {{lane 0 writes *g_size while lane 1 of its warp reads it at line 20}}
	__syncwarp(0xffffffff);
	gbar.Publish();
	out[gtid] = *g_size;	// expect: WL301
}
