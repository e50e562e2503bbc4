/*
 * warplint-test: WL501 through a call on an object inside a member
 * function.  `stage.Invoke(...)` names the member of the object's class
 * (here BlockStage's, with barriers), not the caller's own `Invoke` of
 * the same arity: the class-scope lookup of unqualified calls
 * (ok-class-member-hides-namesake.cu) stops at a call with an object,
 * and the barrier under `if (threadIdx.x < 32)` is reported.
 */
struct BlockStage {
	template <typename T>
	static __device__ void Invoke(T *smem, T v, int n, int first)
	{
		smem[threadIdx.x] = v;
		__syncthreads();	// expect: WL501 {{'Invoke' is called at line 26}}
		if (threadIdx.x == 0 && n > first)
			smem[0] += smem[n - 1];
	}
};

template <int WIDTH>
struct WarpStep {
	template <typename T, typename Stage>
	__device__ T Invoke(T v, Stage &stage, T *smem, int n)
	{
		if (threadIdx.x < WIDTH)
			stage.Invoke(smem, v, n, 1);
		return v;
	}
};

__global__ void staged(int *out, int n)
{
	__shared__ int smem[256];
	WarpStep<32> step;
	BlockStage stage;

	out[threadIdx.x] = step.Invoke(out[threadIdx.x], stage, smem, n);
}
