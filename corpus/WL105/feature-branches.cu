/*
 * warplint-test: WL105 legacy code in branches that other builds compile:
 * a feature macro this run does not define, a newer architecture than
 * the analysed sm_70, code switched off with #if 0, and a HIP branch.  No
 * fix: the note says how to analyse the configuration that compiles it.
 */
#define WORDS_PER_LANE 2

__device__ int gather(int v, int src)
{
#ifdef USE_WARP_SHUFFLE
	v = __shfl(v, src); // expect: WL105 {{analyse with -DUSE_WARP_SHUFFLE}}
#else
	__shared__ int stage[32];
	stage[threadIdx.x & 31] = v;
	__syncwarp();
	v = stage[src & 31];
	__syncwarp();
#endif
	return v;
}

__device__ unsigned mostly_set(bool p)
{
#if __CUDA_ARCH__ >= 800
	return __ballot(p); // expect: WL105 {{other GPU architectures}}
#else
	return __ballot_sync(0xffffffffu, p);
#endif
}

__device__ int disabled(int v)
{
#if 0
	v += __shfl_down(v, WORDS_PER_LANE); // expect: WL105 {{`#if 0`}}
#endif
	return v;
}

__device__ int hip_or_cuda(int v)
{
#if defined(__HIP_PLATFORM_AMD__)
	return __shfl_xor(v, 1); // expect: WL105 {{HIP branch}}
#else
	return __shfl_xor_sync(0xffffffffu, v, 1);
#endif
}

__global__ void run(int *p)
{
	int t = threadIdx.x;

	p[t] = gather(p[t], t ^ 1) + (int)mostly_set(p[t] > 0) + disabled(p[t]) +
	       hip_or_cuda(p[t]);
}
