/*
 * warplint-test: WL101 in overloads of a shuffle wrapper (an `int` and
 * a `float` version, as old toolkits lacked some overloads) called from
 * a template reduction as `down(x, d, width)` with x of type T.  Which
 * overload runs is settled per instance, so that one call counts among
 * the callers of both overloads; the kernels call the reduction with
 * every lane, so each overload's shuffle gets the full mask (before,
 * the second overload had no caller and its mask was a guess, withheld).
 */
__device__ inline int down(int v, unsigned d, int width = 32)
{
	return __shfl_down_sync(0xffffffff, v, d, width);	// expect: WL101 {{every lane}}
}

__device__ inline float down(float v, unsigned d, int width = 32)
{
	return __shfl_down_sync(0xffffffff, v, d, width);	// expect: WL101 {{every lane}}
}

template <typename T>
__device__ T group_sum(T x, unsigned group)
{
	for (unsigned d = group / 2; d >= 1; d /= 2)
		x += down(x, d, group);
	return x;
}

__global__ void sums(const float *f, const int *n, float *fs, int *ns,
		     unsigned group)
{
	unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
	float a = group_sum(f[t], group);
	int b = group_sum(n[t], group);

	if (threadIdx.x % group == 0) {
		fs[t / group] = a;
		ns[t / group] = b;
	}
}
