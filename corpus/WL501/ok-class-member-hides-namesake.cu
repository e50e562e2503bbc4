/*
 * warplint-test: WL501 near miss.  An unqualified call inside a member
 * function is looked up in its own class first: `Invoke(v, op, lane,
 * width)` in WarpSum's convenience overload runs WarpSum's other
 * `Invoke`, never BlockStage's of the same name and arity, which holds a
 * barrier.  The call is dependent (its operands have a template's
 * types), so libclang leaves it unresolved, and it used to be tied by
 * name to the first four-parameter `Invoke` of the file: the barrier
 * looked reached from warp 0 alone (a primitive library's scan and tile
 * classes all name their entry point Invoke).
 */
struct BlockStage {
	template <typename T>
	static __device__ void Invoke(T *smem, T v, int n, int first)
	{
		smem[threadIdx.x] = v;
		__syncthreads();	// ok: WL501
		if (threadIdx.x == 0 && n > first)
			smem[0] += smem[n - 1];
		__syncthreads();	// ok: WL501
	}
};

struct Plus {
	template <typename T>
	__device__ T operator()(T a, T b) const { return a + b; }
};

template <int WIDTH>
struct WarpSum {
	template <typename T, typename Op>
	static __device__ T Invoke(T v, Op op, int lane, int width)
	{
		for (int offset = width / 2; offset > 0; offset /= 2)
			v = op(v, __shfl_xor_sync(0xffffffff, v, offset, width));
		return lane == 0 ? v : T();
	}

	template <typename T>
	static __device__ T Invoke(T v, int lane)
	{
		Plus op;

		return Invoke(v, op, lane, WIDTH);
	}
};

__global__ void stage_then_sum(int *out, int n)
{
	__shared__ int smem[256];
	int v = out[blockIdx.x * blockDim.x + threadIdx.x];

	BlockStage::Invoke(smem, v, n, 1);
	if (threadIdx.x < 32) {
		int total = WarpSum<32>::Invoke(smem[threadIdx.x], threadIdx.x);

		if (threadIdx.x == 0)
			out[blockIdx.x] = total;
	}
}
