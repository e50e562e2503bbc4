/*
 * warplint-test: WL501 through functors.  A reduction written as a
 * functor class template (`Fold<T>()(s, t)`, or an object of it) holds
 * the block barriers; a kernel calls it after threads of some rows have
 * returned.  In a template libclang leaves such a call unresolved; its
 * target is the class's operator(), whose barriers only some threads
 * reach.
 */
template <typename T>
struct RowFold {
	__device__ T operator()(T *s, unsigned t)
	{
		for (int n = 16; n >= 1; n >>= 1) {
			if (t < n)
				s[t] = s[t] + s[t + n];
			__syncthreads(); // expect: WL501 {{'operator()' is called at line 38}}
		}
		return s[t];
	}
};

template <typename T>
struct Peek {
	__device__ T operator()(const T *s) { __syncthreads(); return s[0]; } // expect: WL501 {{called at line 39}}
};

template <typename T>
__global__ void row_sums(const T *in, T *out, int rows)
{
	__shared__ T s[32];
	int row = blockIdx.y * blockDim.y + threadIdx.y;
	Peek<T> peek;

	if (row >= rows)
		return;
	s[threadIdx.x] = in[row * 32 + threadIdx.x];
	__syncthreads(); // expect: WL501 {{return at line 35}}
	T v = RowFold<T>()(s, threadIdx.x);
	T w = peek(s);
	if (threadIdx.x == 0)
		out[row] = v + w;
}

template __global__ void row_sums<float>(const float *, float *, int);
