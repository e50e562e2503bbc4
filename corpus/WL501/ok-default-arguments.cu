/*
 * warplint-test: a helper's barrier guarded by a parameter whose callers
 * leave it at its default (`bool sync = true`), the way load/store
 * helpers of primitive libraries let a caller skip the barrier.  The
 * default is a constant: every thread of the block takes the same way.
 * An array bound among the parameters (`T (&s)[N]`) is no default.
 * expect-none
 */
template <int N, typename T>
__device__ void stage(T (&s)[N], T v, int tid, bool sync = true)
{
	s[tid] = v;
	if (sync)
		__syncthreads(); // ok: WL501
}

template <int N, typename T>
__device__ T unstage(const T (&s)[N], int tid, bool sync = true)
{
	T v = s[N - 1 - tid];

	if (sync)
		__syncthreads(); // ok: WL501
	return v;
}

__global__ void reverse_block(const float *in, float *out)
{
	__shared__ float s[128];
	int tid = threadIdx.x;

	stage(s, in[blockIdx.x * 128 + tid], tid);
	out[blockIdx.x * 128 + tid] = unstage(s, tid);
	stage(s, 0.0f, tid, false);
}
