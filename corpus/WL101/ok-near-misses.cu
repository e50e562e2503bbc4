/*
 * warplint-test: WL101/WL102 near misses: the _sync forms, functions of
 * the file's own whose names merely contain the legacy ones, the names in
 * comments and strings, and code in #if branches the build skips (no
 * WL101/WL102 there: WL105 names the branch instead).
 */
#define FULL_MASK 0xffffffff

__device__ int my__shfl(int v, int lane) { return v + lane; }
__device__ int shfl_down_emul(int v, int d) { return v - d; }

__global__ void modern(int *data, const char **msg)
{
	int v = data[threadIdx.x];

	v += __shfl_down_sync(FULL_MASK, v, 1); // ok: WL101
	v += my__shfl(v, 3); // ok: WL101
	v += shfl_down_emul(v, 2); // ok: WL101
	/* __shfl(v, 0) would be legacy; this comment is not code. */
	msg[0] = "call __ballot(p) or __any(p) no more"; // ok: WL102
	if (__any_sync(FULL_MASK, v > 0)) // ok: WL102
		v = -v;
#if 0
	v = __shfl(v, 0); // expect: WL105 {{`#if 0`}}
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 300
	v = __shfl_xor(v, 1); // expect: WL105 {{dead fallback}}
#endif
#if __CUDACC_VER_MAJOR__ < 9
	v = __ballot(v); // expect: WL105 {{toolkits before CUDA 9}}
#endif
	data[threadIdx.x] = v;
}
