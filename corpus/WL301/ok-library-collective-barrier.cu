/*
 * warplint-test: WL301 must not flag global data read before a block
 * collective and written by thread 0 after it, when the collective
 * synchronizes the block inside (block-collectives.cuh, written the way
 * CUB writes BlockReduce, whose code warplint reads from the header):
 * every specialization its alias may pick reaches a barrier, so the
 * read and the write never meet.  The near miss, an alias that may pick
 * a specialization without one, is library-collective-no-barrier.cu.
 * expect-none
 */
#include "block-collectives.cuh"

template <int NT>
__global__ void final_sums(double *beta, float *out)
{
	typedef BlockSum<NT> Reduce;
	__shared__ float scratch[NT];
	float x = beta[threadIdx.x] + beta[NT + threadIdx.x];

	x = Reduce(scratch).Sum(x);
	if (threadIdx.x == 0) {
		beta[1] = x;
		beta[NT + 1] = x;
		out[blockIdx.x] = x;
	}
}

__global__ void final_sums_256(double *beta, float *out)
{
	__shared__ float scratch[256];
	float x = beta[threadIdx.x];

	x = BlockSum<256, false>(scratch).Sum(x);
	if (threadIdx.x == 0)
		beta[1] = x;
	out[blockIdx.x] = x;
}

template __global__ void final_sums<128>(double *, float *);
