/*
 * warplint-test: WL301 the near miss of ok-reference-helper-reads.cu:
 * helpers that take a tile's element by non-const reference and write
 * it (scaled in place, or handed on to one that steps it).  Lanes of a
 * warp write the element that their neighbours read, with no barrier
 * between.
 */
__device__ float scale_in_place(float &x)
{
	x *= 0.5f;
	return x;
}

__device__ void bump(float &x)
{
	x += 1.0f;
}

__device__ float bumped(float &x)
{
	bump(x);
	return x;
}

__global__ void halved_columns(const float *a, float *out)
{
	__shared__ float tile[16 * 16];
	int tx = threadIdx.x, ty = threadIdx.y;
	float acc = 0.0f;

	tile[ty * 16 + tx] = a[ty * 16 + tx];
	__syncthreads();
	for (int i = 0; i < 16; i++)
		acc += tile[i * 16 + tx] * scale_in_place(tile[i * 16 + ty]);	// expect: WL301 {{lane 0 reads tile[i * 16 + tx], written by lane 1}}
	out[ty * 16 + tx] = acc;
}

__global__ void bumped_columns(const float *a, float *out)
{
	__shared__ float tile[16 * 16];
	int tx = threadIdx.x, ty = threadIdx.y;
	float acc = 0.0f;

	tile[ty * 16 + tx] = a[ty * 16 + tx];
	__syncthreads();
	for (int i = 0; i < 16; i++)
		acc += tile[i * 16 + tx] * bumped(tile[i * 16 + ty]);	// expect: WL301 {{lane 0 reads tile[i * 16 + tx], written by lane 1}}
	out[ty * 16 + tx] = acc;
}
