/*
 * warplint-test: WL301 reduction with many elements per thread (reduction
 * sample, kernel 6, CUDA 4 era): the running sum is kept in a register and
 * stored with a chained assignment, `smem[tid] = mySum = mySum + ...`, in
 * the unrolled last warp.
 */

template <unsigned int blockSize, bool nIsPow2>
__global__ void reduce6(const float *g_idata, float *g_odata, unsigned int n)
{
	extern __shared__ float sdata[];

	unsigned int tid = threadIdx.x;
	unsigned int i = blockIdx.x * blockSize * 2 + threadIdx.x;
	unsigned int gridSize = blockSize * 2 * gridDim.x;

	float mySum = 0;
	while (i < n) {
		mySum += g_idata[i];
		if (nIsPow2 || i + blockSize < n)
			mySum += g_idata[i + blockSize];
		i += gridSize;
	}
	sdata[tid] = mySum;	// ok: WL301
	__syncthreads();

	if (blockSize >= 512) {
		if (tid < 256)
			sdata[tid] = mySum = mySum + sdata[tid + 256];
		__syncthreads();
	}
	if (blockSize >= 256) {
		if (tid < 128)
			sdata[tid] = mySum = mySum + sdata[tid + 128];
		__syncthreads();
	}
	if (blockSize >= 128) {
		if (tid < 64)
			sdata[tid] = mySum = mySum + sdata[tid + 64];
		__syncthreads();
	}

	if (tid < 32) {
		volatile float *smem = sdata;

		if (blockSize >= 64)
			smem[tid] = mySum = mySum + smem[tid + 32];	// expect: WL301 {{lane 16 writes smem[tid] while lane 0 of its warp reads it at line 49}}
		if (blockSize >= 32)
			smem[tid] = mySum = mySum + smem[tid + 16];	// expect: WL301
		if (blockSize >= 16)
			smem[tid] = mySum = mySum + smem[tid + 8];	// expect: WL301
		if (blockSize >= 8)
			smem[tid] = mySum = mySum + smem[tid + 4];	// expect: WL301
		if (blockSize >= 4)
			smem[tid] = mySum = mySum + smem[tid + 2];	// expect: WL301
		if (blockSize >= 2)
			smem[tid] = mySum = mySum + smem[tid + 1];	// expect: WL301
	}

	if (tid == 0)
		g_odata[blockIdx.x] = sdata[0];
}

template __global__ void reduce6<256, true>(const float *, float *, unsigned int);
template __global__ void reduce6<128, false>(const float *, float *, unsigned int);
