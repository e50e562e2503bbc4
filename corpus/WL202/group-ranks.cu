/*
 * warplint-test: WL202 Cooperative Groups ranks that split a warp: a
 * thread_rank() condition, and the meta_group_rank() of 16-wide tiles,
 * two of which share each warp.
 */
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void by_rank(int *data)
{
	cg::thread_block block = cg::this_thread_block();
	auto half = cg::tiled_partition<16>(block);
	int v = data[block.thread_rank()];

	if (half.meta_group_rank() % 2 == 0)
		v = __shfl_sync(0xffffffff, v, 0);	// expect: WL202 {{'half.meta_group_rank() % 2 == 0'}}
	if (block.thread_rank() % 32 < 16)
		v = __shfl_sync(0xffffffff, v, 0, 16);	// expect: WL202
	data[block.thread_rank()] = v;
}
