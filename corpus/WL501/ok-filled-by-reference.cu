/*
 * warplint-test: WL501 near miss: a work decomposition fills the
 * block's limits through a reference (`decomp.limits_of(work)`, the way
 * b40c-derived BFS kernels take their tile range), and the kernel loops
 * over its tiles on those limits.  The method stores only values of
 * the block (blockIdx.x, its own members, the other fields), so every
 * thread runs the loop as often, and the barriers of the tile step are
 * reached by all.
 */
#define TILE 128

struct range {
	int offset;
	int end;
	int count;
};

struct decomposition {
	int per_block;
	int total;

	__device__ void limits_of(range &r)
	{
		r.offset = blockIdx.x * per_block;
		r.end = r.offset + per_block;
		r.count = r.end - r.offset;
		if (r.end > total)
			r.end = total;
	}
};

__device__ void tile_step(float *data, int offset)
{
	__shared__ float buf[TILE];

	buf[threadIdx.x] = data[offset + threadIdx.x];
	__syncthreads();	// ok: WL501
	data[offset + threadIdx.x] = buf[TILE - 1 - threadIdx.x];
	__syncthreads();	// ok: WL501
}

__global__ void reverse_tiles(decomposition decomp, float *data)
{
	range work;

	decomp.limits_of(work);
	if (!work.count)
		return;
	while (work.offset < work.end) {
		tile_step(data, work.offset);
		work.offset += TILE;
	}
}
