/*
 * warplint-test: WL501 near misses in a file analysed without the flags
 * its build gives (`-DNUM_TILES=64 -DSTAGE=256 -DUSE_HALO=1`, or a
 * generated config header): clang drops each expression that names one
 * of those macros, and what it dropped is read from its tokens.  A name
 * the file never declares is a constant of the build, and a dropped
 * expression varies only as the variables and built-in values it names
 * do, so the barriers of a block-uniform loop and under block-uniform
 * tests stay reached by the whole block.  Masks never rest on this
 * reading: a fix needs code that parsed.
 * disable: WL900
 * nvcc: no
 */
__global__ void tiles(float *data, int n, int halo)
{
	__shared__ float stage[STAGE];
	int first = blockIdx.x * TILES_PER_BLOCK;

	for (int t = first; t < first + TILES_PER_BLOCK && t < NUM_TILES; t++) {
		stage[threadIdx.x] = data[t * STAGE + threadIdx.x];
		__syncthreads();	// ok: WL501
		data[t * STAGE + threadIdx.x] = stage[STAGE - 1 - threadIdx.x];
		__syncthreads();	// ok: WL501
	}
	if (halo > HALO_MIN && USE_HALO) {
		stage[threadIdx.x] = data[threadIdx.x];
		__syncthreads();	// ok: WL501
	}
	if (blockIdx.x * STAGE + blockDim.x < n * PAD_FACTOR)
		__syncthreads();	// ok: WL501
	if (tile_count(n) > NUM_TILES)
		__syncthreads();	// ok: WL501
}
