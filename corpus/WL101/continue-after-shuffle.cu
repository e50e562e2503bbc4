/*
 * warplint-test: WL101 in a loop over tiles whose lanes past the end
 * `continue` after the tile's warp sum.  The `continue` of a for loop
 * skips only the rest of its iteration: every lane is back for the next
 * sum, whose mask is the full one (before, lanes were taken to leave
 * the loop on their own, and no fix was offered).
 */
__global__ void tile_sums(const float *in, float *out, int tiles, int n)
{
	int lane = threadIdx.x & 31;

	for (int t = 0; t < tiles; ++t) {
		int i = t * 32 + lane;
		float v = i < n ? in[i] : 0.0f;

		for (int offset = 16; offset > 0; offset /= 2)
			v += __shfl_down(v, offset);	// expect: WL101 {{every lane}}
		if (i >= n)
			continue;
		out[i] = v;
	}
}
