/*
 * warplint-test: WL401 reported without a shuffle fix when the register
 * the rewrite needs has no type that can be written there: in a kernel
 * template, a member of an unnamed shared union whose element type is a
 * member type of the template argument (libclang shows it only as a
 * dependent type).  The plain array beside it, whose element type the
 * template declares, is rewritten.
 * enable: WL401
 */

template <typename Traits, typename T>
__global__ void two_tails(const T *in, T *out)
{
	__shared__ T flat[64];
	__shared__ union {
		typename Traits::value_type sum[64];
		typename Traits::value_type max[64];
	} smem;
	int tid = threadIdx.x;

	flat[tid] = in[tid];
	smem.sum[tid] = in[tid];
	__syncthreads();
	if (tid < 32) {
		T v = flat[tid];	// expect: WL301, WL401 {{__shfl_down_sync loop}}
		for (int d = 16; d > 0; d /= 2)
			v += __shfl_down_sync(0xffffffff, v, d);
		flat[tid] = v;	// expect: WL301, WL401 {{__shfl_down_sync loop}}
		for (int d = 16; d > 0; d >>= 1)
			smem.sum[tid] += smem.sum[tid + d];	// expect: WL301 {{no fix: the register's type}}, WL401 {{no shuffle fix: the register's type cannot be spelled here}}
	}
	if (tid == 0)
		out[blockIdx.x] = flat[0] + smem.sum[0];
}

struct float_traits {
	typedef float value_type;
};

template __global__ void two_tails<float_traits, float>(const float *,
							 float *);
