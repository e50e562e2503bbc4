/*
 * warplint-test: WL501 values that stay per thread although they are
 * written through a subscript or a field: a local array (registers) and a
 * local struct hold each thread's own data, so a barrier under a condition
 * on them is divergent.  So is a kernel parameter that the kernel itself
 * moves by the thread index, or hands to a helper that writes it.
 */
struct pair {
	float lo, hi;
};

__device__ void advance(int &pos)
{
	pos += threadIdx.x;
}

__global__ void per_thread_state(const float *in, float *out, int n)
{
	__shared__ float tile[64];
	float regs[4];
	struct pair p;
	int start = n;

	regs[0] = in[threadIdx.x];
	p.hi = in[threadIdx.x + 64];
	tile[threadIdx.x % 64] = regs[0];
	if (regs[0] > 0.0f)
		__syncthreads();	// expect: WL501 {{'regs[0] > 0.0f'}}
	if (p.hi < 1.0f)
		__syncthreads();	// expect: WL501 {{'p.hi < 1.0f'}}
	advance(start);
	if (start < 128)
		__syncthreads();	// expect: WL501 {{'start < 128'}}
	n -= threadIdx.x;
	if (n > 0)
		__syncthreads();	// expect: WL501 {{'n > 0'}}
	out[threadIdx.x] = tile[threadIdx.x % 64];
}
