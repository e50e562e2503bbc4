/*
 * warplint-test: WL301 in a reduction written as a class template that
 * recurses on its own parameter (`Fold<T, SPAN / 2>::step`), ended by a
 * partial specialization, as HPC mini-apps of the Kepler years wrote it.
 * Each level is another instantiation of one function: the walk follows
 * it until the parameter's values repeat, so the levels of sixteen and
 * below, which skip the block barrier "within a warp", race.  That
 * barrier sits under the previous level's `threadIdx.x < SPAN`: WL501.
 * The steps' callers are template recursions, so no mask is proved.
 */
template <typename T>
__device__ inline T larger(T a, T b)
{
	return a < b ? b : a;
}

template <typename T, int SPAN>
struct Fold {
	__device__ static void step(T *vals, T *out, T (*op)(T, T))
	{
		if (SPAN > 16)
			__syncthreads();	// expect: WL501
		if (threadIdx.x < SPAN) {
			vals[threadIdx.x] = op(vals[threadIdx.x], vals[threadIdx.x + SPAN]);	// expect: WL301 {{written by lane threadIdx.x + 16}}
			Fold<T, SPAN / 2>::step(vals, out, op);
		}
	}
};

template <typename T>
struct Fold<T, 0> {
	__device__ static void step(T *vals, T *out, T (*op)(T, T))
	{
		out[blockIdx.x] = vals[0];
	}
};

__global__ void block_max(const float *in, float *out)
{
	__shared__ float vals[256];

	vals[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
	Fold<float, 128>::step(vals, out, larger);	// expect: WL301 {{'step' lets lanes of a warp race on 'vals'}}
}

void launch(const float *in, float *out, int blocks)
{
	block_max<<<blocks, 256>>>(in, out);
}
