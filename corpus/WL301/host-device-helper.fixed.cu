/*
 * warplint-test: WL301 in a __host__ __device__ helper (graph
 * frameworks let the user's combine step run on either side).  nvcc's
 * host pass rejects __syncwarp() and __activemask() there, so the fix
 * puts each barrier it writes under `#ifdef __CUDA_ARCH__`, and the
 * deprecated overload that keeps the old signature passes
 * __activemask() only on the device.  Host code may call the helper,
 * which the model of device code does not see: the mask parameter is
 * an unsafe fix (applied here, as --unsafe-fixes does).
 * unsafe-fixes: yes
 */
__host__ __device__ void combine(unsigned mask, volatile int *mine, int *next)
{
	int cell_v;
	bool take = *mine > *next;
	if (take) {
		cell_v = *next;	// expect: WL301
	}
	#ifdef __CUDA_ARCH__
	__syncwarp(mask);
	#endif
	if (take) {
		*mine = cell_v;
	}
	#ifdef __CUDA_ARCH__
	__syncwarp(mask);
	#endif	// expect: WL301
}

[[deprecated("pass a lane mask")]] __host__ __device__ void combine(volatile int *mine, int *next)
{
#ifdef __CUDA_ARCH__
	combine(__activemask(), mine, next);
#else
	combine(0xffffffffu, mine, next);
#endif
}

__global__ void min_values(const int *in, int *out)
{
	__shared__ int cell[256];
	const unsigned lane = threadIdx.x & 31;

	cell[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
	__syncwarp();
	if (lane < 16)
		combine(0x0000ffff, cell + threadIdx.x, cell + threadIdx.x + 16);	// expect: WL301 {{lets lanes}}
	if (lane < 8)
		combine(0x000000ff, cell + threadIdx.x, cell + threadIdx.x + 8);	// expect: WL301 {{lets lanes}}
	if (lane == 0)
		out[blockIdx.x * 8 + threadIdx.x / 32] = cell[threadIdx.x];
}

void host_min(int *a, int *b)
{
	combine(a, b);
}
