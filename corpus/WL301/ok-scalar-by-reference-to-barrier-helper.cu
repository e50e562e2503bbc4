/*
 * warplint-test: a __shared__ scalar handed by reference to helpers that
 * pass a barrier.  The call is not one access that every lane makes: the
 * helper clears the flag in one thread and waits at __syncthreads(), so
 * the accesses are its body's, on either side of the barrier.  A flag
 * object keeps a pointer to the scalar (set in init()), every thread
 * that finds work sets it to 1, and commit() reads it after a barrier.
 * expect-none
 */
__device__ void clear_once(int &count)
{
	if (threadIdx.x == 0)
		count = 0;
	__syncthreads();
}

class work_flag {
	int *global_flag;
	int *local_flag;

public:
	typedef int storage;

	__device__ void init(storage &s)
	{
		local_flag = &s;
		if (threadIdx.x == 0)
			*local_flag = 0;
		__syncthreads();
	}

	__device__ void raise() { *local_flag = 1; }

	__device__ void commit()
	{
		__syncthreads();
		if (threadIdx.x == 0 && *local_flag == 1)
			*global_flag = 1;
	}
};

__global__ void count_positive(const int *in, int *out, work_flag flag)
{
	__shared__ int count;
	__shared__ work_flag::storage flag_storage;

	clear_once(count);
	flag.init(flag_storage);
	if (in[blockIdx.x * blockDim.x + threadIdx.x] > 0) {
		atomicAdd(&count, 1);
		flag.raise();
	}
	flag.commit();
	if (threadIdx.x == 0)
		out[blockIdx.x] = count;
}
