/*
 * warplint-test: WL104 near misses: halves of two different values, four
 * words of a 16-byte vector, the two components of a uint2 that is no
 * view of a 64-bit value, two unrelated ints shuffled alike, and a double
 * that is already shuffled whole.
 * expect-none
 */
#define ALL 0xffffffffu

__device__ double mixed_sources(double a, double b, int src)
{
	int hi = __double2hiint(a); // ok: WL104
	int lo = __double2loint(b);
	hi = __shfl_sync(ALL, hi, src);
	lo = __shfl_sync(ALL, lo, src);
	return __hiloint2double(hi, lo);
}

__device__ int4 quad(int4 q, int src)
{
	q.x = __shfl_sync(ALL, q.x, src); // ok: WL104
	q.y = __shfl_sync(ALL, q.y, src);
	q.z = __shfl_sync(ALL, q.z, src);
	q.w = __shfl_sync(ALL, q.w, src);
	return q;
}

__device__ uint2 components(uint2 a, int src)
{
	return make_uint2(__shfl_sync(ALL, a.x, src), __shfl_sync(ALL, a.y, src)); // ok: WL104
}

__device__ int pair(int a, int b, int src)
{
	a = __shfl_sync(ALL, a, src); // ok: WL104
	b = __shfl_sync(ALL, b, src);
	return a + b;
}

__device__ double whole(double v, int src)
{
	return __shfl_sync(ALL, v, src); // ok: WL104
}

/* Inputs and outputs apart: a neighbour's element read where the own one
 * is written would be a lane-to-lane exchange (WL301), not this file's. */
__global__ void run(const double *d, double *dout, int4 *q, const int *i,
		    int *iout, uint2 *u)
{
	int t = threadIdx.x;

	u[t] = components(u[t], 5);
	dout[t] = mixed_sources(d[t], d[t + 1], 0) + whole(d[t], 1);
	q[t] = quad(q[t], 2);
	iout[t] = pair(i[t], i[t + 1], 3);
}
