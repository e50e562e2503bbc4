/*
 * warplint-test: WL401 reported without a shuffle fix: after the tail the
 * kernel reads every lane's partial sum, which a shuffle tree leaves
 * different (only lane 0's result is the same).
 * enable: WL401
 */

__global__ void warp_partials(const float *in, float *out)
{
	__shared__ float s[64];
	unsigned int tid = threadIdx.x;

	s[tid] = in[blockIdx.x * 64 + tid];
	__syncthreads();
	if (tid < 32) {
		volatile float *vs = s;

		vs[tid] += vs[tid + 16];	// expect: WL301, WL401 {{partial sums of lanes other than lane 0 are read later}}
		vs[tid] += vs[tid + 8];	// expect: WL301
		vs[tid] += vs[tid + 4];	// expect: WL301
		vs[tid] += vs[tid + 2];	// expect: WL301
		vs[tid] += vs[tid + 1];	// expect: WL301
	}
	__syncthreads();
	out[blockIdx.x * 64 + tid] = s[tid];
}
