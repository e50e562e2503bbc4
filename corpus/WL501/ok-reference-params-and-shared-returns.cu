/*
 * warplint-test: WL501 near misses from work-stealing graph kernels:
 * the kernel hands its parameters to a dispatch helper by reference
 * (`int &iteration`), which only reads them, so they stay as uniform as
 * the kernel's own; and a helper whose thread 0 takes a work offset into
 * a __shared__ variable returns it after a barrier, the same value in
 * every thread, so the loop it bounds runs alike everywhere.
 */
__device__ unsigned *g_steal_counter;

__device__ __forceinline__ unsigned steal_work(unsigned count)
{
	__shared__ unsigned s_offset;

	if (threadIdx.x == 0)
		s_offset = atomicAdd(g_steal_counter, count);
	__syncthreads(); // ok: WL501
	return s_offset;
}

template <unsigned TILE>
struct Dispatch {
	static __device__ void sweep(int &iteration, float *&data, unsigned &n)
	{
		__shared__ float tile[TILE];

		if (iteration == 0) {
			tile[threadIdx.x % TILE] = 0.0f;
			__syncthreads(); // ok: WL501
		}
		unsigned offset;

		while ((offset = steal_work(TILE)) < n) {
			tile[threadIdx.x % TILE] = data[offset + threadIdx.x % TILE];
			__syncthreads(); // ok: WL501
			data[offset + threadIdx.x % TILE] =
				tile[(threadIdx.x + 1) % TILE];
			__syncthreads(); // ok: WL501
		}
	}
};

template <unsigned TILE>
__global__ void sweep_kernel(int iteration, float *data, unsigned n)
{
	Dispatch<TILE>::sweep(iteration, data, n);
}

template __global__ void sweep_kernel<256>(int, float *, unsigned);
