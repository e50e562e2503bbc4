/*
 * warplint-test: a tree walk that gives up when its stack would
 * overflow, setting an out-parameter, and is run again with a larger
 * stack (Bonsai's gravity kernels).  The overflow test reads the walk's
 * own counters, which move the same way in every thread (the loop runs
 * from one kernel argument to another), so the flag is block-uniform and
 * so is the retry: its barriers are reached by every thread.  The call's
 * guard is no property of the walk's parameters either: a retry under a
 * lane-dependent condition is reported at that call, and the loop is not
 * blamed for it.
 */
template <int D>
__device__ float walk(int tid, uint2 range, float *s, int *stack, int &over)
{
	float acc = 0;
	int depth = 0;

	for (int r = range.x; r < range.y; r += D) {
		int n = min(range.y - r, D);

		s[tid] = r;
		__syncthreads();	// ok: WL501
		if (tid < n)
			acc += s[(tid + 1) % D];
		__syncthreads();	// ok: WL501
		stack[depth * D + tid] = r;
		depth += n;
		if (depth > 4 * D) {
			over = 1;
			return acc;
		}
	}
	return acc;
}

__global__ void gravity(uint2 range, int *small, int *big, float *out)
{
	__shared__ float s[128];
	int tid = threadIdx.x;
	int over = 0;
	float a = walk<128>(tid, range, s, small, over);

	if (over)
		a = walk<128>(tid, range, s, big, over);
	out[blockIdx.x * 128 + tid] = a;
}

template <int D>
__device__ float sweep(int tid, uint2 range, float *s)
{
	float acc = 0;

	for (int r = range.x; r < range.y; r += D) {
		s[tid] = r;	// expect: WL301
		__syncthreads();	// expect: WL501 {{'sweep' is called at line 67, where only some threads arrive}}
		acc += s[(tid + 1) % D];	// expect: WL301
	}
	return acc;
}

__global__ void partial_sweep(uint2 range, float *out)
{
	__shared__ float s[128];
	float a = 0;

	if (threadIdx.x < 64)
		a = sweep<128>(threadIdx.x, range, s);	// expect: WL301
	out[blockIdx.x * 128 + threadIdx.x] = a;
}
