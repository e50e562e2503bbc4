/*
 * warplint-test: WL101 beside a project's own non-template overload of a
 * legacy shuffle (a struct shuffled as two ints, as pre-CUDA 9 code did
 * for the types CUDA lacked).  A template's call that only its name ties
 * to that overload (`v += __shfl_down(v, o)` with v of a type parameter)
 * runs CUDA's overload for a float, which wins: it is legacy (before, it
 * was taken for the project's and missed).  A call that clang resolves
 * to the project's overload is the project's.
 */
struct pair {
	int a, b;
};

__device__ pair __shfl_down(pair p, unsigned int delta, int width = 32)
{
	p.a = __shfl_down(p.a, delta, width);	// expect: WL101 {{every lane}}
	p.b = __shfl_down(p.b, delta, width);	// expect: WL101 {{every lane}}
	return p;
}

template <typename T>
__device__ T warp_sum(T v)
{
	for (int o = 16; o > 0; o >>= 1)
		v += __shfl_down(v, o);	// expect: WL101 {{every lane}}
	return v;
}

__global__ void sums(const float *in, float *out, const pair *pin, pair *pout)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;

	out[t] = warp_sum(in[t]);
	pout[t] = __shfl_down(pin[t], 1);	// ok: WL101
}
