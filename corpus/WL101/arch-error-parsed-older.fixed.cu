/*
 * warplint-test: WL101 a file that rejects architectures it did not know
 * with an #error, the way pre-Volta libraries guarded their warp
 * constants.  A parse for sm_70 stops at the #error and loses WARP_SIZE
 * and everything built on it; warplint parses again for the newest
 * architecture before sm_70 that the file accepts, as the project's own
 * build did: no parse error, and the legacy shuffle is found and fixed.
 * nvcc: no
 */
#ifdef __CUDA_ARCH__
#if __CUDA_ARCH__ <= 620
#define WARP_SIZE 32
constexpr int kLog2Warp = 5;
#else
#error "unknown __CUDA_ARCH__: set the warp parameters for it"
#endif
#endif

template <int N>
__device__ float tree_sum(float v)
{
	for (int offset = N / 2; offset > 0; offset /= 2)
		v += __shfl_down_sync(0xffffffff, v, offset); // expect: WL101
	return v;
}

__global__ void warp_sums(const float *in, float *out)
{
	float v = tree_sum<WARP_SIZE>(in[blockIdx.x * blockDim.x + threadIdx.x]);

	if ((threadIdx.x & (WARP_SIZE - 1)) == 0)
		out[(blockIdx.x * blockDim.x + threadIdx.x) >> kLog2Warp] = v;
}
