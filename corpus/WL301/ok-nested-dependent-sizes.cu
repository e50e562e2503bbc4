/*
 * warplint-test: shared storage whose sizes all depend on template
 * parameters, nested three deep (a radix sort's per-pass histograms:
 * bins[PASSES][WARPS][DIGITS]).  Each size is an opaque stand-in until
 * an instantiation gives it, and their product overflowed a long long
 * in the memory model (UBSan, CUB's newest radix sort).  Each thread
 * counts into its own warp's row, with atomics: no finding.
 * expect-none
 */
template <int PASSES, int WARPS, int DIGITS>
struct RadixHistogram {
	struct Storage {
		unsigned bins[PASSES][WARPS][DIGITS];
	};

	__device__ static void count(const unsigned *keys, unsigned *out, int n)
	{
		__shared__ Storage s;
		int warp = threadIdx.x / 32;

		for (int d = threadIdx.x % 32; d < DIGITS; d += 32)
			for (int p = 0; p < PASSES; p++)
				s.bins[p][warp][d] = 0;
		__syncthreads();
		for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
		     i += gridDim.x * blockDim.x)
			for (int p = 0; p < PASSES; p++)
				atomicAdd(&s.bins[p][warp][(keys[i] >> (8 * p)) %
							 DIGITS], 1u);
		__syncthreads();
		for (int d = threadIdx.x % 32; d < DIGITS; d += 32)
			for (int p = 0; p < PASSES; p++)
				atomicAdd(&out[p * DIGITS + d], s.bins[p][warp][d]);
	}
};
