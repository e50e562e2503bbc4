/*
 * warplint-test: WL301 near miss: a persistent kernel synchronizes
 * through a grid barrier whose header this parse does not find (a
 * project's copy of a library, a generated include folder).  The call
 * names no declaration, so its name is all there is: a call named as a
 * barrier (`gbar.Sync()`, `grid_barrier()`) separates thread 0's write
 * from the other threads' read.  The near miss, an unknown call named
 * otherwise, is unknown-call-is-no-barrier.cu.
 * disable: WL900
 * nvcc: no
 */
#include "missing/grid_barrier.cuh"

__global__ void persistent(unsigned *g_size, const unsigned *in,
			   unsigned *out, lib::GridBarrier gbar)
{
	unsigned gtid = blockIdx.x * blockDim.x + threadIdx.x;

	for (int round = 0; round < 4; round++) {
		if (gtid == 0)
			*g_size = in[round];	// ok: WL301
		gbar.Sync();
		out[round * gridDim.x * blockDim.x + gtid] = *g_size;	// ok: WL301
		grid_barrier();
	}
}
