/*
 * warplint-test: WL301 the blog's Listing 6 with the __syncwarp() left
 * out: each lane stores its element of a 4x8 tile row-major and reads
 * another lane's element back column-major.
 */

__device__ float get_value(const float *in)
{
	return in[blockIdx.x * 32 + threadIdx.x];
}

__global__ void transpose_tile(const float *in, float *out)
{
	float val = get_value(in);
	__shared__ float smem[4][8];

	int x1 = threadIdx.x % 8;
	int y1 = threadIdx.x / 8;

	int x2 = threadIdx.x / 4;
	int y2 = threadIdx.x % 4;

	smem[y1][x1] = val;	// expect: WL301 {{lane 8 writes smem[y1][x1] while lane 1 of its warp reads it at line 24}}
	val = smem[y2][x2];	// expect: WL301

	out[blockIdx.x * 32 + threadIdx.x] = val;
}
