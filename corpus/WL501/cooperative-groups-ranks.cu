/*
 * warplint-test: WL501 Cooperative Groups ranks differ between threads:
 * thread_rank() names the thread, and a tile's meta_group_rank() names
 * its warp, which still splits the block.
 */
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void group_ranks(float *data)
{
	cg::thread_block block = cg::this_thread_block();
	auto tile = cg::tiled_partition<32>(block);

	if (block.thread_rank() < 64)
		block.sync();	// expect: WL501 {{'block.thread_rank() < 64'}}
	if (tile.meta_group_rank() == 0)
		__syncthreads();	// expect: WL501 {{'tile.meta_group_rank() == 0'}}
	data[block.thread_rank()] = 0.0f;
}
