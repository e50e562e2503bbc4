/*
 * warplint-test: WL301 lanes of one warp exchanging values through global
 * memory, a kernel's pointer parameter: an in-place warp scan over a
 * global array, and a neighbour's element read while each lane writes
 * its own.  Lock-step made these work; since Volta they race.
 */

__global__ void scan_in_place(int *data)
{
	unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned int lane = threadIdx.x & 31;

	for (int d = 1; d < 32; d <<= 1) {
		int v;
		if (lane >= d) v = data[i] + data[i - d];	// expect: WL301 {{reads data[i - d]}}
		__syncwarp(0xffffffff);
		if (lane >= d) data[i] = v;
		__syncwarp(0xffffffff);
	}
}

__global__ void average_with_next(float *vals)
{
	unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
	float next = vals[i ^ 1];	// expect: WL301 {{lane 0 reads vals[i ^ 1], written by lane 1 at line 24}}
	__syncwarp(0xffffffff);

	vals[i] = 0.5f * (vals[i] + next);	// expect: WL301
}
