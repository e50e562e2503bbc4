/*
 * warplint-test: WL103 near misses: PTX that already has .sync, before or
 * after the mode (vote.ballot.sync.b32 and vote.sync.ballot.b32 are both
 * modern), with its member mask as a constant or an operand; and a macro
 * whose asm is modern although legacy PTX text stands in a string
 * between the macro and its use.
 * expect-none
 */
#define LANES_ALL 0xffffffffu
#define BALLOT_ASM(dst, p)                                                  \
	asm volatile("{ .reg .pred q; setp.ne.u32 q, %1, 0; "               \
		     "vote.sync.ballot.b32 %0, q, 0xffffffff; }"             \
		     : "=r"(dst)                                              \
		     : "r"(p))

static const char history[] = "vote.ballot.b32 and shfl.up.b32 were legacy";

__device__ unsigned ballot_mode_first(int p)
{
	unsigned b;

	asm("{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.ballot.sync.b32 %0, q, 0xffffffff; }" // ok: WL103
	    : "=r"(b)
	    : "r"(p));
	return b;
}

__device__ int all_mode_first(int p, unsigned mask)
{
	int r;

	asm("{ .reg .pred q, a; setp.ne.u32 q, %1, 0; vote.all.sync.pred a, q, %2; selp.s32 %0, 1, 0, a; }" // ok: WL103
	    : "=r"(r)
	    : "r"(p), "r"(mask));
	return r;
}

__device__ int shfl_mode_first(int v)
{
	asm volatile("shfl.up.sync.b32 %0, %0, 1, 0x0, %1;" : "+r"(v) : "r"(LANES_ALL)); // ok: WL103
	return v;
}

__global__ void run(int *p)
{
	unsigned b;
	int t = threadIdx.x;

	BALLOT_ASM(b, p[t]); // ok: WL103
	p[t] = (int)(b + ballot_mode_first(p[t])) + all_mode_first(p[t], LANES_ALL) +
	       shfl_mode_first(p[t]) + history[0];
}
