/*
 * warplint-test: WL104 a split 64-bit shuffle whose two shuffles go through
 * a function-like macro: the lane and width arguments are compared as the
 * macro's uses spell them (the same here), and the pattern is reported;
 * warplint does not rewrite through the macro, so there is no fix.
 */
#define LANE_SHFL(x, l, w) __shfl_sync(0xffffffffu, x, l, w)

__global__ void from_lane(double *p, int src)
{
	double v = p[threadIdx.x];
	int lo = __double2loint(v); // expect: WL104 {{written through a macro}}
	int hi = __double2hiint(v);

	lo = LANE_SHFL(lo, src, 16);
	hi = LANE_SHFL(hi, src, 16);
	p[threadIdx.x] = __hiloint2double(hi, lo);
}
