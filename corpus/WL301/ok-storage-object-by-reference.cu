/*
 * warplint-test: a warp's slot of a shared array of storage objects
 * handed by reference to a template helper, the way CUB-style code
 * gives each warp its TempStorage.  In a template the element's type
 * (`typename Reducer::Storage`) is unresolved, yet it is an object:
 * handing it over reads and writes nothing.  The helper's own accesses
 * are lane-private here.
 * expect-none
 */
template <typename T>
struct Reducer {
	struct Storage {
		T cells[32];
	};
};

template <typename R, typename T>
__device__ T keep_own(typename R::Storage &storage, T v)
{
	storage.cells[threadIdx.x % 32] = v;
	return storage.cells[threadIdx.x % 32];
}

template <typename T>
__global__ void per_warp(T *data)
{
	typedef Reducer<T> R;
	__shared__ typename R::Storage slots[4];
	int warp = threadIdx.x / 32;

	data[threadIdx.x] = keep_own<R>(slots[warp], data[threadIdx.x]); // ok: WL301
}

template __global__ void per_warp<int>(int *);
