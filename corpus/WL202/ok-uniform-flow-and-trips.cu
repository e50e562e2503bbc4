/*
 * warplint-test: WL202 near misses: a full mask is right where every lane
 * of the warp gets there: in a lane-strided loop whose bound is rounded up
 * to a multiple of 32, under a condition on a value made uniform again by
 * an assignment from shared memory, on a kernel's pointer parameter that
 * lanes stored through, and under Cooperative Groups sizes and a 32-wide
 * tile's meta_group_rank().
 */
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

#define ROUND32(x) (((x) + 31) & ~31)

__global__ void strided_total(const float *in, float *out, int n)
{
	__shared__ int s_count;
	cg::thread_block block = cg::this_thread_block();
	auto warp = cg::tiled_partition<32>(block);
	unsigned lane = threadIdx.x & 31;
	float acc = 0.0f;
	int count = lane;

	for (int i = lane; i < ROUND32(n); i += 32) {
		float x = i < n ? in[i] : 0.0f;

		acc += __shfl_xor_sync(0xffffffff, x, 16);	// ok: WL202
	}
	out[threadIdx.x] = acc;
	if (threadIdx.x == 0)
		s_count = n / 2;
	__syncthreads();
	count = s_count;
	if (count > 8)
		acc = __shfl_sync(0xffffffff, acc, 0);	// ok: WL202
	if (out && block.size() > 64 && warp.meta_group_rank() == 1)
		acc = __shfl_sync(0xffffffff, acc, 3);	// ok: WL202
	out[threadIdx.x] = acc;
}
