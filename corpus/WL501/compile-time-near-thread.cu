/*
 * warplint-test: WL501 compile-time values combined with the thread index
 * are thread-dependent: `threadIdx.x < Cfg::kWarps * 32` keeps only some
 * threads, and a static member function of a template argument that is
 * handed a per-thread value returns a per-thread value.
 */
template <typename Cfg>
__global__ void partial_warps(float *data)
{
	__shared__ float tile[256];

	tile[threadIdx.x] = data[threadIdx.x];
	if (threadIdx.x < Cfg::kWarps * 32) {
		tile[threadIdx.x] *= 2.0f;
		__syncthreads();	// expect: WL501 {{'threadIdx.x < Cfg::kWarps * 32'}}
	}
	if (Cfg::select(threadIdx.x))
		__syncthreads();	// expect: WL501 {{'Cfg::select(threadIdx.x)'}}
	data[threadIdx.x] = tile[255 - threadIdx.x];
}
