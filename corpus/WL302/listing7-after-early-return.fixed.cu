/*
 * warplint-test: WL302 the blog's Listing 7 after an early return (issue
 * 13): the race inside each `s[t] += s[t + k]; __syncwarp();` is still
 * reported and fixed: after a data-dependent return of the kernel with
 * the full mask (lanes that exited the kernel are not missing from it),
 * after a data-dependent return in a helper with the mask of the lanes
 * that stayed (a ballot taken before it), and after a lane-dependent
 * return in a helper with the exact constant.  WL202 on the __syncwarp() calls the
 * code already has is another rule's business here.
 * disable: WL202
 */

__global__ void tree_after_data_return(const float *in, float *out, int n)
{
	__shared__ float s[64];
	unsigned int t = threadIdx.x;
	int i = blockIdx.x * 32 + t;

	if (i >= n)
		return;
	s[t] = in[i];
	s[t + 32] = 0.0f;
	__syncwarp();
	for (int sh = 16; sh > 0; sh >>= 1) {
		float v;
		v = s[t] + s[t + sh];	// expect: WL302 {{in the same statement; the __syncwarp() after it comes too late}}
		__syncwarp(0xffffffff);
		s[t] = v;
		__syncwarp();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

__device__ int partial_after_skip(volatile int *s, const int *keys, int t)
{
	unsigned mask = __ballot_sync(0xffffffff, keys[t] >= 0);
	if (keys[t] < 0)
		return 0;
	int v;
	v = s[t] + s[t + 16];
	__syncwarp(mask);
	s[t] = v; __syncwarp();	// expect: WL302 {{lane t reads s[t + 16], written by lane t + 16}}
	v = s[t] + s[t + 8];
	__syncwarp(mask);
	s[t] = v; __syncwarp();	// expect: WL302
	return s[t];
}

__device__ int low_half_sum(volatile int *s, int t)
{
	if (t >= 16)
		return 0;
	int v;
	v = s[t] + s[t + 8];
	__syncwarp(0x0000ffff);
	s[t] = v; __syncwarp(0x0000ffff);	// expect: WL302
	v = s[t] + s[t + 4];
	__syncwarp(0x0000ffff);
	s[t] = v; __syncwarp(0x0000ffff);	// expect: WL302
	return s[t];
}

__global__ void tree_in_helpers(const int *keys, int *out)
{
	__shared__ int s[64];
	unsigned int t = threadIdx.x & 31;

	s[t] = keys[t];
	s[t + 32] = 0;
	__syncwarp();
	out[t] = partial_after_skip(s, keys, t);	// expect: WL302 {{'partial_after_skip' lets lanes of a warp race on 's'}}
	out[t + 32] = low_half_sum(s, t);	// expect: WL302
}
