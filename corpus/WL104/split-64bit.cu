/*
 * warplint-test: WL104 64-bit shuffles written as two 32-bit ones: the
 * lecture's asm split, the hi/lo intrinsics, and an int2 view.  The _sync
 * shuffles take double whole; the fix replaces split, shuffles and join.
 */
__device__ __inline__ double shfl64(double x, int lane)
{
	int lo, hi;

	/* The lecture wrote mov.b32 here, which ptxas rejects for a .f64. */
	asm volatile("mov.b64 {%0,%1}, %2;" : "=r"(lo), "=r"(hi) : "d"(x)); // expect: WL104 {{two 32-bit halves}}
	lo = __shfl(lo, lane); // expect: WL101
	hi = __shfl(hi, lane); // expect: WL101
	asm volatile("mov.b64 %0, {%1,%2};" : "=d"(x) : "r"(lo), "r"(hi));
	return x;
}

__device__ double shfl_down64(double v, unsigned delta)
{
	int hi = __double2hiint(v); // expect: WL104
	int lo = __double2loint(v);
	hi = __shfl_down(hi, delta); // expect: WL101
	lo = __shfl_down(lo, delta); // expect: WL101
	return __hiloint2double(hi, lo);
}

/* The int2 view of the double, as old toolkits' own wrappers wrote it. */
__device__ double shfl_xor64(double var, int lane_mask)
{
	int2 a = *reinterpret_cast<int2 *>(&var); // expect: WL104
	a.x = __shfl_xor(a.x, lane_mask); // expect: WL101
	a.y = __shfl_xor(a.y, lane_mask); // expect: WL101
	return *reinterpret_cast<double *>(&a);
}

__global__ void neighbours(double *p)
{
	double v = p[threadIdx.x];

	v = shfl64(v, (threadIdx.x + 1) & 31) + shfl_down64(v, 1) +
	    shfl_xor64(v, 2);
	p[threadIdx.x] = v;
}

/* Two unrelated ints shuffled alike are not a split double. */
__global__ void pair(int *a, int *b)
{
	int x = a[threadIdx.x], y = b[threadIdx.x];

	x = __shfl_xor(x, 1); // expect: WL101
	y = __shfl_xor(y, 1); // expect: WL101
	a[threadIdx.x] = x;
	b[threadIdx.x] = y;
}
