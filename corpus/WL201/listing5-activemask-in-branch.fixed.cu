/*
 * warplint-test: WL201 the blog's Listing 5: __activemask() taken inside
 * the branch instead of a __ballot_sync() before it (Listing 3), so the
 * reduction may sum only the lanes that happen to be converged.
 */
#define FULL_MASK 0xffffffff

__global__ void sum_small(const int *input, int *output, int num_elements)
{
	int val = 0;

	unsigned mask2 = __ballot_sync(FULL_MASK, threadIdx.x < num_elements);
	if (threadIdx.x < num_elements) {
		unsigned mask = mask2;
		val = input[threadIdx.x];
		for (int offset = 16; offset > 0; offset /= 2)
			val += __shfl_down_sync(mask, val, offset);	// expect: WL201 {{comes from '__activemask()' (line 13)}}
		if (threadIdx.x == 0)
			*output = val;
	}
}

__global__ void half_warp_broadcast(float *data)
{
	unsigned lane = threadIdx.x & 31;
	float v = data[threadIdx.x];

	if (lane < 16)
		v = __shfl_sync(0x0000ffff, v, 0);	// expect: WL201 {{'__activemask()' as the mask of '__shfl_sync'}}
	data[threadIdx.x] = v;
}

__global__ void all_flags_set(const int *flags, int *out)
{
	int ok = __all_sync(FULL_MASK, flags[threadIdx.x] != 0);	// expect: WL201

	__syncwarp(FULL_MASK);	// expect: WL201 {{'__syncwarp'}}
	if ((threadIdx.x & 31) == 0)
		out[threadIdx.x / 32] = ok;
}
