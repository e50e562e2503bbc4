/*
 * warplint-test: a helper's barrier guarded by a parameter whose callers
 * leave it at its default (`bool sync = true`), the way load/store
 * helpers of primitive libraries let a caller skip the barrier.  The
 * default is a constant: every thread of the block takes the same way.
 * An array bound among the parameters (`T (&s)[N]`) is no default.
 * A library may give the default on a declaration in one header and
 * define the function in another without it: the calls that leave the
 * argument out take the declaration's default (they were taken to pass
 * a value that varies, thirteen barriers of one header flagged).
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

/* The prototype, as a library's main header has it; the definition follows. */
template <int NT, typename T>
__device__ void shared_to_reg(const T *s, int tid, T *reg, bool sync = true);

template <int NT, typename T>
__device__ void shared_to_reg(const T *s, int tid, T *reg, bool sync)
{
	reg[0] = s[tid];
	reg[1] = s[NT + tid];
	if (sync)
		__syncthreads(); // ok: WL501
}

__global__ void pairs(const float *in, float *out)
{
	__shared__ float s[256];
	float reg[2];
	int tid = threadIdx.x;

	s[tid] = in[blockIdx.x * 256 + tid];
	s[128 + tid] = in[blockIdx.x * 256 + 128 + tid];
	__syncthreads();
	shared_to_reg<128>(s, tid, reg);
	out[blockIdx.x * 128 + tid] = reg[0] + reg[1];
}
