/*
 * warplint-test: WL101 in a class template that recurses on its step,
 * spelled through its namespace (`detail::gather_step<N - 1, T>::impl`,
 * trove's indexed loads), and ends in a partial specialization.  The
 * dependent call may run the primary template or the specialization:
 * both are its callees, and every lane that entered the first step
 * makes it.  Another class's `impl` that takes as many arguments
 * (`clamp_step`, called from a divergent branch) is not a caller of
 * either: before, the name alone tied them, and no mask was proved.
 */
namespace detail {

template <int N, typename T>
struct gather_step {
	__device__ static T impl(T v, int lane)
	{
		T mine = __shfl(v, lane);	// expect: WL101 {{every lane}}

		return mine + detail::gather_step<N - 1, T>::impl(v, lane + 1);
	}
};

template <typename T>
struct gather_step<1, T> {
	__device__ static T impl(T v, int lane)
	{
		return __shfl(v, lane);	// expect: WL101 {{every lane}}
	}
};

template <typename T>
struct clamp_step {
	__device__ static T impl(T v, int lane)
	{
		return lane < 8 ? v : T(0);
	}
};

} // namespace detail

template <typename T>
__device__ T gather4(T v, int lane)
{
	return detail::gather_step<4, T>::impl(v, lane);
}

template <typename T>
__device__ T clamp(T v, int lane)
{
	return detail::clamp_step<T>::impl(v, lane);
}

template <typename T>
__global__ void windows(const T *in, T *out)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	T v = in[t];

	if (threadIdx.x % 3 == 0)
		v = clamp(v, threadIdx.x & 31);
	out[t] = gather4(v, (threadIdx.x + 1) & 31);
}

template __global__ void windows<int>(const int *, int *);
