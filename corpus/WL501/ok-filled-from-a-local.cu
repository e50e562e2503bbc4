/*
 * warplint-test: WL501 near miss: a helper fills a state struct through
 * a reference from a local it computed first (persistent RNNs check a
 * flag that one thread raised in shared memory: `int slot = s.base +
 * FLAG; s.ok = flags[slot] == 0;`).  The local is set once from the
 * block's values and only read, so what is stored is the block's: every
 * thread returns, or none does, before the barrier.  Before, any local
 * of the callee made the stored value per thread.  A local computed from
 * the thread's index still makes it the thread's (the last kernel).
 */
#define FLAG 4

struct state {
	int base;
	bool ok;
};

__device__ bool flag_clear(state &s, const float *flags)
{
	int slot = s.base + FLAG;
	const int row = slot * 2;

	s.ok = flags[row] == 0.0f;
	return s.ok;
}

__global__ void step(const float *flags, float *data)
{
	__shared__ float buf[64];
	state s;

	s.base = blockIdx.x;
	if (!flag_clear(s, flags))
		return;
	buf[threadIdx.x] = data[threadIdx.x];
	__syncthreads();	// ok: WL501
	data[threadIdx.x] = buf[63 - threadIdx.x];
}

__device__ bool own_flag_clear(state &s, const float *flags)
{
	int slot = s.base + threadIdx.x;

	s.ok = flags[slot] == 0.0f;
	return s.ok;
}

__global__ void step_per_thread(const float *flags, float *data)
{
	__shared__ float buf[64];
	state s;

	s.base = blockIdx.x;
	if (!own_flag_clear(s, flags))
		return;
	buf[threadIdx.x] = data[threadIdx.x];
	__syncthreads();	// expect: WL501 {{return at line 55}}
	data[threadIdx.x] = buf[63 - threadIdx.x];
}
