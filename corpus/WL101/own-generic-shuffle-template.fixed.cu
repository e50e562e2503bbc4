/*
 * warplint-test: WL101 beside a project's own generic `__shfl`, a
 * template for any type built on the int shuffle (trove's, for CUDA 8,
 * which shuffled only ints and floats).  A call that clang resolves to
 * it is the project's, and so is a dependent call whose operand is a
 * pointer or a struct, which no CUDA shuffle took.  A dependent call of
 * an operand whose type waits for the instance (`broadcast<T>(v)`) runs
 * CUDA's non-template overload for an int, which wins over any
 * template: it is legacy (before, the name alone made it the project's,
 * and it was missed).
 */
struct pair {
	int a, b;
};

template <typename T>
__device__ T __shfl(const T &t, const int &lane)
{
	T r;
	const int *src = reinterpret_cast<const int *>(&t);
	int *dst = reinterpret_cast<int *>(&r);

	for (int i = 0; i < (int)(sizeof(T) / sizeof(int)); i++)
		dst[i] = __shfl_sync(0xffffffff, src[i], lane);	// expect: WL101 {{every lane}}
	return r;
}

template <typename T>
__device__ T broadcast(T v)
{
	return __shfl_sync(0xffffffff, v, 0);	// expect: WL101 {{every lane}}
}

template <typename T>
__device__ const T *lead_row(const T *row)
{
	return __shfl(row, 0);	// ok: WL101
}

__global__ void spread(const int *in, const pair *pin, int *out, pair *pout)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	pair p = pin[t];

	out[t] = broadcast(in[t]);
	p = __shfl(p, 3);	// ok: WL101
	pout[t] = p;
	out[t] += *lead_row(in + t);
}
