/*
 * warplint-test: WL104 near misses with the split in the arguments: the
 * high word of one double and the low word of another, and one half
 * shuffled alone.
 * expect-none
 */
#define FULL_WARP 0xffffffffu

__device__ double two_values(double a, double b, int src)
{
	int hi = __shfl_sync(FULL_WARP, __double2hiint(a), src); // ok: WL104
	int lo = __shfl_sync(FULL_WARP, __double2loint(b), src);
	return __hiloint2double(hi, lo);
}

__device__ int high_word_of(double a, int src)
{
	return __shfl_sync(FULL_WARP, __double2hiint(a), src); // ok: WL104
}

__global__ void mix(const double *in, double *out, int *words)
{
	double v = in[threadIdx.x];

	out[threadIdx.x] = two_values(v, v + 1.0, 1);
	words[threadIdx.x] = high_word_of(v, 2);
}
