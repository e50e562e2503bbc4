// SPDX-License-Identifier: MIT
// gpu_verify self-test: legacy code that faults on one launch shape only.
// Its partial sums have room for 512 blocks, which it asserts; launched
// on 1024 blocks (the default timing shape) the before stops there.  The
// runner must drop that shape, say so, compare the others, and time one
// that survives.
#include <assert.h>

#define MAX_BLOCKS 512

__global__ void block_heads(const int *in, int *heads, int n)
{
	int gid = blockIdx.x * blockDim.x + threadIdx.x;
	int v = gid < n ? in[gid] : 0;

	assert(gridDim.x <= MAX_BLOCKS);
	for (int d = 16; d > 0; d /= 2)
		v += __shfl_down(v, d);
	if ((threadIdx.x & 31) == 0)
		heads[blockIdx.x * 32 + threadIdx.x / 32] = v;
}
