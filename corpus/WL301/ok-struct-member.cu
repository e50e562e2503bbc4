/*
 * warplint-test: near misses for WL301 through members of __shared__
 * structs and unions: every step behind a barrier, each lane keeping to
 * its own element, two members that never meet, and a union whose
 * members are reused only after a __syncthreads().
 * expect-none
 */

struct tile_scratch {
	float sums[64];
	int hits[64];
};

__global__ void fold_with_barriers(const float *in, float *out)
{
	__shared__ struct tile_scratch tile;
	unsigned int t = threadIdx.x;

	tile.sums[t] = in[blockIdx.x * 64 + t];
	tile.hits[t] = 0;
	__syncthreads();
	for (unsigned int s = 32; s > 0; s >>= 1) {
		if (t < s)
			tile.sums[t] += tile.sums[t + s];	// ok: WL301
		__syncthreads();
	}
	tile.hits[t] += 1;	// ok: WL301
	if (t == 0)
		out[blockIdx.x] = tile.sums[0] + tile.hits[0];
}

__global__ void reuse_union(const float *in, unsigned int *out)
{
	__shared__ union {
		float f[64];
		unsigned int u[64];
	} buf;
	unsigned int t = threadIdx.x;

	buf.f[t] = in[blockIdx.x * 64 + t];	// ok: WL301
	__syncthreads();
	float mine = buf.f[63 - t];
	__syncthreads();
	buf.u[t] = __float_as_uint(mine) ^ 1u;	// ok: WL301
	__syncthreads();
	out[blockIdx.x * 64 + t] = buf.u[63 - t];
}
