/*
 * warplint-test: WL401 reduction and scan tails written as loops: a
 * counted loop over 32..1 (or 16..1 with Listing 7's late barrier, or
 * 1..16 for the scan) is the same tree as the unrolled steps.
 * enable: WL401
 */

__global__ void tail_loop(const float *in, float *out)
{
	__shared__ float s[64];
	unsigned tid = threadIdx.x;

	s[tid] = in[blockIdx.x * 64 + tid];
	__syncthreads();
	if (tid < 32) {
		volatile float *vs = s;

		float v = vs[tid];	// expect: WL301, WL401 {{__shfl_down_sync loop}}
		v += vs[tid + 32];
		for (int o = 16; o > 0; o /= 2)
			v += __shfl_down_sync(0xffffffff, v, o);
		vs[tid] = v;	// expect: WL301, WL401 {{__shfl_down_sync loop}}
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}

__global__ void listing7_loop(const int *in, int *out)
{
	__shared__ int s[64];
	unsigned lane = threadIdx.x;

	s[lane] = in[blockIdx.x * 32 + lane];
	s[lane + 32] = 0;
	__syncwarp();
	int v = s[lane];	// expect: WL302, WL401
	for (int offset = 16; offset > 0; offset /= 2)
		v += __shfl_down_sync(0xffffffff, v, offset);
	s[lane] = v;
	if (lane == 0)
		out[blockIdx.x] = s[0];
}

__global__ void scan_loop(int *data)
{
	__shared__ int s[256];
	int tid = threadIdx.x;
	int lane = tid & 31;

	s[tid] = data[blockIdx.x * 256 + tid];
	__syncwarp();
	int v = s[tid];	// expect: WL301, WL401 {{__shfl_up_sync loop}}
	for (int offset = 1; offset < 32; offset *= 2) {
		int up = __shfl_up_sync(0xffffffff, v, offset);
		if (lane >= offset)
			v += up;
	}
	s[tid] = v;
	__syncwarp();
	data[blockIdx.x * 256 + tid] = s[tid];
}
