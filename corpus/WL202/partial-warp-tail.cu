/*
 * warplint-test: WL202 the textual migration's bug at the end of an
 * array: the last warp is partial, so under `if (i < n)`, or after
 * `if (i >= n) return;` in a __device__ helper, a full mask names lanes
 * that never arrive (a hang or garbage).  The fix computes the mask with
 * __ballot_sync() before the divergence (Listing 3).  After the same
 * return in the kernel itself the lanes have exited, and a mask may name
 * exited lanes: not this rule's finding.
 */
__global__ void dot_tail(const float *x, const float *y, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		float p = x[i] * y[i];

		for (int offset = 16; offset > 0; offset >>= 1)
			p += __shfl_down_sync(0xffffffff, p, offset);	// expect: WL202 {{only lanes for which 'i < n' is true (line 14) reach it}}
		if ((threadIdx.x & 31) == 0)
			atomicAdd(out, p);
	}
}

__global__ void normalize_tail(float *v, int n, float s)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return;
	float m = v[i];

	m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, 16));	// ok: WL202
	m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, 8));	// ok: WL202
	v[i] = m * s;
}

__device__ float tail_max(const float *v, int i, int n)
{
	if (i >= n)
		return 0.0f;
	float m = v[i];

	m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, 16));	// expect: WL202 {{lanes that return at line 40 never reach it}}
	return fmaxf(m, __shfl_xor_sync(0xffffffff, m, 8));	// expect: WL202
}

__global__ void scale_by_max(float *v, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float m = tail_max(v, i, n);

	if (i < n)
		v[i] /= m;
}
