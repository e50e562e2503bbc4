/*
 * warplint-test: near misses of the linear thread index.  Only
 * `threadIdx.x + threadIdx.y * blockDim.x` numbers the threads the way
 * warps are formed.  With a constant row width the index is linear only
 * if the block is that wide, and with the roles swapped (`threadIdx.y +
 * threadIdx.x * blockDim.y`) neighbours in the index are not neighbours
 * in the warp: `tid < 32` may split a warp, so the mask is a ballot.
 */
__global__ void fixed_width(const float *in, float *out)
{
	int tid = threadIdx.x + threadIdx.y * 16;
	float v = in[blockIdx.x * 256 + tid];

	unsigned mask = __ballot_sync(0xffffffff, tid < 32);
	if (tid < 32)
		v += __shfl_down_sync(mask, v, 1);	// expect: WL101 {{computed with __ballot_sync before it}}
	out[blockIdx.x * 256 + tid] = v;
}

__global__ void swapped_roles(const float *in, float *out)
{
	int tid = threadIdx.y + threadIdx.x * blockDim.y;
	float v = in[blockIdx.x * 256 + tid];

	unsigned mask = __ballot_sync(0xffffffff, tid < 32);
	if (tid < 32)
		v += __shfl_down_sync(mask, v, 1);	// expect: WL101 {{computed with __ballot_sync before it}}
	out[blockIdx.x * 256 + tid] = v;
}
