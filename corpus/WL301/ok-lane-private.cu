/*
 * warplint-test: near misses for WL301: lanes that touch only their own
 * elements, accesses separated by a barrier, Listing 6 as written, the
 * barrier-separated part of the classic reduction, and atomics.
 * expect-none
 */

#define BLOCK 256

/* Each lane updates only its own element: no communication. */
__global__ void scale_in_place(float *out, float k)
{
	__shared__ float s[BLOCK];
	unsigned int tid = threadIdx.x;

	s[tid] = out[blockIdx.x * BLOCK + tid];	// ok: WL301
	s[tid] = s[tid] * k;	// ok: WL301
	s[tid] += 1.0f;	// ok: WL301
	out[blockIdx.x * BLOCK + tid] = s[tid];
}

/* A volatile per-lane scratch slot, also private. */
__global__ void private_scratch(int *out)
{
	__shared__ int scratch[BLOCK];
	volatile int *mine = scratch + threadIdx.x;

	*mine = threadIdx.x;
	mine[0] += 3;	// ok: WL301
	out[threadIdx.x] = mine[0];
}

/* Listing 6 as the blog writes it: __syncwarp() separates store and load. */
__global__ void transpose_tile(const float *in, float *out)
{
	float val = in[blockIdx.x * 32 + threadIdx.x];
	__shared__ float smem[4][8];

	int x1 = threadIdx.x % 8;
	int y1 = threadIdx.x / 8;
	int x2 = threadIdx.x / 4;
	int y2 = threadIdx.x % 4;

	smem[y1][x1] = val;	// ok: WL301
	__syncwarp();
	val = smem[y2][x2];	// ok: WL301
	out[blockIdx.x * 32 + threadIdx.x] = val;
}

/* Reductions 0 to 3 of the reduction sample: a barrier after every step. */
__global__ void reduce0(const int *g_idata, int *g_odata)
{
	extern __shared__ int sdata[];
	unsigned int tid = threadIdx.x;
	unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

	sdata[tid] = g_idata[i];
	__syncthreads();
	for (unsigned int s = 1; s < blockDim.x; s *= 2) {
		if (tid % (2 * s) == 0)
			sdata[tid] += sdata[tid + s];	// ok: WL301
		__syncthreads();
	}
	if (tid == 0)
		g_odata[blockIdx.x] = sdata[0];
}

__global__ void reduce1(const int *g_idata, int *g_odata)
{
	extern __shared__ int sdata[];
	unsigned int tid = threadIdx.x;
	unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

	sdata[tid] = g_idata[i];
	__syncthreads();
	for (unsigned int s = 1; s < blockDim.x; s *= 2) {
		int index = 2 * s * tid;

		if (index < blockDim.x)
			sdata[index] += sdata[index + s];	// ok: WL301
		__syncthreads();
	}
	if (tid == 0)
		g_odata[blockIdx.x] = sdata[0];
}

__global__ void reduce3(const int *g_idata, int *g_odata, unsigned int n)
{
	extern __shared__ int sdata[];
	unsigned int tid = threadIdx.x;
	unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;

	int mySum = (i < n) ? g_idata[i] : 0;
	if (i + blockDim.x < n)
		mySum += g_idata[i + blockDim.x];
	sdata[tid] = mySum;
	__syncthreads();
	for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
		if (tid < s)
			sdata[tid] = mySum = mySum + sdata[tid + s];	// ok: WL301
		__syncthreads();
	}
	if (tid == 0)
		g_odata[blockIdx.x] = mySum;
}

/* The modern per-warp histogram: shared-memory atomics, no lock-step. */
__global__ void histogram_atomic(const unsigned char *data, unsigned int *hist,
				 int n)
{
	__shared__ unsigned int s_hist[8][256];
	int warp = threadIdx.x / 32;

	for (int b = threadIdx.x % 32; b < 256; b += 32)
		s_hist[warp][b] = 0;
	__syncthreads();
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
	     i += blockDim.x * gridDim.x)
		atomicAdd(&s_hist[warp][data[i]], 1u);	// ok: WL301
	__syncthreads();
	for (int b = threadIdx.x; b < 256; b += blockDim.x) {
		unsigned int sum = 0;

		for (int w = 0; w < 8; w++)
			sum += s_hist[w][b];
		atomicAdd(&hist[b], sum);
	}
}
