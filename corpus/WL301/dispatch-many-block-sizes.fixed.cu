/*
 * warplint-test: WL301 in a reduction templated on its block size and
 * dispatched by the host for every power of two from 1 to 1024 (a CUDA
 * textbook's sample).  The memory walk takes at most four
 * instantiations; it took the first four the file names (1, 2, 4 and 8
 * threads), which reach none of the `numThreads >= 16` steps, and the
 * races of those steps were missed.  The largest instantiations are
 * walked first now, and the smallest for what only it takes.
 */
template <unsigned int numThreads>
__global__ void block_sum(int *out, const int *in, unsigned n)
{
	extern __shared__ int partials[];
	const unsigned int tid = threadIdx.x;
	int sum = 0;

	for (unsigned i = blockIdx.x * numThreads + tid; i < n;
	     i += numThreads * gridDim.x)
		sum += in[i];
	partials[tid] = sum;
	__syncthreads();
	if (numThreads >= 128) {
		if (tid < 64)
			partials[tid] += partials[tid + 64];
		__syncthreads();
	}
	if (tid < 32) {
		volatile int *ws = partials;

		int v;
		if (numThreads >= 64) { v = ws[tid] + ws[tid + 32]; __syncwarp(0xffffffff); ws[tid] = v; __syncwarp(0xffffffff); }	// expect: WL301
		if (numThreads >= 32) { v = ws[tid] + ws[tid + 16]; __syncwarp(0xffffffff); ws[tid] = v; __syncwarp(0xffffffff); }	// expect: WL301
		if (numThreads >= 16) { v = ws[tid] + ws[tid + 8]; __syncwarp(0xffffffff); ws[tid] = v; __syncwarp(0xffffffff); }	// expect: WL301
		if (numThreads >= 8) { v = ws[tid] + ws[tid + 4]; __syncwarp(0xffffffff); ws[tid] = v; __syncwarp(0xffffffff); }	// expect: WL301
		if (numThreads >= 4) { v = ws[tid] + ws[tid + 2]; __syncwarp(0xffffffff); ws[tid] = v; __syncwarp(0xffffffff); }	// expect: WL301
		if (numThreads >= 2) { v = ws[tid] + ws[tid + 1]; __syncwarp(0xffffffff); ws[tid] = v; __syncwarp(0xffffffff); }	// expect: WL301
		if (tid == 0)
			out[blockIdx.x] = ws[0];
	}
}

template <unsigned int numThreads>
void block_sum_launch(int *out, const int *in, unsigned n, int blocks)
{
	block_sum<numThreads><<<blocks, numThreads,
				numThreads * sizeof(int)>>>(out, in, n);
}

void block_sum_any(int *out, const int *in, unsigned n, int blocks,
		   int threads)
{
	switch (threads) {
	case 1: return block_sum_launch<1>(out, in, n, blocks);
	case 2: return block_sum_launch<2>(out, in, n, blocks);
	case 4: return block_sum_launch<4>(out, in, n, blocks);
	case 8: return block_sum_launch<8>(out, in, n, blocks);
	case 16: return block_sum_launch<16>(out, in, n, blocks);
	case 32: return block_sum_launch<32>(out, in, n, blocks);
	case 64: return block_sum_launch<64>(out, in, n, blocks);
	case 128: return block_sum_launch<128>(out, in, n, blocks);
	case 256: return block_sum_launch<256>(out, in, n, blocks);
	case 512: return block_sum_launch<512>(out, in, n, blocks);
	case 1024: return block_sum_launch<1024>(out, in, n, blocks);
	}
}
