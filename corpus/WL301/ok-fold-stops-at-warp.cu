/*
 * warplint-test: WL301 must not flag a block reduction whose halving
 * loop stops at the warp size (`offset >= WARP`, a namespace constant)
 * and whose every trip ends in a barrier; a shuffle tail finishes the
 * last warp.  The fold lives in a class template, called through a
 * typedef or an alias of it from kernel templates that a host launch
 * instantiates, from one that nothing instantiates (the start is then
 * unknown, but the loop's own bound says no trip goes below 32), and
 * with the size written before or after a type argument.
 * expect-none
 */
const int WARP = 32;

template <int NT, typename T>
struct CtaFold {
	struct Storage {
		T shared[NT];
	};

	static __device__ T sum(int tid, T x, Storage &storage, int count)
	{
		T *s = storage.shared;

		s[tid] = x;
		__syncthreads();
		for (int offset = NT / 2; offset >= WARP; offset /= 2) {
			if (tid + offset < count && tid < offset) {
				x = x + s[offset + tid];
				s[tid] = x;
			}
			__syncthreads();
		}
		for (int offset = WARP / 2; offset > 0; offset /= 2) {
			T peer = __shfl_down_sync(0xffffffff, x, offset);

			if (tid + offset < count && tid < offset)
				x = x + peer;
		}
		return x;
	}
};

template <typename T, int NT>
struct CtaFoldSwapped {
	static __device__ T sum(T *s, int tid, T x)
	{
		s[tid] = x;
		__syncthreads();
		for (int offset = NT / 2; offset >= 32; offset >>= 1) {
			if (tid < offset)
				s[tid] = x = x + s[tid + offset];
			__syncthreads();
		}
		return x;
	}
};

template <int NT>
__global__ void fold_rows(const float *in, float *out, int rows)
{
	typedef CtaFold<NT, float> R;
	__shared__ typename R::Storage storage;
	float v = threadIdx.x < rows ? in[threadIdx.x] : 0.0f;

	v = R::sum(threadIdx.x, v, storage, rows);
	if (threadIdx.x == 0)
		out[blockIdx.x] = v;
}

template <int NT>
__global__ void fold_rows_alias(const float *in, float *out, int rows)
{
	using R = CtaFold<NT, float>;
	__shared__ typename R::Storage storage;
	float v = threadIdx.x < rows ? in[threadIdx.x] : 0.0f;

	v = R::sum(threadIdx.x, v, storage, rows);
	if (threadIdx.x == 0)
		out[blockIdx.x] = v;
}

/* Never instantiated: NT stays unknown. */
template <int NT>
__global__ void fold_rows_unseen(const float *in, float *out, int rows)
{
	typedef CtaFold<NT, float> R;
	__shared__ typename R::Storage storage;

	float v = R::sum(threadIdx.x, in[threadIdx.x], storage, rows);
	if (threadIdx.x == 0)
		out[blockIdx.x] = v;
}

typedef CtaFoldSwapped<float, 256> Fold256;

__global__ void fold_swapped(const float *in, float *out)
{
	__shared__ float s[256];
	float v = Fold256::sum(s, threadIdx.x, in[threadIdx.x]);

	if (threadIdx.x == 0)
		out[blockIdx.x] = v;
}

void fold_all(const float *in, float *out, int rows, int cols)
{
	fold_rows<128><<<cols, 128>>>(in, out, rows);
	fold_rows_alias<256><<<cols, 256>>>(in, out, rows);
	fold_swapped<<<cols, 256>>>(in, out);
}
