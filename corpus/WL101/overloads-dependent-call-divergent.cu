/*
 * warplint-test: WL101 near miss of overloads-dependent-call.cu: the
 * template's dependent call `down(x, d)` runs under a data-dependent
 * condition, and it may run either overload, so neither gets the full
 * mask, nor a guess for callers unseen (the previous binary guessed for
 * the overload it did not link the call to).  Nor can a mask parameter
 * be threaded in: the one call would pass it to both overloads, and
 * an argument added for one would not fit the other.  No fix.
 */
__device__ inline int down(int v, unsigned d)
{
	return __shfl_down(v, d);	// expect: WL101 {{may also run another overload}}
}

__device__ inline float down(float v, unsigned d)
{
	return __shfl_down(v, d);	// expect: WL101 {{may also run another overload}}
}

template <typename T>
__device__ T pair_sum(T x)
{
	if (x > T(0))
		x += down(x, 1u);
	return x;
}

__global__ void pairs(float *f, int *n)
{
	unsigned t = blockIdx.x * blockDim.x + threadIdx.x;

	f[t] = pair_sum(f[t]);
	n[t] = pair_sum(n[t]);
}
