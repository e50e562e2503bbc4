/*
 * warplint-test: WL301 the warp scan of "Efficient Parallel Scan
 * Algorithms for GPUs" (2008): a template over the operator and the
 * element type, the lane index as a defaulted parameter, each step
 * `ptr[idx] = OP::apply(ptr[idx - c], ptr[idx])` on a volatile pointer.
 */

struct plus_op {
	static __device__ float apply(float a, float b) { return a + b; }
	static __device__ float identity() { return 0.0f; }
};

template <class OP, bool inclusive, class T>
__device__ T scan_warp(volatile T *ptr, const unsigned int idx = threadIdx.x)
{
	const unsigned int lane = idx & 31;

	if (lane >= 1) ptr[idx] = OP::apply(ptr[idx - 1], ptr[idx]);	// expect: WL301 {{lane idx reads ptr[idx - 1], written by lane idx - 1}}
	if (lane >= 2) ptr[idx] = OP::apply(ptr[idx - 2], ptr[idx]);	// expect: WL301
	if (lane >= 4) ptr[idx] = OP::apply(ptr[idx - 4], ptr[idx]);	// expect: WL301
	if (lane >= 8) ptr[idx] = OP::apply(ptr[idx - 8], ptr[idx]);	// expect: WL301
	if (lane >= 16) ptr[idx] = OP::apply(ptr[idx - 16], ptr[idx]);	// expect: WL301

	if (inclusive)
		return ptr[idx];
	return (lane > 0) ? ptr[idx - 1] : OP::identity();	// expect: WL301
}

__global__ void scan_exclusive_per_warp(float *data)
{
	__shared__ float s[256];

	s[threadIdx.x] = data[blockIdx.x * 256 + threadIdx.x];
	__syncthreads();
	data[blockIdx.x * 256 + threadIdx.x] =
		scan_warp<plus_op, false, float>(s);	// expect: WL301
}
