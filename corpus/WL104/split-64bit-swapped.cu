/*
 * warplint-test: WL104 split 64-bit shuffles that one shuffle of the whole
 * value would change: halves joined back swapped (on purpose), a member
 * written into the other one, and halves taken from different lanes.
 * Each is still reported, with no fix.
 */
#define ALL 0xffffffffu

/* Swaps the words of the neighbour's value: not a 64-bit shuffle. */
__device__ double swap_words_from(double v, int src)
{
	int hi = __double2hiint(v); // expect: WL104 {{not joined back in the order}}
	int lo = __double2loint(v);
	hi = __shfl_sync(ALL, hi, src);
	lo = __shfl_sync(ALL, lo, src);
	return __hiloint2double(lo, hi);
}

__device__ long long swap_asm(long long v, int src)
{
	int lo, hi;

	asm("mov.b64 {%0,%1}, %2;" : "=r"(lo), "=r"(hi) : "l"(v)); // expect: WL104 {{not joined back}}
	lo = __shfl_sync(ALL, lo, src);
	hi = __shfl_sync(ALL, hi, src);
	asm("mov.b64 %0, {%1,%2};" : "=l"(v) : "r"(hi), "r"(lo));
	return v;
}

__device__ double crossed_members(double v, int d)
{
	int2 w = *reinterpret_cast<int2 *>(&v); // expect: WL104 {{not joined back}}
	w.x = __shfl_down_sync(ALL, w.y, d);
	w.y = __shfl_down_sync(ALL, w.x, d);
	return *reinterpret_cast<double *>(&w);
}

/* The two halves come from different lanes: no single shuffle does that. */
__device__ double two_lanes(double v, int src)
{
	int hi = __double2hiint(v); // expect: WL104 {{different lane or width}}
	int lo = __double2loint(v);
	hi = __shfl_sync(ALL, hi, src);
	lo = __shfl_sync(ALL, lo, src + 1);
	return __hiloint2double(hi, lo);
}

__device__ double two_widths(double v, int src)
{
	int hi = __double2hiint(v); // expect: WL104 {{different lane or width}}
	int lo = __double2loint(v);
	hi = __shfl_sync(ALL, hi, src, 16);
	lo = __shfl_sync(ALL, lo, src, 32);
	return __hiloint2double(hi, lo);
}

__global__ void run(double *d, long long *l)
{
	int t = threadIdx.x;

	d[t] = swap_words_from(d[t], t ^ 1) + crossed_members(d[t], 1) +
	       two_lanes(d[t], 3) + two_widths(d[t], 2);
	l[t] = swap_asm(l[t], 0);
}
