/*
 * warplint-test: WL302 the blog's Listing 7: a __syncwarp() after each
 * step of a tree sum, but each step reads another lane's element and
 * writes its own in one statement, so the read and the write still race.
 */

#define FULL_MASK 0xffffffff

__global__ void warp_tree_sum(const int *in, int *out)
{
	__shared__ int shmem[64];
	unsigned tid = threadIdx.x;

	shmem[tid] = in[tid];
	shmem[tid + 32] = 0;
	__syncwarp();

	// Incorrect use of __syncwarp()
	int v = shmem[tid];
	for (int offset = 16; offset > 0; offset /= 2)
		v += __shfl_down_sync(FULL_MASK, v, offset);
	shmem[tid] = v;  __syncwarp();	// expect: WL302

	if (tid == 0)
		out[blockIdx.x] = shmem[0];
}
