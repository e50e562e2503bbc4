/*
 * warplint-test: WL301 in a warp reduction over one field of a vector
 * type in shared memory (`acc[t].x += acc[t + 16].x`, the way codes that
 * sum float3 momenta or forces write it).  A field of an element is one
 * scalar: the step splits around it as around a plain element, into a
 * register of the field's type, a __syncwarp() between the reads and
 * the writes, and one after.
 */
__global__ void momentum_x(const float *in, float *out)
{
	__shared__ volatile float3 acc[64];
	int t = threadIdx.x;

	acc[t].x = in[blockIdx.x * 64 + t];
	__syncthreads();
	if (t < 32) {
		acc[t].x += acc[t + 32].x;	// expect: WL301
		if (t < 16)
			acc[t].x += acc[t + 16].x;	// expect: WL301
		if (t < 8)
			acc[t].x += acc[t + 8].x;	// expect: WL301
		if (t < 4)
			acc[t].x += acc[t + 4].x;	// expect: WL301
		if (t < 2)
			acc[t].x += acc[t + 2].x;	// expect: WL301
	}
	if (t == 0)
		out[blockIdx.x] = acc[0].x + acc[1].x;	// expect: WL301
}
