/*
 * warplint-test: the near misses of scalar-and-reference-broadcast.cu.
 * A `__shared__` scalar reset by one thread and read after a barrier,
 * counted into with atomics, set to one value by any thread that finds
 * a negative element, and a reference to a thread's own element (no
 * lane reads another's).  Binding a reference reads nothing.  No
 * finding.
 * expect-none
 */
__global__ void count_positive(const int *in, int *out, int n)
{
	__shared__ int total;
	__shared__ volatile int negative;
	__shared__ float cells[256];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float &mine = cells[threadIdx.x];

	if (threadIdx.x == 0) {
		total = 0;
		negative = 0;
	}
	__syncthreads();
	if (i < n && in[i] > 0)
		atomicAdd(&total, 1);
	if (i < n && in[i] < 0)
		negative = 1;
	mine = i < n ? (float)in[i] : 0.0f;
	mine *= 2.0f;
	__syncthreads();
	if (threadIdx.x == 0)
		out[blockIdx.x] = negative ? -total : total;
	out[i] = (int)mine;
}
