/*
 * warplint-test: WL501 near miss: a block reduction hands its result
 * back through a functor that stores it into a local by address
 * (`op.load(&total, partial)`, `*dst = *src`), the way NVIDIA's NCV
 * kernels end theirs.  What it stores is the shared array's first
 * element after a barrier, the same in every thread, so the stage loop
 * that breaks on it is left by all threads at once and the barriers in
 * it and in the reduction are reached by all.  The call is dependent
 * (the functor is a template parameter): every method of that name in
 * the file only stores what its parameters give.
 */
#define THREADS 128

template <class T>
struct sum_op {
	__device__ void load(volatile T *dst, const volatile T *src) { *dst = *src; }
	__device__ void add(volatile T &acc, const volatile T &x) { acc = acc + x; }
};

template <class T>
struct max_op {
	__device__ void load(volatile T *dst, const volatile T *src) { dst[0] = src[0]; }
	__device__ void add(volatile T &acc, const volatile T &x) { acc = acc > x ? acc : x; }
};

template <class T, class Op, unsigned N>
__device__ T block_reduce(T mine)
{
	__shared__ T store[N];
	volatile T *partial = store;
	Op op;
	T total;

	op.load(partial + threadIdx.x, &mine);
	__syncthreads();	// ok: WL501
	for (unsigned half = N / 2; half > 0; half >>= 1) {
		if (threadIdx.x < half)
			op.add(partial[threadIdx.x], partial[threadIdx.x + half]);
		__syncthreads();	// ok: WL501
	}
	op.load(&total, partial);
	__syncthreads();	// ok: WL501
	return total;
}

__global__ void cascade(const float *score, const float *limit, int stages,
			int *alive)
{
	bool pass = true;

	for (int s = 0; s < stages; s++) {
		float mine = score[(s * gridDim.x + blockIdx.x) * THREADS + threadIdx.x];
		float total = block_reduce<float, sum_op<float>, THREADS>(mine);
		float peak = block_reduce<float, max_op<float>, THREADS>(mine);

		if (total < limit[s] || peak > 2 * limit[s]) {
			pass = false;
			break;
		}
		__syncthreads();	// ok: WL501
	}
	alive[blockIdx.x * THREADS + threadIdx.x] = pass;
}
