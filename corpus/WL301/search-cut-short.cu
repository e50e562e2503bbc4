/*
 * warplint-test: WL301 in a kernel longer than the race search walks.
 * The warp scan repeats for 64 tiles, each with 64 more reads: the walk
 * stops at its size bound part of the way through.  The race it did see
 * is reported, but the fix is not proved (a later trip could race in a
 * way the search never looked at), so there is none: the finding says
 * why instead.
 */
__global__ void scan_tiles(const float *in, float *out)
{
	__shared__ float s[128];
	unsigned t = threadIdx.x, lane = t & 31;
	float total = 0.0f;

	for (int tile = 0; tile < 64; ++tile) {
		s[t] = in[tile * 128 + t];	// expect: WL301 {{no fix: the search for races stopped at a size bound}}
		for (int d = 1; d < 32; d <<= 1)
			if (lane >= d)
				s[t] += s[t - d];	// expect: WL301
		for (int k = 0; k < 64; ++k)
			total += s[(t & ~31u) + k % 32];	// expect: WL301
	}
	out[t] = total;
}
