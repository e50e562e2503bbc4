/*
 * warplint-test: the near miss of member-template-caller.cu.  The same
 * member function template on a volatile pointer, but the kernel hands
 * each thread a row of its own (`rows[threadIdx.x]`): the lanes never
 * meet.  Only because the call through `Slots<int>::keep_last(...)` is
 * followed to the member template is the caller seen; otherwise the
 * pre-Volta convention for a volatile pointer indexed by a lane would
 * take the memory for shared.
 * expect-none
 */

template <typename T>
struct Slots {
	template <typename U>
	static __device__ T keep_last(U own, volatile T *cells, int lane)
	{
		cells[lane] = (T)own;
		return cells[31];
	}
};

__global__ void own_rows(const int *in, int *out)
{
	__shared__ volatile int rows[64][32];
	int lane = threadIdx.x & 31;

	if (threadIdx.x < 64)
		out[threadIdx.x] = Slots<int>::keep_last(in[threadIdx.x],
							 rows[threadIdx.x],
							 lane);
}
