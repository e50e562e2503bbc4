/*
 * gpu_verify example: the unrolled volatile reduction tail (racecheck
 * reports it before the fix).
 */
#define BLOCK 256

__global__ void reduce_tail(const int *in, int *out, int n)
{
	__shared__ int sdata[BLOCK];
	unsigned tid = threadIdx.x;
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	sdata[tid] = i < n ? in[i] : 0;
	__syncthreads();
	for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
		if (tid < s)
			sdata[tid] += sdata[tid + s];
		__syncthreads();
	}
	if (tid < 32) {
		volatile int *v = sdata;
		v[tid] += v[tid + 32];
		v[tid] += v[tid + 16];
		v[tid] += v[tid + 8];
		v[tid] += v[tid + 4];
		v[tid] += v[tid + 2];
		v[tid] += v[tid + 1];
	}
	if (tid == 0)
		out[blockIdx.x] = sdata[0];
}
