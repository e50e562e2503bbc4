/*
 * warplint-test: WL103 an asm statement that mixes legacy and modern
 * instructions: only the legacy ones get .sync, never a second one, and
 * a member-mask operand is added only where the instruction has none.
 * Every rewrite is assembled with ptxas for sm_90 by the corpus runner.
 */
#define LANES_ALL 0xffffffffu

__device__ unsigned votes(int p)
{
	unsigned b, c;

	/* The first vote is modern already; the second one is not. */
	asm("{ .reg .pred q; setp.ne.u32 q, %2, 0;" // expect@+2: WL103 {{'vote.sync'}}
	    " vote.ballot.sync.b32 %0, q, 0xffffffff;"
	    " vote.sync.ballot.b32 %1, q, %3; }"
	    : "=r"(b), "=r"(c)
	    : "r"(p), "r"(LANES_ALL));
	return b ^ c;
}

__device__ int any_of(int p)
{
	int r;

	asm("{ .reg .pred q, a; setp.ne.u32 q, %1, 0; vote.sync.any.pred a, q, %2; selp.s32 %0, 1, 0, a; }" // expect: WL103
	    : "=r"(r)
	    : "r"(p), "r"(LANES_ALL));
	return r;
}

/* The mask operand is there, only .sync was forgotten: keep the mask. */
__device__ int down_with_mask(int v, unsigned mask)
{
	asm volatile("shfl.sync.down.b32 %0, %0, 1, 0x1f, %1;" : "+r"(v) : "r"(mask)); // expect: WL103 {{already there}}
	return v;
}

__global__ void run(int *p)
{
	int t = threadIdx.x;

	p[t] = (int)votes(p[t]) + any_of(p[t]) + down_with_mask(p[t], LANES_ALL);
}
