/*
 * warplint-test: WL301 a whole reduction kernel written as one macro,
 * the thread index declared inside it (`int tid = threadIdx.x;`), the
 * way some projects stamp out one kernel per operation.  In a macro's
 * body `threadIdx.x` is still the lane-dependent thread index, so the
 * volatile warp tail races; the race is reported at the macro's use,
 * quoting the array as the body spells it, and not fixed (the statements
 * are the macro's).
 */
#define BLOCK_REDUCE(load, op)                                  \
	__shared__ float partial[256];                          \
	int tid = threadIdx.x;                                  \
	partial[tid] = load(blockIdx.x * 256 + tid);            \
	__syncthreads();                                        \
	for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {    \
		if (tid < s)                                    \
			partial[tid] = op(partial[tid], partial[tid + s]); \
		__syncthreads();                                \
	}                                                       \
	if (tid < 32) {                                         \
		volatile float *tail = partial;                 \
		tail[tid] = op(tail[tid], tail[tid + 32]);      \
		tail[tid] = op(tail[tid], tail[tid + 16]);      \
		tail[tid] = op(tail[tid], tail[tid + 8]);       \
	}                                                       \
	if (tid == 0)                                           \
		out[blockIdx.x] = partial[0];

__device__ float add(float a, float b)
{
	return a + b;
}

#define LOAD_SQUARE(i) (in[i] * in[i])

__global__ void sum_of_squares(const float *in, float *out)
{
	BLOCK_REDUCE(LOAD_SQUARE, add) // expect: WL301 {{lane 16 writes tail[tid] (line 22, in a macro)}} WL301 {{tid + 16}} WL301 {{tid + 8}}
}
