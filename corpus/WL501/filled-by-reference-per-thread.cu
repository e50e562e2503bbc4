/*
 * warplint-test: WL501 next to ok-filled-by-reference.cu: the method
 * that fills the limits starts each thread at its own offset, or hands
 * the range on to a helper that moves it for some threads.  The loop
 * over tiles then runs a thread-dependent number of times.
 */
#define TILE 128

struct range {
	int offset;
	int end;
};

__device__ void skew(range &r)
{
	if (threadIdx.x & 1)
		r.offset += TILE;
}

struct decomposition {
	int per_block;

	__device__ void own_limits(range &r)
	{
		r.offset = threadIdx.x * per_block;
		r.end = r.offset + per_block;
	}

	__device__ void skewed_limits(range &r)
	{
		r.offset = blockIdx.x * per_block;
		r.end = r.offset + per_block;
		skew(r);
	}
};

__device__ void tile_step(float *data, int offset)
{
	__shared__ float buf[TILE];

	buf[threadIdx.x] = data[offset + threadIdx.x];
	__syncthreads();	// expect: WL501 {{'tile_step' is called at line 62, where only some threads arrive}}
	data[offset + threadIdx.x] = buf[TILE - 1 - threadIdx.x];
	__syncthreads();	// expect: WL501
}

__device__ void tile_step_b(float *data, int offset)
{
	__shared__ float buf[TILE];

	buf[threadIdx.x] = data[offset + threadIdx.x];
	__syncthreads();	// expect: WL501 {{'tile_step_b' is called at line 65, where only some threads arrive}}
	data[offset + threadIdx.x] = buf[TILE - 1 - threadIdx.x];
}

__global__ void own_tiles(decomposition decomp, float *data)
{
	range a, b;

	decomp.own_limits(a);
	for (; a.offset < a.end; a.offset += TILE)
		tile_step(data, a.offset);
	decomp.skewed_limits(b);
	for (; b.offset < b.end; b.offset += TILE)
		tile_step_b(data, b.offset);
}
