/*
 * warplint-test: WL301 across two helpers: peek() returns its right
 * neighbour's word, and poke() then stores the lane's own, nothing of
 * peek() running after its read.  The barrier goes before the store, and
 * the store shares its line with a statement that touches no memory:
 * the barrier must go between the two, not at the start of the line,
 * where it would also stand before a racing statement that came first.
 */
__device__ unsigned peek(const unsigned *s, unsigned lane)
{
	return s[(lane + 1) % 32];	// expect: WL301 {{lane 0 reads s[(lane + 1) % 32], written by lane 1 at line 16}}
}

__device__ void poke(unsigned *s, unsigned lane, unsigned v)
{
	unsigned t = v * 2; s[lane] = t;	// expect: WL301
}

__global__ void shift_words(unsigned *out)
{
	__shared__ unsigned s[32];
	unsigned lane = threadIdx.x;

	s[lane] = lane;
	__syncwarp();
	unsigned v = peek(s, lane); poke(s, lane, v + 1);	// expect: WL301 WL301
	out[lane] = v;
}

void launch(unsigned *out)
{
	shift_words<<<1, 32>>>(out);
}
