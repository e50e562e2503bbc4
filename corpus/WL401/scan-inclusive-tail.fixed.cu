/*
 * warplint-test: WL401 an inclusive warp scan in shared memory, inline in
 * the kernel; the shuffle-up loop gives every lane the same prefix sum,
 * added in the same order.
 * enable: WL401
 */

__global__ void warp_prefix(const int *in, int *out)
{
	__shared__ int s[128];
	int tid = threadIdx.x;
	int lane = tid % 32;

	s[tid] = in[blockIdx.x * 128 + tid];
	__syncwarp();
	int v;
	if (lane >= 1) v = s[tid] + s[tid - 1];	// expect: WL301, WL401 {{__shfl_up_sync loop}}
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
	__syncwarp();
	out[blockIdx.x * 128 + tid] = s[tid];
}
