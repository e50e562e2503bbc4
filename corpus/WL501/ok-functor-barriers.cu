/*
 * warplint-test: near misses of functor-barriers.cu.  The same functors
 * called by every thread of the block: whole blocks leave on a
 * block-uniform condition, and a functor without barriers is called
 * after a lane-dependent return.
 * expect-none
 */
template <typename T>
struct RowFold {
	__device__ T operator()(T *s, unsigned t)
	{
		for (int n = 16; n >= 1; n >>= 1) {
			if (t < n)
				s[t] = s[t] + s[t + n];
			__syncthreads(); // ok: WL501
		}
		return s[t];
	}
};

template <typename T>
struct Twice {
	__device__ T operator()(T v) const { return v + v; }
};

template <typename T>
__global__ void block_sums(const T *in, T *out, int blocks)
{
	__shared__ T s[32];

	if (blockIdx.x >= blocks)
		return;
	s[threadIdx.x] = in[blockIdx.x * 32 + threadIdx.x];
	__syncthreads(); // ok: WL501
	T v = RowFold<T>()(s, threadIdx.x);
	if (threadIdx.x == 0)
		out[blockIdx.x] = v;
}

template <typename T>
__global__ void doubled(const T *in, T *out, int n)
{
	Twice<T> twice;
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return;
	out[i] = twice(in[i]);
}

template __global__ void block_sums<float>(const float *, float *, int);
template __global__ void doubled<float>(const float *, float *, int);
