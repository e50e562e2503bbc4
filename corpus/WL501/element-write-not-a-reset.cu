/*
 * warplint-test: WL501 under a condition on one element of a thread's
 * own array: `r[1] = 0` after `r[0] = in[t]` does not make `r[0]`
 * uniform, so only some threads reach the barrier (see
 * WL102/element-write-not-a-reset.cu).
 */
__global__ void wait_if_positive(const int *in, int *out)
{
	int r[2];

	r[0] = in[blockIdx.x * blockDim.x + threadIdx.x];
	r[1] = 0;
	if (r[0] > 0)
		__syncthreads();	// expect: WL501 {{only threads for which 'r[0] > 0' is true}}
	out[threadIdx.x] = r[0] + r[1];
}
