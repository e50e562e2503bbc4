/*
 * warplint-test: WL501 a counter that its loop's init sets afresh still
 * varies when the loop itself writes it per thread, or when the init or
 * the bound reads the thread index, even through a math intrinsic.
 */
__global__ void skip_ahead(const int *in, int *out, int n)
{
	__shared__ int s[256];
	int i;

	s[threadIdx.x] = in[threadIdx.x];
	__syncthreads();
	for (i = 0; i < n; i++) {
		if (s[threadIdx.x] == i)
			i++;
		__syncthreads();	// expect: WL501 {{loop at line 13}}
	}
	for (i = threadIdx.x; i < n; i += 32)
		__syncthreads();	// expect: WL501 {{loop at line 18}}
	for (i = 1; i <= __log2f(threadIdx.x + 1); i++)
		__syncthreads();	// expect: WL501 {{loop at line 20}}
	out[threadIdx.x] = s[threadIdx.x];
}
