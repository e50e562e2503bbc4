/*
 * warplint-test: a helper whose race is found first from a call that
 * one warp makes (`if (t < 32)`), then from a call that the whole block
 * makes.  From the second call, the last lane of each warp reads the
 * cell that the first lane of the next warp writes: a __syncwarp() in
 * the helper would not order that, and a __syncthreads() there would
 * hang the first call.  So no fix, and the note says why; both calls
 * are reported.  (Before, the second call was never looked at: the
 * access pair was known to race already, and the fix was a
 * __syncwarp() that leaves the block's race.)
 */
__device__ void shift_down(float *s, unsigned int t)
{
	float v = s[t + 1];	// expect: WL301 {{no fix: lanes of other warps meet at these elements too}}
	s[t] = v;	// expect: WL301
}

__global__ void shift_twice(const float *in, float *out)
{
	__shared__ float s[257];
	unsigned int t = threadIdx.x;

	s[t] = in[blockIdx.x * 256 + t];
	if (t == 0)
		s[256] = 0;
	__syncthreads();
	if (t < 32)
		shift_down(s, t);	// expect: WL301 {{'shift_down' lets lanes of a warp race on 's'}}
	__syncthreads();
	shift_down(s, t);	// expect: WL301 {{'shift_down' lets lanes of a warp race on 's'}}
	__syncthreads();
	out[blockIdx.x * 256 + t] = s[t];
}
