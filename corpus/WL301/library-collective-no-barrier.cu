/*
 * warplint-test: WL301, the near miss of ok-library-collective-barrier.cu.
 * BlockSumLite's alias may pick WarpOnly, which returns without a
 * barrier, so the collective is not known to order the block: thread
 * 0's write of beta[1] meets lane 1's earlier read.
 */
#include "block-collectives.cuh"

template <int NT>
__global__ void final_sums_lite(double *beta, float *out)
{
	typedef BlockSumLite<NT> Reduce;
	__shared__ float scratch[NT];
	float x = beta[threadIdx.x]; // expect: WL301

	x = Reduce(scratch).Sum(x);
	if (threadIdx.x == 0)
		beta[1] = x; // expect: WL301 {{lane 0 writes beta[1]}}
	out[blockIdx.x] = x;
}

template __global__ void final_sums_lite<256>(double *, float *);
