/*
 * warplint-test: WL301 across the two sides of an if/else that the
 * lanes of one warp take apart: the low half stores its values while the
 * high half reads them, with nothing that orders the two sides.  Before
 * Volta the warp ran one side, then the other; now they may interleave.
 */
__global__ void halves(const int *in, int *out)
{
	__shared__ volatile int s[32];
	int lane = threadIdx.x & 31;

	if (lane < 16)
		s[lane] = in[threadIdx.x]; // expect: WL301
	else
		out[threadIdx.x] = s[lane - 16]; // expect: WL301
}
