/*
 * warplint-test: near misses for WL401: a tree already written with
 * shuffles, and a half-warp tree in Listing 8's form (a shuffle over 32
 * lanes would need lanes that never arrive).
 * enable: WL401
 */

__global__ void all_partials(const float *in, float *out)
{
	__shared__ float s[64];
	unsigned int tid = threadIdx.x;

	s[tid] = in[blockIdx.x * 64 + tid];
	__syncthreads();
	if (tid < 32) {
		float v = s[tid];

		v += s[tid + 32];
		for (int offset = 16; offset > 0; offset /= 2)
			v += __shfl_down_sync(0xffffffff, v, offset);	// ok: WL401
		s[tid] = v;
	}
	__syncthreads();
	out[blockIdx.x * 64 + tid] = s[tid];
}

__global__ void half_warp(const int *in, int *out)
{
	__shared__ int s[32];
	unsigned int tid = threadIdx.x;

	s[tid] = in[tid];
	__syncwarp();
	if (tid < 8) {
		int a = s[tid] + s[tid + 8];	// ok: WL401
		__syncwarp(0xff);
		s[tid] = a;
		__syncwarp(0xff);
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
