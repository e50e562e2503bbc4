/*
 * warplint-test: WL101/WL102 after a `continue` that only some lanes
 * take (padding skipped in a lane-strided loop, empty rows, masked
 * items).  The lanes that take it skip the rest of the trip and are back
 * at the loop's test, so it is an early exit of the trip: a ballot of
 * its negated guard, hoisted before it and taken among the trip's lanes,
 * names the lanes that go on.  The loop's own ballot, at its test,
 * counts every lane of the next trip, those that went on and those that
 * came back early.  Under lock-step execution the legacy call ran on
 * exactly those lanes, so the results are unchanged.
 */

/* A lane-strided loop: the last trip holds some lanes; padding skipped. */
__global__ void skip_padding_sums(const int *idx, int *out, int n, int pad)
{
	for (int i = threadIdx.x % 32; i < n; i += 32) {
		int v = idx[i];

		if (v == pad)
			continue;
		out[i] = v + __shfl_down(v, 1);	// expect: WL101 {{the condition at line 19}}
	}
}

/* Every lane runs every trip; only the continue splits the warp. */
__global__ void nonzero_votes(const float *vals, unsigned *votes, int tiles)
{
	int lane = threadIdx.x & 31;

	for (int t = 0; t < tiles; ++t) {
		float v = vals[t * 32 + lane];

		if (v == 0.0f)
			continue;
		votes[t * 32 + lane] = __ballot(v > 0.0f);	// expect: WL102 {{the condition at line 33}}
	}
}

/* Two exits, and one under a further test: the masks chain. */
__global__ void two_filters(const int *in, int *out, int n, int lo, int hi)
{
	for (int i = threadIdx.x; i < n; i += blockDim.x) {
		int v = in[i];

		if (v < lo)
			continue;
		if (v > 0) {
			if (v > hi)
				continue;
		}
		out[i] = __any(v == hi);	// expect: WL102 {{the condition at line 47}}
	}
}

/* A collision test in a helper: the call site's mask is passed in. */
__device__ bool collides(int key)
{
	bool dup = false;

	for (int d = 1; d <= 16; d++)
		dup |= __shfl(key, (threadIdx.x + d) % 32) == key;	// expect: WL101 {{new first parameter}}
	return __any(dup) != 0;	// expect: WL102 {{new first parameter}}
}

__global__ void accumulate(const int *keys, const float *upd, float *acc,
			   int n, int skip)
{
	for (int i = threadIdx.x % 32; i < n; i += 32) {
		int k = keys[i];

		if (k == skip)
			continue;
		if (collides(k))
			atomicAdd(&acc[k], upd[i]);
		else
			acc[k] += upd[i];
	}
}

/* A while loop whose step is in the body: continue runs the test too. */
__global__ void sparse_maxima(const int *in, int *out, int n)
{
	int i = threadIdx.x;

	while (i < n) {
		int v = in[i];

		if (v < 0) {
			i += 32;
			continue;
		}
		out[i] = max(v, __shfl_xor(v, 1));	// expect: WL101 {{the condition at line 88}}
		i += 32;
	}
}
