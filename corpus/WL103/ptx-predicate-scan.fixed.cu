/*
 * warplint-test: WL103 the shuffle lecture's scan that uses the predicate
 * of shfl.up in inline PTX, and a PTX ballot.  ptxas rejects both for
 * sm_70 and later; the fix adds .sync and a member-mask operand.
 */
__global__ void scan_ptx(float *data)
{
	float x = data[threadIdx.x];

#pragma unroll
	for (int offset = 1; offset < 32; offset <<= 1) {
		asm volatile("{"
			     ".reg .f32 r0;"
			     ".reg .pred p;"
			     "shfl.sync.up.b32 r0|p, %0, %1, 0x0, %2;" // expect: WL103 {{'shfl.sync'}}
			     "@p add.f32 r0, r0, %0;"
			     "mov.f32 %0, r0;"
			     "}"
			     : "+f"(x)
			     : "r"(offset), "r"(0xffffffff));
	}
	data[threadIdx.x] = x;
}

__global__ void ballot_ptx(const int *pred, unsigned *out)
{
	unsigned b;

	asm("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, %2; }" // expect: WL103 {{'vote.sync'}}
	    : "=r"(b)
	    : "r"(pred[threadIdx.x]), "r"(0xffffffff));
	out[threadIdx.x] = b;
}

/* Under a lane condition the operand carries the exact mask. */
__global__ void rotate_low(int *data)
{
	int v = data[threadIdx.x];

	if ((threadIdx.x & 31) < 16)
		asm volatile("shfl.sync.idx.b32 %0, %0, %1, 0x100f, %2;" // expect: WL103 {{0x0000ffff}}
			     : "+r"(v)
			     : "r"((threadIdx.x + 1) & 15), "r"(0x0000ffff));
	data[threadIdx.x] = v;
}
