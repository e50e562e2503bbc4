/*
 * warplint-test: WL301 the fully unrolled reduction (reduction sample,
 * kernel 5): the block size is a template parameter, every step is
 * guarded by `if (blockSize >= N)`, and the last warp is unrolled in a
 * template helper on a volatile pointer.
 */

template <unsigned int blockSize>
__device__ void warpReduce(float *sdata, unsigned int tid)
{
	float v;
	if (blockSize >= 64) {	// expect: WL301
		v = sdata[tid] + sdata[tid + 32];
		__syncwarp(0xffffffff);
		sdata[tid] = v;
		__syncwarp(0xffffffff);
	}
	if (blockSize >= 32) {	// expect: WL301
		v = sdata[tid] + sdata[tid + 16];
		__syncwarp(0xffffffff);
		sdata[tid] = v;
		__syncwarp(0xffffffff);
	}
	if (blockSize >= 16) {	// expect: WL301
		v = sdata[tid] + sdata[tid + 8];
		__syncwarp(0xffffffff);
		sdata[tid] = v;
		__syncwarp(0xffffffff);
	}
	if (blockSize >= 8) {	// expect: WL301
		v = sdata[tid] + sdata[tid + 4];
		__syncwarp(0xffffffff);
		sdata[tid] = v;
		__syncwarp(0xffffffff);
	}
	if (blockSize >= 4) {	// expect: WL301
		v = sdata[tid] + sdata[tid + 2];
		__syncwarp(0xffffffff);
		sdata[tid] = v;
		__syncwarp(0xffffffff);
	}
	if (blockSize >= 2) {	// expect: WL301
		v = sdata[tid] + sdata[tid + 1];
		__syncwarp(0xffffffff);
		sdata[tid] = v;
		__syncwarp(0xffffffff);
	}
}

template <unsigned int blockSize>
__global__ void reduce5(const float *g_idata, float *g_odata, unsigned int n)
{
	extern __shared__ float sdata[];

	unsigned int tid = threadIdx.x;
	unsigned int i = blockIdx.x * (blockSize * 2) + threadIdx.x;

	sdata[tid] = g_idata[i] + g_idata[i + blockSize];
	__syncthreads();

	if (blockSize >= 512) {
		if (tid < 256)
			sdata[tid] += sdata[tid + 256];	// ok: WL301
		__syncthreads();
	}
	if (blockSize >= 256) {
		if (tid < 128)
			sdata[tid] += sdata[tid + 128];	// ok: WL301
		__syncthreads();
	}
	if (blockSize >= 128) {
		if (tid < 64)
			sdata[tid] += sdata[tid + 64];	// ok: WL301
		__syncthreads();
	}

	if (tid < 32)
		warpReduce<blockSize>(sdata, tid);	// expect: WL301
	if (tid == 0)
		g_odata[blockIdx.x] = sdata[0];
}

template __global__ void reduce5<256>(const float *, float *, unsigned int);
template __global__ void reduce5<64>(const float *, float *, unsigned int);
