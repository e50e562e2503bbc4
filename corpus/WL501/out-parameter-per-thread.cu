/*
 * warplint-test: WL501 next to ok-out-parameter.cu: the functor stores
 * each thread's own element of the shared array (`partial +
 * threadIdx.x`), or hands the address on to a helper it does not show
 * what it does with.  Either way the value differs between threads,
 * threads leave the stage loop on their own, and the barriers after the
 * break are not reached by all.
 */
#define THREADS 128

template <class T>
struct sum_op {
	__device__ void load(volatile T *dst, const volatile T *src) { *dst = *src; }
	__device__ void add(volatile T &acc, const volatile T &x) { acc = acc + x; }
};

__device__ void keep(volatile float *dst, float v)
{
	if (v == v)
		*dst = v;
}

struct kept_op {
	__device__ void load(volatile float *dst, const volatile float *src) { keep(dst, *src); }
};

template <class T, class Op, unsigned N>
__device__ T block_reduce_own(T mine)
{
	__shared__ T store[N];
	volatile T *partial = store;
	Op op;
	T total;

	op.load(partial + threadIdx.x, &mine);
	__syncthreads();	// expect: WL501 {{'block_reduce_own' is called at line 65, where only some threads arrive}}
	for (unsigned half = N / 2; half > 0; half >>= 1) {
		if (threadIdx.x < half)
			op.add(partial[threadIdx.x], partial[threadIdx.x + half]);
		__syncthreads();	// expect: WL501
	}
	op.load(&total, partial + threadIdx.x);
	return total;
}

__device__ float block_peak(float mine)
{
	__shared__ float store[THREADS];
	kept_op op;
	float peak;

	store[threadIdx.x] = mine;
	__syncthreads();	// expect: WL501 {{'block_peak' is called at line 72, where only some threads arrive}}
	op.load(&peak, store);
	return peak;
}

__global__ void cascade_own(const float *score, const float *limit, int stages,
			    int *alive)
{
	bool pass = true;

	for (int s = 0; s < stages; s++) {
		float mine = score[(s * gridDim.x + blockIdx.x) * THREADS + threadIdx.x];
		float total = block_reduce_own<float, sum_op<float>, THREADS>(mine);

		if (total < limit[s]) {
			pass = false;
			break;
		}
		__syncthreads();	// expect: WL501 {{threads may leave the enclosing loop on their own at line 69}}
		if (block_peak(mine) > limit[s])
			break;
		__syncthreads();	// expect: WL501
	}
	alive[blockIdx.x * THREADS + threadIdx.x] = pass;
}
