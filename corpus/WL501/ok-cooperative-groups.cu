/*
 * warplint-test: WL501 near misses: Cooperative Groups sizes are the same
 * in every thread of the block: thread_block::size(), num_threads(), a
 * tile's size() and meta_group_size().
 */
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void group_sizes(float *data)
{
	cg::thread_block block = cg::this_thread_block();
	auto tile = cg::tiled_partition<32>(block);
	__shared__ float buf[512];

	buf[threadIdx.x] = data[threadIdx.x];
	if (block.size() >= 64)
		block.sync();	// ok: WL501
	if (block.num_threads() % 64 == 0 && tile.size() == 32)
		__syncthreads();	// ok: WL501
	for (unsigned w = 0; w < tile.meta_group_size(); w++)
		__syncthreads();	// ok: WL501
	data[threadIdx.x] = buf[block.size() - 1 - threadIdx.x];
}
