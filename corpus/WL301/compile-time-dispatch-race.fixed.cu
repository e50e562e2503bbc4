/*
 * warplint-test: WL301 variants picked on template parameters are walked
 * as each instantiation runs them: the race of the variant that a launch
 * instantiates is found (columns loaded, rows stored; a neighbour read
 * from the staging buffer), in the helpers its `switch` reaches.
 */
enum layout { ROW_MAJOR, COL_MAJOR };
enum staging { DIRECT, STAGED };

__device__ __forceinline__ void load_cols(const unsigned *g, uint2 &v)
{
	unsigned base = (blockIdx.x * blockDim.x + threadIdx.x) / 2 * 4;
	unsigned q = threadIdx.x % 2;

	v.x = g[base + 0 + q];	// expect: WL301 {{lane 1 reads g[base + 0 + q], written by lane 0 at line 25}}
	__syncwarp(0xffffffff);
	v.y = g[base + 2 + q];	// expect: WL301 {{lane 0 reads g[base + 2 + q]}}
	__syncwarp(0xffffffff);
}

__device__ __forceinline__ void store_rows(unsigned *g, const uint2 &v)
{
	unsigned base = (blockIdx.x * blockDim.x + threadIdx.x) / 2 * 4;
	unsigned q = threadIdx.x % 2;

	g[base + 2 * q + 0] = v.x;	// expect: WL301
	g[base + 2 * q + 1] = v.y;	// expect: WL301
}

template <int LAYOUT>
__device__ __forceinline__ void load_block(const unsigned *g, uint2 &v)
{
	switch (LAYOUT) {
	case COL_MAJOR:
		load_cols(g, v);	// expect: WL301 {{'load_cols' lets lanes}}
		break;
	default:
		v = make_uint2(0, 0);
		break;
	}
}

template <int LAYOUT, int STAGING>
__global__ void mix(unsigned *data, float *f)
{
	__shared__ float stage[128];
	float w = f[blockIdx.x * blockDim.x + threadIdx.x];
	uint2 v;

	load_block<LAYOUT>(data, v);	// expect: WL301 {{'load_block' lets lanes}}
	v.x ^= v.y;
	store_rows(data, v);	// expect: WL301 {{'store_rows' lets lanes}}
	if (STAGING == STAGED) {
		stage[threadIdx.x] = w;	// expect: WL301
		__syncwarp(0xffffffff);
		w += stage[threadIdx.x ^ 1];	// expect: WL301 {{stage[threadIdx.x ^ 1]}}
	}
	f[blockIdx.x * blockDim.x + threadIdx.x] = w;
}

void run(unsigned *d, float *f)
{
	mix<COL_MAJOR, STAGED><<<64, 128>>>(d, f);
}
