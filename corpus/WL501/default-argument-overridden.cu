/*
 * warplint-test: the positive twin of ok-default-arguments.cu.  The
 * same helper, but one caller passes a lane-dependent value for the
 * parameter that guards the barrier: only some threads reach it.
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
