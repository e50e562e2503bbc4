/*
 * warplint-test: near misses for WL301 with the lane spelled as %laneid,
 * `% 32` and thread_rank(), each lane on its own element, and loops over
 * a second variable or a template bound whose steps are separated the
 * way Listing 8 separates them.
 * expect-none
 */
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void own_slots(const int *in, int *out)
{
	__shared__ volatile int box[8][32];
	unsigned int lane;

	asm("mov.u32 %0, %%laneid;" : "=r"(lane));
	box[threadIdx.x / 32][lane] = in[threadIdx.x];	// ok: WL301
	box[threadIdx.x / 32][threadIdx.x % 32] += 1;	// ok: WL301
	out[threadIdx.x] = box[threadIdx.x / 32][lane];
}

__global__ void rank_slots(const float *in, float *out)
{
	__shared__ float pad[256];
	auto tile = cg::tiled_partition<32>(cg::this_thread_block());
	unsigned int base = threadIdx.x - tile.thread_rank();

	pad[base + tile.thread_rank()] = in[threadIdx.x];	// ok: WL301
	out[threadIdx.x] = pad[base + tile.thread_rank()] * 2.0f;	// ok: WL301
}

__global__ void halves_listing8(const float *in, float *out)
{
	__shared__ float s[64];
	unsigned int i = threadIdx.x;

	s[i] = in[blockIdx.x * 64 + i];
	__syncthreads();
	if (i < 32) {
		int k = 16;
		float v = s[i];

		for (int j = 0; j < 5; j++) {
			v += s[i + k];	// ok: WL301
			__syncwarp();
			s[i] = v;	// ok: WL301
			__syncwarp();
			k >>= 1;
		}
	}
	if (i == 0)
		out[blockIdx.x] = s[0];
}

template <int WIDTH>
__device__ int segment_total(int *cells, unsigned int lane)
{
	int v = cells[lane];

	for (int o = WIDTH / 2; o > 0; o >>= 1) {
		if (lane < o)
			v += cells[lane + o];	// ok: WL301
		__syncwarp();
		if (lane < o)
			cells[lane] = v;	// ok: WL301
		__syncwarp();
	}
	return cells[0];
}

__global__ void totals_of_16(const int *in, int *out)
{
	__shared__ int cells[8][32];
	unsigned int lane = threadIdx.x & 31;
	unsigned int w = threadIdx.x / 32;

	cells[w][lane] = in[threadIdx.x];
	__syncwarp();
	out[threadIdx.x] = segment_total<16>(cells[w], lane);
}
