/*
 * warplint-test: WL104 on code already migrated to _sync that still
 * splits the double inside the shuffles' arguments, as toolkit-9 era
 * wrappers did.  The fix keeps the mask the code passes (a parameter,
 * a constant): it is proved by the code, so the fix is safe.  Halves
 * shuffled under different masks, or joined back swapped, get no fix.
 */
#define FULL_WARP 0xffffffffu

/* A wrapper with the mask as its last, defaulted parameter. */
static __device__ __forceinline__ double fetch_lane(double value, int src,
						    int width = 32,
						    unsigned lanes = FULL_WARP)
{
	return __shfl_sync(lanes, value, src, width);
}

__device__ double from_above(double value, unsigned delta)
{
	return __shfl_down_sync(FULL_WARP, value, delta);
}

/* Each half under a mask of its own: one shuffle cannot say both. */
__device__ double halves_apart(double value, int src, unsigned upper,
			       unsigned lower)
{
	int hi = __shfl_sync(upper, __double2hiint(value), src); // expect: WL104 {{different masks}}
	int lo = __shfl_sync(lower, __double2loint(value), src);
	return __hiloint2double(hi, lo);
}

/* The words come back swapped on purpose. */
__device__ double swapped(double value, int src)
{
	int hi = __shfl_sync(FULL_WARP, __double2hiint(value), src); // expect: WL104 {{not joined back in the order}}
	int lo = __shfl_sync(FULL_WARP, __double2loint(value), src);
	return __hiloint2double(lo, hi);
}

__global__ void gather(const double *in, double *out, unsigned upper)
{
	double v = in[threadIdx.x];

	out[threadIdx.x] = fetch_lane(v, 0) + from_above(v, 1) +
			   halves_apart(v, 2, upper, FULL_WARP) +
			   swapped(v, 3);
}
