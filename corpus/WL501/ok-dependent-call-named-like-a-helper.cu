/*
 * warplint-test: WL501 near miss: a work-queue kernel fetches each unit
 * through its stream type's method, `stream.get(i, &unit, slot)`, a
 * dependent call in a template.  The file's only other `get` is a
 * one-parameter method of an unrelated class: a call passing three
 * arguments cannot reach it, so it is not that call's callee (taking
 * it for one read past its parameters).  The barriers sit in a loop of
 * four trips in every thread.
 */
struct counter {
	int base;
	__device__ int get(int i) const { return base + i; }
};

template <typename Stream, typename Unit>
__global__ void drain(const Stream stream, int *out)
{
	__shared__ int staged[64];
	Unit unit;

	for (int k = 0; k < 4; k++) {
		stream.get(threadIdx.x, &unit, k);
		staged[threadIdx.x] = unit.value();
		__syncthreads();
		out[threadIdx.x] += staged[63 - threadIdx.x];
		__syncthreads();
	}
}

__global__ void offsets(const counter c, int *out)
{
	out[threadIdx.x] = c.get(threadIdx.x);
}
