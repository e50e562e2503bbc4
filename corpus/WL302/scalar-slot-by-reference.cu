/*
 * warplint-test: the positive twin of WL301/ok-storage-object-by-reference.cu.
 * A scalar slot that every lane of a warp updates through a reference
 * parameter: each lane reads the slot and writes it back, and the lanes
 * of one warp meet there with nothing to order them.  (A template's
 * type parameter stays a scalar; so does a dependent member type,
 * `typename Traits::value_type`, that the helper only assigns and adds
 * to, while one whose members the helper reaches is an object.)
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

template <typename V>
struct Traits {
	typedef V value_type;
};

template <typename Tr>
__device__ void add_value(typename Tr::value_type &slot,
			  typename Tr::value_type v)
{
	slot += v;
}

template <typename Tr>
__global__ void warp_totals_by_traits(const typename Tr::value_type *in,
				      typename Tr::value_type *out)
{
	__shared__ typename Tr::value_type totals[8];
	int warp = threadIdx.x / 32;

	if (threadIdx.x % 32 == 0)
		totals[warp] = 0;
	__syncthreads();
	add_value<Tr>(totals[warp], in[threadIdx.x]); // expect: WL302 {{same statement}}
	__syncthreads();
	if (threadIdx.x % 32 == 0)
		out[warp] = totals[warp];
}

template __global__ void warp_totals_by_traits<Traits<float> >(const float *,
							       float *);
