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
	int v = s[tid];	// expect: WL301, WL401 {{__shfl_up_sync loop}}
	for (int offset = 1; offset < 32; offset *= 2) {
		int up = __shfl_up_sync(0xffffffff, v, offset);
		if (lane >= offset)
			v += up;
	}
	s[tid] = v;	// expect: WL301
	__syncwarp();
	out[blockIdx.x * 128 + tid] = s[tid];
}
