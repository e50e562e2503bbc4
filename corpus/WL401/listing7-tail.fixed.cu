/*
 * warplint-test: WL401 Listing 7's tree sum (a __syncwarp() after each
 * racing step) is a reduction tail too.
 * enable: WL401
 */

__global__ void warp_sums(const int *in, int *out)
{
	__shared__ int shmem[64];
	unsigned tid = threadIdx.x;

	shmem[tid] = in[blockIdx.x * 32 + tid];
	shmem[tid + 32] = 0;
	__syncwarp();

	int v;
	v = shmem[tid] + shmem[tid+16];
	__syncwarp(0xffffffff);
	shmem[tid] = v; __syncwarp();	// expect: WL302, WL401
	v = shmem[tid] + shmem[tid+8];
	__syncwarp(0xffffffff);
	shmem[tid] = v;  __syncwarp();	// expect: WL302
	v = shmem[tid] + shmem[tid+4];
	__syncwarp(0xffffffff);
	shmem[tid] = v;  __syncwarp();	// expect: WL302
	v = shmem[tid] + shmem[tid+2];
	__syncwarp(0xffffffff);
	shmem[tid] = v;  __syncwarp();	// expect: WL302
	v = shmem[tid] + shmem[tid+1];
	__syncwarp(0xffffffff);
	shmem[tid] = v;  __syncwarp();	// expect: WL302

	if (tid == 0)
		out[blockIdx.x] = shmem[0];
}
