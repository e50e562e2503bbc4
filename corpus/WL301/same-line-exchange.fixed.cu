/*
 * warplint-test: WL301 in a Listing 6-style exchange written two
 * statements to a line, as hand-unrolled miners and hash kernels do
 * (`*mine = a; a = *next;`): each lane stores its word, then reads its
 * neighbour's four lanes up.  The fix puts each barrier on a line of
 * its own and starts the statement after it on a new line at the same
 * indent; the arithmetic is untouched.
 */
__global__ void rotate_words(unsigned *out, const unsigned *in)
{
	__shared__ unsigned stage[4][33];
	unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
	unsigned *mine = &stage[warp][lane];
	unsigned *next = &stage[warp][(lane + 4) % 32];
	unsigned a = in[threadIdx.x], b = in[threadIdx.x + 128];

	*mine = a;
	__syncwarp(0xffffffff);
	a = *next;	// expect: WL301 {{lane 4 writes *mine while lane 0 of its warp reads it at line 17}} WL301
	__syncwarp(0xffffffff);
	*mine = b;
	__syncwarp(0xffffffff);
	b = *next;	// expect: WL301 WL301
	out[threadIdx.x] = a ^ b;
}

void launch(unsigned *out, const unsigned *in)
{
	rotate_words<<<1, 128>>>(out, in);
}
