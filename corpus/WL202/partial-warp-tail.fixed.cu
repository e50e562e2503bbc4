/*
 * warplint-test: WL202 the textual migration's bug at the end of an
 * array: the last warp is partial, so under `if (i < n)` or after
 * `if (i >= n) return;` a full mask names lanes that never arrive (a
 * hang or garbage).  The fix computes the mask with __ballot_sync()
 * before the divergence (Listing 3).
 */
__global__ void dot_tail(const float *x, const float *y, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	unsigned mask = __ballot_sync(0xffffffff, i < n);
	if (i < n) {
		float p = x[i] * y[i];

		for (int offset = 16; offset > 0; offset >>= 1)
			p += __shfl_down_sync(mask, p, offset);	// expect: WL202 {{only lanes for which 'i < n' is true (line 12) reach it}}
		if ((threadIdx.x & 31) == 0)
			atomicAdd(out, p);
	}
}

__global__ void normalize_tail(float *v, int n, float s)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	unsigned mask = __ballot_sync(0xffffffff, i < n);
	if (i >= n)
		return;
	float m = v[i];

	m = fmaxf(m, __shfl_xor_sync(mask, m, 16));	// expect: WL202 {{lanes that return at line 27 never reach it}}
	m = fmaxf(m, __shfl_xor_sync(mask, m, 8));	// expect: WL202
	v[i] = m * s;
}
