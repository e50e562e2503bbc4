/*
 * warplint-test: the blog's already-correct code must stay silent:
 * Listing 1 (full-mask reduction), Listing 3 (mask from __ballot_sync
 * before the branch) and Listing 12 (__ballot_sync with the full mask).
 * expect-none
 */
#define FULL_MASK 0xffffffff
#define NUM_ELEMENTS 20

__global__ void listing1(int *data)
{
	int val = data[threadIdx.x];

	for (int offset = 16; offset > 0; offset /= 2)
		val += __shfl_down_sync(FULL_MASK, val, offset);
	data[threadIdx.x] = val;
}

__global__ void listing3(const int *input, int *out)
{
	int val = 0;
	unsigned mask = __ballot_sync(FULL_MASK, threadIdx.x < NUM_ELEMENTS);

	if (threadIdx.x < NUM_ELEMENTS) {
		val = input[threadIdx.x];
		for (int offset = 16; offset > 0; offset /= 2)
			val += __shfl_down_sync(mask, val, offset);
		if (threadIdx.x == 0)
			*out = val;
	}
}

__global__ void listing12(const int *in, unsigned *out)
{
	int result = in[threadIdx.x] & 4;
	unsigned ballot_result = __ballot_sync(FULL_MASK, result);

	out[threadIdx.x] = ballot_result;
}
