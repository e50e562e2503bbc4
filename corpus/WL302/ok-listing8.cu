/*
 * warplint-test: near miss for WL301/WL302: the blog's Listing 8, where
 * __syncwarp() separates every read from every write.
 * expect-none
 */

__global__ void warp_tree_sum_fixed(const int *in, int *out)
{
	__shared__ int shmem[64];
	unsigned tid = threadIdx.x;

	shmem[tid] = in[tid];
	shmem[tid + 32] = 0;
	__syncwarp();

	int v = 0;

	v += shmem[tid+16]; __syncwarp();	// ok: WL301, WL302
	shmem[tid] = v;     __syncwarp();	// ok: WL301, WL302
	v += shmem[tid+8];  __syncwarp();
	shmem[tid] = v;     __syncwarp();
	v += shmem[tid+4];  __syncwarp();
	shmem[tid] = v;     __syncwarp();
	v += shmem[tid+2];  __syncwarp();
	shmem[tid] = v;     __syncwarp();
	v += shmem[tid+1];  __syncwarp();
	shmem[tid] = v;

	if (tid == 0)
		out[blockIdx.x] = shmem[0];
}
