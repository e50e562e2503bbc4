/*
 * warplint-test: the positive twin of ok-default-arguments.cu.  The
 * same helper, but one caller passes a lane-dependent value for the
 * parameter that guards the barrier: only some threads reach it.  The
 * same where the default is on a prototype and the definition has none.
 */
template <int N, typename T>
__device__ void stage(T (&s)[N], T v, int tid, bool sync = true)
{
	s[tid] = v;
	if (sync)
		__syncthreads(); // expect: WL501 {{'sync'}}
}

__global__ void half_staged(const float *in)
{
	__shared__ float s[128];
	int tid = threadIdx.x;

	stage(s, in[tid], tid);
	stage(s, in[tid] * 2.0f, tid, tid < 64);
}

__device__ void drain(float *s, int tid, bool sync = true);

__device__ void drain(float *s, int tid, bool sync)
{
	s[tid] = 0.0f;
	if (sync)
		__syncthreads(); // expect: WL501 {{'sync'}}
}

__global__ void half_drained(float *out)
{
	__shared__ float s[128];
	int tid = threadIdx.x;

	drain(s, tid);
	drain(s, tid, tid < 64);
	out[tid] = s[tid];
}
