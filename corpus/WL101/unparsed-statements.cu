/*
 * warplint-test: WL101/WL102/WL103 legacy calls and PTX in statements
 * that did not parse (an undeclared macro among the call's own arguments
 * or the asm's operands) are still found from the tokens and reported
 * once, without a fix: the mask could not be inferred.  A call that
 * parsed beside an unknown element type keeps its fix.  Names in
 * comments, strings and user functions are not legacy calls.
 * disable: WL900
 */
__device__ int reduce(int x)
{
	for (int d = 16; d > 0; d /= 2)
		x += __shfl_down(x, d, LANES_PER_GROUP); // expect: WL101 {{did not parse}}
	return x;
}

__device__ int my__shfl(int v) { return v; }
__device__ unsigned count_set(int p);

__global__ void stage(int *p)
{
	__shared__ packed_word_t words[32];
	int v = p[threadIdx.x];

	words[threadIdx.x & 31] = v;
	v += my__shfl(v); // ok: WL101
	/* __shfl_xor(v, 1) is how it was written before */
	const char *how = "__ballot(p) then __popc";
	if (__any(v > 0 && words[0].valid)) // expect: WL102
		v = __shfl(v + how[0], BROADCAST_LANE); // expect: WL101 {{did not parse}}
	p[threadIdx.x] = reduce(v) + (int)count_set(v);
}

__device__ unsigned count_set(int p)
{
	unsigned b;

	asm("{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.ballot.b32 %0, q; }" // expect: WL103 {{did not parse}}
	    : "=r"(b)
	    : "r"(p + BIAS_WORDS));
	return b;
}
