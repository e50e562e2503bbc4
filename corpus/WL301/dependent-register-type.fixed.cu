/*
 * warplint-test: WL301 the fix's register needs a type that compiles.
 * Inside a template the expression's type is dependent (libclang spells
 * it "<dependent type>"): a plain shared array declares its element type
 * (`T`), which the fix uses; so does a member array of a shared union,
 * whose element type is the kernel's template parameter.  A member whose
 * element type is a member type of a template argument
 * (`typename Traits::value_type`) is not spelled: no fix, and the note
 * says why.  (A fix once declared `<dependent type> v;`.)
 */

template <typename T>
__global__ void tail_plain(const T *in, T *out)
{
	__shared__ T s[64];
	int tid = threadIdx.x;

	s[tid] = in[tid];
	s[tid + 32] = T(0);
	__syncthreads();
	if (tid < 32) {
		T v;
		for (int shift = 16; shift > 0; shift >>= 1) {	// expect: WL301
			v = s[tid] + s[tid + shift];
			__syncwarp(0xffffffff);
			s[tid] = v;
			__syncwarp(0xffffffff);
		}
	}
	if (tid == 0)
		out[0] = s[0];
}

template <typename T>
__global__ void tail_member(const T *in, T *out)
{
	__shared__ union {
		T sum[64];
		T max[64];
	} smem;
	int tid = threadIdx.x;

	smem.sum[tid] = in[tid];
	smem.sum[tid + 32] = T(0);
	__syncthreads();
	if (tid < 32) {
		T v;
		for (int shift = 16; shift > 0; shift >>= 1) {	// expect: WL301
			v = smem.sum[tid] + smem.sum[tid + shift];
			__syncwarp(0xffffffff);
			smem.sum[tid] = v;
			__syncwarp(0xffffffff);
		}
	}
	if (tid == 0)
		out[0] = smem.sum[0];
}

template <typename Traits>
__global__ void tail_traits(const typename Traits::value_type *in,
			    typename Traits::value_type *out)
{
	__shared__ union {
		typename Traits::value_type sum[64];
		typename Traits::value_type max[64];
	} smem;
	int tid = threadIdx.x;

	smem.sum[tid] = in[tid];
	smem.sum[tid + 32] = 0;
	__syncthreads();
	if (tid < 32) {
		for (int shift = 16; shift > 0; shift >>= 1)
			smem.sum[tid] += smem.sum[tid + shift];	// expect: WL301 {{dependent type}}
	}
	if (tid == 0)
		out[0] = smem.sum[0];
}

struct float_traits {
	typedef float value_type;
};

template __global__ void tail_plain<float>(const float *, float *);
template __global__ void tail_member<double>(const double *, double *);
template __global__ void tail_traits<float_traits>(const float *, float *);
