/*
 * warplint-test: WL104 a double split by an asm unpacking mov and joined
 * by __hiloint2double(hi, lo), the way molecular dynamics codes wrote
 * their 64-bit shuffle: the halves come back in the order they left, so
 * one shuffle of the whole value replaces split, shuffles and join.
 * Next to it the same shape joined swapped, on purpose: reported, with
 * no fix.
 */
#define ALL 0xffffffffu

__device__ double broadcast64(double var, int src)
{
	return __shfl_sync(ALL, var, src);
}

__device__ double swapped64(double var, int src)
{
	int hi, lo;

	asm volatile("mov.b64 { %0, %1 }, %2;" : "=r"(lo), "=r"(hi) : "d"(var)); // expect: WL104 {{not joined back in the order}}
	hi = __shfl_sync(ALL, hi, src);
	lo = __shfl_sync(ALL, lo, src);
	return __hiloint2double(lo, hi);
}

__global__ void spread(double *p)
{
	double v = p[threadIdx.x];

	p[threadIdx.x] = broadcast64(v, 0) + swapped64(v, 1);
}
