/*
 * warplint-test: WL101 in a loop whose counter is declared at the top
 * of the kernel and set by the for statement (BIDMat's reductions:
 * `int k; ... if (threadIdx.x < 16) { for (k = 1; k < 16; k *= 2) ...`).
 * The branch around the loop picks which lanes run it, not how often:
 * every lane inside counts the same trips, and the mask is the
 * branch's.  Before, the counter was taken to vary with the branch, and
 * the loop's trip count with it: no fix.
 */
__global__ void half_warp_scans(const float *in, float *out)
{
	int k;
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	float v = in[t];

	for (k = 1; k < 32; k *= 2)
		v += __shfl_xor_sync(0xffffffff, v, k);	// expect: WL101 {{every lane}}
	if ((threadIdx.x & 31) < 16) {
		for (k = 1; k < 16; k *= 2) {
			float up = __shfl_up_sync(0x0000ffff, v, k, 16);	// expect: WL101 {{only lanes 0-15}}

			if ((threadIdx.x & 15) >= k)
				v += up;
		}
	}
	out[t] = v;
}
