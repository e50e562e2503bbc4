/*
 * warplint-test: WL501 near misses: barriers under conditions every thread
 * of the block takes alike (blockIdx, blockDim, kernel and template
 * parameters), and the classic tree reduction, whose thread-dependent
 * `if (tid < s)` encloses only the arithmetic.
 */
template <unsigned int blockSize>
__global__ void reduce(const int *g_idata, int *g_odata, unsigned int n)
{
	__shared__ int sdata[blockSize];
	unsigned int tid = threadIdx.x;
	unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

	sdata[tid] = (i < n) ? g_idata[i] : 0;
	__syncthreads();	// ok: WL501
	for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
		if (tid < s)
			sdata[tid] += sdata[tid + s];
		__syncthreads();	// ok: WL501
	}
	if (blockSize >= 512) {
		if (tid < 256)
			sdata[tid] += sdata[tid + 256];
		__syncthreads();	// ok: WL501
	}
	if (tid == 0)
		g_odata[blockIdx.x] = sdata[0];
}

template __global__ void reduce<256>(const int *, int *, unsigned int);

__global__ void tiles(const float *in, float *out, int n, int steps)
{
	__shared__ float tile[128];

	if (blockIdx.x * blockDim.x >= n)
		return;		/* whole blocks past the end */
	for (int s = 0; s < steps; s++) {
		tile[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
		__syncthreads();	// ok: WL501
		out[blockIdx.x * blockDim.x + threadIdx.x] = tile[127 - threadIdx.x];
		__syncthreads();	// ok: WL501
	}
	if (blockDim.x == 128 && gridDim.x > 1)
		__syncthreads();	// ok: WL501
}

/*
 * A flag in shared memory, set by one thread before a barrier: every thread
 * reads the same value, so branching on it keeps the block together.
 */
__global__ void work_queue(int *work, float *out)
{
	__shared__ int s_item;
	__shared__ float s_buf[128];

	for (;;) {
		if (threadIdx.x == 0)
			s_item = atomicAdd(work, 1);
		__syncthreads();	// ok: WL501
		int item = s_item;

		if (item >= 1000)
			break;
		s_buf[threadIdx.x] = item * 0.5f;
		__syncthreads();	// ok: WL501
		if (item % 2 == 0)
			out[item] = s_buf[127 - threadIdx.x];
		__syncthreads();	// ok: WL501
	}
}

/* A grid-stride loop over tiles: the tile base is the same in the block. */
__global__ void tiled_copy(const float *in, float *out, int n)
{
	__shared__ float tile[256];

	for (int base = blockIdx.x * blockDim.x; base < n;
	     base += blockDim.x * gridDim.x) {
		int i = base + threadIdx.x;

		tile[threadIdx.x] = i < n ? in[i] : 0.0f;
		__syncthreads();	// ok: WL501
		if (i < n)
			out[i] = tile[blockDim.x - 1 - threadIdx.x];
		__syncthreads();	// ok: WL501
	}
}
