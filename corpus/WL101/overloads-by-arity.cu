/*
 * warplint-test: WL101 in two scans of one name, a template that takes
 * the lane and a `double` overload that does not (a Kepler library's
 * inclusive scans).  A dependent call `scan(v)` in a helper that runs
 * under a data-dependent branch can only run the one-argument overload:
 * the template has no default for `lane`, so that call is not among its
 * callers (before, it was, and the template's full-mask fix was
 * withheld because of it).
 */
template <typename T>
__device__ T scan(T x, int lane)
{
	T y = __shfl_up(x, 1);	// expect: WL101 {{every lane}}
	x = lane >= 1 ? x + y : x;
	y = __shfl_up(x, 2);	// expect: WL101 {{every lane}}
	return lane >= 2 ? x + y : x;
}

__device__ double scan(double x)
{
	double y = __shfl_up(x, 1);	// expect: WL101 {{new first parameter}}
	return x + y;
}

template <typename T>
__device__ T tail_scan(T v)
{
	return scan(v);
}

__global__ void scans(const int *in, const double *din, int *out,
		      double *dout)
{
	int lane = threadIdx.x & 31;

	out[threadIdx.x] = scan(in[threadIdx.x], lane);
	if (din[threadIdx.x] > 0.0)
		dout[threadIdx.x] = tail_scan(din[threadIdx.x]);
}
