/*
 * warplint-test: WL301 the lane index spelled the ways real code spells
 * it: an asm read of %laneid (in the kernel and in a helper), `% 32`, a
 * cooperative group's thread_rank(), and a helper parameter whose callers
 * pass a lane.
 */
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__device__ __forceinline__ unsigned int my_lane(void)
{
	unsigned int r;

	asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
	return r;
}

__global__ void lane_from_asm(const int *in, int *out)
{
	__shared__ volatile int box[8][32];
	unsigned int lane;

	asm("mov.u32 %0, %%laneid;" : "=r"(lane));
	box[threadIdx.x / 32][lane] = in[threadIdx.x];	// expect: WL301
	__syncwarp(0xffffffff);
	out[threadIdx.x] = box[threadIdx.x / 32][31 - lane];	// expect: WL301 {{lane 0 reads box[threadIdx.x / 32][31 - lane], written by lane 31}}
}

__global__ void lane_from_helper(const int *in, int *out)
{
	__shared__ volatile int box[8][32];
	unsigned int lane = my_lane();

	box[threadIdx.x / 32][lane] = in[threadIdx.x];	// expect: WL301
	__syncwarp(0xffffffff);
	out[threadIdx.x] = box[threadIdx.x / 32][lane ^ 1];	// expect: WL301 {{lane 0 reads box[threadIdx.x / 32][lane ^ 1], written by lane 1}}
}

__global__ void lane_from_modulo(const float *in, float *out)
{
	__shared__ volatile float ring[256];
	unsigned int warp_base = threadIdx.x - threadIdx.x % 32;

	ring[threadIdx.x] = in[threadIdx.x];	// expect: WL301
	__syncwarp(0xffffffff);
	out[threadIdx.x] = ring[warp_base + (threadIdx.x % 32 + 1) % 32];	// expect: WL301 {{lane 0 reads ring[warp_base + (threadIdx.x % 32 + 1) % 32], written by lane 1}}
}

__global__ void lane_from_rank(const float *in, float *out)
{
	__shared__ volatile float pad[256];
	cg::thread_block block = cg::this_thread_block();
	auto tile = cg::tiled_partition<32>(block);
	unsigned int r = tile.thread_rank();
	unsigned int base = threadIdx.x - r;

	float v;
	pad[base + r] = in[threadIdx.x];	// expect: WL301
	__syncwarp(0xffffffff);
	if (r < 16) v = pad[base + r] + pad[base + r + 16];	// expect: WL301 {{lane r reads pad[base + r + 16], written by lane r + 16}}
	__syncwarp(0xffffffff);
	if (r < 16) pad[base + r] = v;
	__syncwarp(0xffffffff);
	out[threadIdx.x] = pad[base + r];
}

__device__ float mix_with(float *cells, unsigned int which, float v)
{
	cells[which] = v;	// expect: WL301
	__syncwarp(0xffffffff);
	return cells[which ^ 2];	// expect: WL301 {{lane 0 reads cells[which ^ 2], written by lane 2}}
}

__global__ void lane_from_caller(const float *in, float *out)
{
	__shared__ float cells[8][32];
	unsigned int w = threadIdx.x / 32;

	out[threadIdx.x] = mix_with(cells[w], threadIdx.x & 31, in[threadIdx.x]);	// expect: WL301
}
