/*
 * warplint-test: the pre-CUDA 9 idiom of defining a double overload of
 * a legacy shuffle under the toolkit's own name, from two int shuffles
 * (the toolkit then had int and float ones only).  The file must parse
 * (the shim's legacy shuffles of the other types are a template, so
 * this definition repeats no default argument), the calls of the
 * overload are its callers (the full mask is proved), and the fix
 * shuffles the double whole inside it.  The calls of the overload stay:
 * they call the file's own function, which compiles with CUDA 13.
 */
__device__ inline double __shfl_down(double var, unsigned int delta, int width = 32)
{
	return __shfl_down_sync(0xffffffff, var, delta, width);
}

__device__ double warp_total(double v)
{
	for (int offset = 16; offset > 0; offset /= 2)
		v += __shfl_down(v, offset);
	return v;
}

__global__ void row_totals(const double *in, double *out)
{
	double v = warp_total(in[blockIdx.x * blockDim.x + threadIdx.x]);

	if ((threadIdx.x & 31) == 0)
		out[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = v;
}
