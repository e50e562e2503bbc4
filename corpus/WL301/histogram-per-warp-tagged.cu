/*
 * warplint-test: WL301 the per-warp histogram of the pre-Fermi histogram
 * sample: each warp owns a sub-histogram, and lanes that hit the same bin
 * resolve the collision by tagging the count with their lane and reading
 * it back, which only works while the warp runs in lock-step.  No fix:
 * shared-memory atomics replace the tagging.
 */

#define LOG2_WARP_SIZE 5U
#define WARP_COUNT 6
#define BIN_COUNT 256
#define TAG_MASK 0x07FFFFFFU

__device__ void addByte(volatile unsigned int *s_WarpHist, unsigned int data,
			unsigned int threadTag)
{
	unsigned int count;

	do {	// expect: WL301 {{lanes with equal 'data' read s_WarpHist[data], written at line 22}}
		count = s_WarpHist[data] & TAG_MASK;
		count = threadTag | (count + 1);
		s_WarpHist[data] = count;	// expect: WL301
	} while (s_WarpHist[data] != count);
}

__device__ void addWord(volatile unsigned int *s_WarpHist, unsigned int data,
			unsigned int tag)
{
	addByte(s_WarpHist, (data >> 0) & 0xFFU, tag);	// expect: WL301
	addByte(s_WarpHist, (data >> 8) & 0xFFU, tag);	// expect: WL301
	addByte(s_WarpHist, (data >> 16) & 0xFFU, tag);	// expect: WL301
	addByte(s_WarpHist, (data >> 24) & 0xFFU, tag);	// expect: WL301
}

__global__ void histogram256(unsigned int *d_PartialHistograms,
			     const unsigned int *d_Data, unsigned int dataCount)
{
	__shared__ unsigned int s_Hist[WARP_COUNT * BIN_COUNT];
	unsigned int *s_WarpHist =
		s_Hist + (threadIdx.x >> LOG2_WARP_SIZE) * BIN_COUNT;

	for (unsigned int i = 0; i < BIN_COUNT / 32; i++)
		s_Hist[threadIdx.x + i * WARP_COUNT * 32] = 0;

	const unsigned int tag = threadIdx.x << (32 - LOG2_WARP_SIZE);

	__syncthreads();
	for (unsigned int pos = blockIdx.x * blockDim.x + threadIdx.x;
	     pos < dataCount; pos += blockDim.x * gridDim.x) {
		unsigned int data = d_Data[pos];

		addWord(s_WarpHist, data, tag);	// expect: WL301
	}
	__syncthreads();

	for (unsigned int bin = threadIdx.x; bin < BIN_COUNT;
	     bin += WARP_COUNT * 32) {
		unsigned int sum = 0;

		for (unsigned int i = 0; i < WARP_COUNT; i++)
			sum += s_Hist[bin + i * BIN_COUNT] & TAG_MASK;
		d_PartialHistograms[blockIdx.x * BIN_COUNT + bin] = sum;
	}
}
