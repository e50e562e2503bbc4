/*
 * warplint-test: WL501 a data member named through a per-thread object
 * is per-thread: each thread's `tile.count` is its own, so a loop over it
 * runs a thread-dependent number of times.  The constant members of the
 * same class are block-uniform (ok-constant-member-through-object.cu).
 */
template <int N>
struct Tile {
	enum { kCapacity = N };
	int count;
	float value[N];
};

template <int N>
__device__ void flush(Tile<N> &tile, float *buf)
{
	for (int i = 0; i < tile.count; ++i) {
		buf[threadIdx.x] = tile.value[i];
		__syncthreads();	// expect: WL501 {{the loop at line 17 runs a thread-dependent number of times}}
	}
	for (int i = 0; i < tile.kCapacity; ++i)
		__syncthreads();	// ok: WL501
}

__global__ void flush_tiles(const int *counts, float *out)
{
	__shared__ float buf[256];
	Tile<4> tile;

	tile.count = counts[threadIdx.x];
	for (int i = 0; i < 4; ++i)
		tile.value[i] = out[threadIdx.x * 4 + i];
	flush<4>(tile, buf);
	out[threadIdx.x] = buf[threadIdx.x];
}
