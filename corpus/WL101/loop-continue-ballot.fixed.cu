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
	unsigned mask = 0xffffffff;
	for (int i = threadIdx.x % 32; (mask = __ballot_sync(mask, i < n)), i < n; i += 32) {
		int v = idx[i];

		unsigned mask2 = __ballot_sync(mask, v != pad);
		if (v == pad)
			continue;
		out[i] = v + __shfl_down_sync(mask2, v, 1);	// expect: WL101 {{the condition at line 19}}
	}
}

/* Every lane runs every trip; only the continue splits the warp. */
__global__ void nonzero_votes(const float *vals, unsigned *votes, int tiles)
{
	int lane = threadIdx.x & 31;

	for (int t = 0; t < tiles; ++t) {
		float v = vals[t * 32 + lane];

		unsigned mask = __ballot_sync(0xffffffff, !(v == 0.0f));
		if (v == 0.0f)
			continue;
		votes[t * 32 + lane] = __ballot_sync(mask, v > 0.0f);	// expect: WL102 {{the condition at line 33}}
	}
}

/* Two exits, and one under a further test: the masks chain. */
__global__ void two_filters(const int *in, int *out, int n, int lo, int hi)
{
	unsigned mask = 0xffffffff;
	for (int i = threadIdx.x; (mask = __ballot_sync(mask, i < n)), i < n; i += blockDim.x) {
		int v = in[i];

		unsigned mask2 = __ballot_sync(mask, v >= lo);
		if (v < lo)
			continue;
		unsigned mask3 = __ballot_sync(mask2, !((v > 0) && (v > hi)));
		if (v > 0) {
			if (v > hi)
				continue;
		}
		out[i] = __any_sync(mask3, v == hi);	// expect: WL102 {{the condition at line 47}}
	}
}

/* A collision test in a helper: the call site's mask is passed in. */
__device__ bool collides(unsigned mask, int key)
{
	bool dup = false;

	for (int d = 1; d <= 16; d++)
		dup |= __shfl_sync(mask, key, (threadIdx.x + d) % 32) == key;	// expect: WL101 {{new first parameter}}
	return __any_sync(mask, dup) != 0;	// expect: WL102 {{new first parameter}}
}

__global__ void accumulate(const int *keys, const float *upd, float *acc,
			   int n, int skip)
{
	unsigned mask = 0xffffffff;
	for (int i = threadIdx.x % 32; (mask = __ballot_sync(mask, i < n)), i < n; i += 32) {
		int k = keys[i];

		unsigned mask2 = __ballot_sync(mask, k != skip);
		if (k == skip)
			continue;
		if (collides(mask2, k))
			atomicAdd(&acc[k], upd[i]);
		else
			acc[k] += upd[i];
	}
}

/* A while loop whose step is in the body: continue runs the test too. */
__global__ void sparse_maxima(const int *in, int *out, int n)
{
	int i = threadIdx.x;

	unsigned mask = 0xffffffff;
	while ((mask = __ballot_sync(mask, i < n)), i < n) {
		int v = in[i];

		unsigned mask2 = __ballot_sync(mask, v >= 0);
		if (v < 0) {
			i += 32;
			continue;
		}
		out[i] = max(v, __shfl_xor_sync(mask2, v, 1));	// expect: WL101 {{the condition at line 88}}
		i += 32;
	}
}
