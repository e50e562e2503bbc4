/*
 * warplint-test: WL101 in kernels whose bodies did not parse whole (the
 * padding index and the skipping macro come from a header this file
 * does not include).  What did not parse is unknown: a condition on it
 * may split the lanes (`if (idx[i] == PADDING_INDEX) continue;` lets
 * lanes leave a trip, and a ballot of a test that did not parse would
 * not build),
 * and a statement that is an unknown macro may hide a `continue` or a
 * `return`: a mask read off the statements that did parse is a guess
 * there, an unsafe fix that --fix holds back.  A helper whose only call
 * sits under such a condition gets no mask, and a variable whose
 * initializer did not parse holds an unknown value: a test of it needs a
 * ballot.
 * disable: WL900
 * nvcc: no
 */
__global__ void skip_padding(const int *idx, int *out, int n)
{
	for (int i = threadIdx.x; i < n; i += 32) {
		if (idx[i] == PADDING_INDEX)
			continue;
		out[i] = __shfl_down(idx[i], 1);	// expect: WL101 {{the condition at line 20 did not parse}}
	}
}

__global__ void skip_marked(const int *idx, int *out, int n)
{
	for (int i = threadIdx.x; i < n; i += 32) {
		SKIP_PADDING(idx[i]);
		out[i] = __shfl_down(idx[i], 1);	// expect: WL101 {{'skip_marked' did not parse whole}}
	}
}

__device__ int neighbour(int v)
{
	return __shfl_xor(v, 1);	// expect: WL101 {{no fix: 'neighbour' is called at line 44}}
}

__global__ void pairs(const int *in, int *out)
{
	int v = in[threadIdx.x];

	if (v != PADDING_INDEX)
		out[threadIdx.x] = neighbour(v);
}

/* The lane index comes from a macro: its value is unknown, a ballot's. */
__global__ void lower_half(int *out)
{
	int lane = LANE_INDEX;
	int v = out[threadIdx.x];

	unsigned mask = __ballot_sync(0xffffffff, lane < 16);
	if (lane < 16)
		v = __shfl_sync(mask, v, 0);	// expect: WL101 {{depend on the condition at line 53}}
	out[threadIdx.x] = v;
}
