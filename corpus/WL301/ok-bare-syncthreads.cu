/*
 * warplint-test: WL301 near miss.  CUDA 8 and earlier declared a bare
 * `syncthreads()`, deprecated, the same block barrier as
 * `__syncthreads()`; code of that era (a tree sum with a barrier after
 * every step) calls it.  The shim had no such function: the call was an
 * undeclared name (a WL900), no barrier, and every step of the tree read
 * as a race.
 */
__global__ void block_sum(const int *in, int *out)
{
	__shared__ int partial[32];
	int t = threadIdx.x;

	partial[t] = in[blockIdx.x * 32 + t];
	syncthreads();
	for (int i = 16; i > 0; i /= 2) {
		if (t < i)
			partial[t] += partial[t + i];	// ok: WL301
		syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = partial[0];	// ok: WL301
}
