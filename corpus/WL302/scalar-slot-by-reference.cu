/*
 * warplint-test: the positive twin of WL301/ok-storage-object-by-reference.cu.
 * A scalar slot that every lane of a warp updates through a reference
 * parameter: each lane reads the slot and writes it back, and the lanes
 * of one warp meet there with nothing to order them.  (A template's
 * type parameter stays a scalar.)
 */
template <typename T>
__device__ void add_into(T &slot, T v)
{
	slot += v;
}

template <typename T>
__global__ void warp_totals(const T *in, T *out)
{
	__shared__ T totals[8];
	int warp = threadIdx.x / 32;

	if (threadIdx.x % 32 == 0)
		totals[warp] = 0;
	__syncthreads();
	add_into(totals[warp], in[threadIdx.x]); // expect: WL302 {{same statement}}
	__syncthreads();
	if (threadIdx.x % 32 == 0)
		out[warp] = totals[warp];
}

template __global__ void warp_totals<int>(const int *, int *);
