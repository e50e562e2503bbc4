/*
 * warplint-test: WL501 near misses: values fixed at compile time are the
 * same in every thread: static member functions and constants of template
 * arguments (left unresolved in the template: `Traits::backward()`,
 * `Cfg::kWarps`), sizeof, constexpr locals and static constexpr members.
 */
struct forward_traits {
	static __device__ bool backward() { return false; }
	static constexpr int kWarps = 4;
};

struct layout {
	static constexpr int kPad = 1;
};

template <typename Traits, typename Cfg, typename T>
__global__ void conv_pass(const T *in, T *out)
{
	__shared__ T tile[32 * (Cfg::kWarps + 1)];
	constexpr int kCols = 32 + layout::kPad;
	int t = threadIdx.x;

	tile[t] = in[blockIdx.x * blockDim.x + t];
	if (Traits::backward()) {
		__syncthreads();	// ok: WL501
		tile[t] = -tile[t];
	}
	if (Cfg::kWarps > 2)
		__syncthreads();	// ok: WL501
	if (sizeof(T) == 8)
		__syncthreads();	// ok: WL501
	if (kCols % 2 == 1)
		__syncthreads();	// ok: WL501
	out[blockIdx.x * blockDim.x + t] = tile[t];
}

template __global__ void conv_pass<forward_traits, forward_traits, float>(
	const float *, float *);
