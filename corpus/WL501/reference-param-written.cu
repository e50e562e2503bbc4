/*
 * warplint-test: WL501 the near misses of
 * ok-reference-params-and-shared-returns.cu that do diverge: a helper
 * that writes a thread-dependent value through the reference it was
 * handed makes the caller's variable vary, and a helper that returns
 * the shared offset to thread 0 only (the others get 0) returns a
 * different value in each thread.
 */
__device__ unsigned *g_steal_counter;

__device__ __forceinline__ unsigned first_thread_offset(unsigned count)
{
	__shared__ unsigned s_offset;

	if (threadIdx.x == 0)
		s_offset = atomicAdd(g_steal_counter, count);
	__syncthreads(); // expect: WL501
	if (threadIdx.x != 0)
		return 0;
	return s_offset;
}

__device__ void skew(int &iteration)
{
	iteration += threadIdx.x & 1;
}

__global__ void skewed(int iteration, float *data, unsigned n)
{
	__shared__ float tile[256];

	skew(iteration);
	if (iteration == 0) {
		tile[threadIdx.x % 256] = 0.0f;
		__syncthreads(); // expect: WL501
	}
	unsigned offset;

	while ((offset = first_thread_offset(256)) < n) {
		tile[threadIdx.x % 256] = data[offset + threadIdx.x % 256];
		__syncthreads(); // expect: WL501
		data[offset + threadIdx.x % 256] = tile[threadIdx.x % 256] * 2.0f;
	}
}
