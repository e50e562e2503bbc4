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
		float *vs = s;

		float v;
		for (int o = 32; o > 0; o >>= 1) {	// expect: WL301, WL401 {{__shfl_down_sync loop}}
			v = vs[tid] + vs[tid + o];
			__syncwarp(0xffffffff);
			vs[tid] = v;
			__syncwarp(0xffffffff);
		}
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
	for (int offset = 16; offset > 0; offset /= 2) {
		int v;
		v = s[lane] + s[lane + offset];	// expect: WL302, WL401
		__syncwarp(0xffffffff);
		s[lane] = v;
		__syncwarp();
	}
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
	for (int offset = 1; offset < 32; offset *= 2) {
		int v;
		if (lane >= offset) v = s[tid] + s[tid - offset];	// expect: WL301, WL401 {{__shfl_up_sync loop}}
		__syncwarp(0xffffffff);
		if (lane >= offset) s[tid] = v;
		__syncwarp(0xffffffff);
	}
	__syncwarp();
	data[blockIdx.x * 256 + tid] = s[tid];
}
