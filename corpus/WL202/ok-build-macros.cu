/*
 * warplint-test: WL202 near misses in a file analysed without the flags
 * its build gives (`-DNUM_TILES=...`, a generated config header): the
 * conditions that name those macros did not parse, and a report reads
 * them from their tokens (a name the file never declares is a constant
 * of the build), so a full mask in a loop over warp-uniform tiles, or
 * under a build switch, names lanes that all arrive.
 * disable: WL900
 * nvcc: no
 */
__global__ void tile_sums(const float *in, float *out)
{
	int warp = threadIdx.x / 32;

	for (int t = warp; t < NUM_TILES; t += WARPS_PER_BLOCK) {
		float v = in[t * 32 + (threadIdx.x & 31)];

		v += __shfl_down_sync(0xffffffff, v, 16);	// ok: WL202
		if (USE_HALF_STEPS)
			v += __shfl_down_sync(0xffffffff, v, 8);	// ok: WL202
		if ((threadIdx.x & 31) == 0)
			out[t] = v;
	}
}
