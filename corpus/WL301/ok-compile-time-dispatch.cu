/*
 * warplint-test: WL301 near misses: a kernel template that picks its
 * variant with `switch` and `if` on template parameters, in helpers that
 * each switch again.  One instantiation runs one variant throughout, so
 * the rows that one variant reads are never the rows the other writes:
 * each lane loads and stores only its own elements in either layout.
 * A branch on a template parameter that no instantiation takes is not
 * walked at all.  A launch that mixes a named constant with a literal
 * (`mix_fetch<ROW_MAJOR, 0>`) is still one instantiation: the literal
 * alone, read from the text, does not make a second one with LAYOUT
 * unknown.
 */
enum layout { ROW_MAJOR, COL_MAJOR };
enum staging { DIRECT, STAGED };

__device__ __forceinline__ void load_rows(const unsigned *g, uint4 &v)
{
	unsigned base = (blockIdx.x * blockDim.x + threadIdx.x) / 4 * 16;
	unsigned q = threadIdx.x % 4;

	v.x = g[base + 4 * q + (q + 0) % 4];
	v.y = g[base + 4 * q + (q + 1) % 4];
	v.z = g[base + 4 * q + (q + 2) % 4];
	v.w = g[base + 4 * q + (q + 3) % 4];
}

__device__ __forceinline__ void store_rows(unsigned *g, const uint4 &v)
{
	unsigned base = (blockIdx.x * blockDim.x + threadIdx.x) / 4 * 16;
	unsigned q = threadIdx.x % 4;

	g[base + 4 * q + (q + 0) % 4] = v.x;
	g[base + 4 * q + (q + 1) % 4] = v.y;
	g[base + 4 * q + (q + 2) % 4] = v.z;
	g[base + 4 * q + (q + 3) % 4] = v.w;
}

__device__ __forceinline__ void load_cols(const unsigned *g, uint4 &v)
{
	unsigned base = (blockIdx.x * blockDim.x + threadIdx.x) / 4 * 16;
	unsigned q = threadIdx.x % 4;

	v.x = g[base + 0 + q];
	v.y = g[base + 4 + q];
	v.z = g[base + 8 + q];
	v.w = g[base + 12 + q];
}

__device__ __forceinline__ void store_cols(unsigned *g, const uint4 &v)
{
	unsigned base = (blockIdx.x * blockDim.x + threadIdx.x) / 4 * 16;
	unsigned q = threadIdx.x % 4;

	g[base + 0 + q] = v.x;
	g[base + 4 + q] = v.y;
	g[base + 8 + q] = v.z;
	g[base + 12 + q] = v.w;
}

template <int LAYOUT>
__device__ __forceinline__ void load_block(const unsigned *g, uint4 &v)
{
	switch (LAYOUT) {
	case ROW_MAJOR:
		load_rows(g, v);
		break;
	case COL_MAJOR:
		load_cols(g, v);
		break;
	}
}

template <int LAYOUT>
__device__ __forceinline__ void store_block(unsigned *g, const uint4 &v)
{
	switch (LAYOUT) {
	case ROW_MAJOR:
		store_rows(g, v);
		break;
	default:
		store_cols(g, v);
		break;
	}
}

template <int LAYOUT, int STAGING>
__global__ void mix(unsigned *data, int rounds)
{
	__shared__ unsigned stage[256];
	uint4 v;

	load_block<LAYOUT>(data, v);
	for (int r = 0; r < rounds; r++) {
		v.x ^= v.y + r;
		v.z ^= v.w;
	}
	if (STAGING == STAGED) {
		stage[threadIdx.x] = v.x;
		v.x = stage[threadIdx.x];
	}
	store_block<LAYOUT>(data, v);
}

template <int STAGING>
__global__ void relay(float *out)
{
	__shared__ float stage[128];
	float v = out[blockIdx.x * 128 + threadIdx.x];

	if (STAGING == STAGED) {
		stage[threadIdx.x] = v;
		v += stage[threadIdx.x ^ 1];
	}
	out[blockIdx.x * 128 + threadIdx.x] = v;
}

template <int LAYOUT, int FETCH>
__global__ void mix_fetch(unsigned *data, int rounds)
{
	uint4 v;

	load_block<LAYOUT>(data, v);
	for (int r = 0; r < rounds; r++)
		v.x += FETCH ? v.y : v.z;
	store_block<LAYOUT>(data, v);
}

void run_all(unsigned *d, float *f, int rounds, int layout)
{
	if (layout == ROW_MAJOR)
		mix_fetch<ROW_MAJOR, 0><<<64, 128>>>(d, rounds);
	else
		mix_fetch<COL_MAJOR, 0><<<64, 128>>>(d, rounds);
	relay<DIRECT><<<64, 128>>>(f);
	if (layout == ROW_MAJOR)
		mix<ROW_MAJOR, DIRECT><<<64, 128>>>(d, rounds);
	else
		mix<COL_MAJOR, STAGED><<<64, 128>>>(d, rounds);
}
