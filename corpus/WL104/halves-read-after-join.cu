/*
 * warplint-test: WL104 near miss: a double split by an asm unpacking
 * mov, its halves shuffled and joined back in order, but the code reads
 * the shuffled low half again after the join.  One shuffle of the whole
 * value would remove the writes of that half and leave it unset, so the
 * 64-bit merge is not offered; each legacy shuffle still gets its own
 * _sync form.  (The previous binary merged them, and `low[i] = lo` read
 * an uninitialised register.)
 */
__global__ void broadcast_keep_low(double *p, int *low)
{
	double x = p[threadIdx.x];
	int lo, hi;

	asm volatile("mov.b64 {%0,%1}, %2;" : "=r"(lo), "=r"(hi) : "d"(x)); // expect: WL104 {{read after the join}}
	lo = __shfl(lo, 0); // expect: WL101
	hi = __shfl(hi, 0); // expect: WL101
	asm volatile("mov.b64 %0, {%1,%2};" : "=d"(x) : "r"(lo), "r"(hi));
	p[threadIdx.x] = x;
	low[threadIdx.x] = lo;
}
