/*
 * warplint-test: WL104 64-bit shuffles written as two 32-bit ones: the
 * lecture's asm split, the hi/lo intrinsics, and an int2 view.  The _sync
 * shuffles take double whole; the fix replaces split, shuffles and join.
 */
__device__ __inline__ double shfl64(double x, int lane)
{
	/* The lecture wrote mov.b32 here, which ptxas rejects for a .f64. */
	x = __shfl_sync(0xffffffff, x, lane);
	return x;
}

__device__ double shfl_down64(double v, unsigned delta)
{
	return __shfl_down_sync(0xffffffff, v, delta);
}

/* The int2 view of the double, as old toolkits' own wrappers wrote it. */
__device__ double shfl_xor64(double var, int lane_mask)
{
	return __shfl_xor_sync(0xffffffff, var, lane_mask);
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

	x = __shfl_xor_sync(0xffffffff, x, 1); // expect: WL101
	y = __shfl_xor_sync(0xffffffff, y, 1); // expect: WL101
	a[threadIdx.x] = x;
	b[threadIdx.x] = y;
}
