/*
 * warplint-test: WL301 warp-synchronous inclusive scan in shared memory
 * (Hillis-Steele within each warp): lane `lane` adds the value `offset`
 * lanes below it, with no barrier between the steps.
 */

__device__ float warp_scan_inclusive(volatile float *s, unsigned int tid)
{
	unsigned int lane = tid & 31;

	float v;
	if (lane >= 1) v = s[tid] + s[tid - 1];	// expect: WL301 {{lane tid reads s[tid - 1], written by lane tid - 1}}
	__syncwarp(0xffffffff);
	if (lane >= 1) s[tid] = v;
	__syncwarp(0xffffffff);
	if (lane >= 2) v = s[tid] + s[tid - 2];	// expect: WL301
	__syncwarp(0xffffffff);
	if (lane >= 2) s[tid] = v;
	__syncwarp(0xffffffff);
	if (lane >= 4) v = s[tid] + s[tid - 4];	// expect: WL301
	__syncwarp(0xffffffff);
	if (lane >= 4) s[tid] = v;
	__syncwarp(0xffffffff);
	if (lane >= 8) v = s[tid] + s[tid - 8];	// expect: WL301
	__syncwarp(0xffffffff);
	if (lane >= 8) s[tid] = v;
	__syncwarp(0xffffffff);
	if (lane >= 16) v = s[tid] + s[tid - 16];	// expect: WL301
	__syncwarp(0xffffffff);
	if (lane >= 16) s[tid] = v;
	__syncwarp(0xffffffff);
	return s[tid];
}

__global__ void scan_per_warp(const float *in, float *out, int n)
{
	__shared__ float s[256];
	unsigned int tid = threadIdx.x;
	int i = blockIdx.x * blockDim.x + tid;

	s[tid] = i < n ? in[i] : 0.0f;
	__syncthreads();
	float x = warp_scan_inclusive(s, tid);	// expect: WL301
	if (i < n)
		out[i] = x;
}
