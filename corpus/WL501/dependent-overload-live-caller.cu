/*
 * warplint-test: the near miss of dependent-overload-dead-caller.cu.
 * Here a kernel calls the second overload, `total(int n, int *)`, with
 * a pointer that differs by thread, and it passes that pointer on to
 * the first: what the first returns is no longer known to be the same
 * in every thread, and the loop on it may split the block.
 */
template <int D>
__device__ int total(int *prefix, int value)
{
	prefix[threadIdx.x] = value;
	__syncthreads();	// expect: WL501 {{'total' is called at line 32, where only some threads arrive}}
	const int x = prefix[D - 1];
	__syncthreads();	// expect: WL501 {{'total' is called at line 32, where only some threads arrive}}
	return x;
}

template <int D>
__device__ int total(int n, int *prefix_in)
{
	return total<D>(prefix_in, prefix_in[threadIdx.x]);
}

__global__ void by_rows(int *rows, const int *in, int *out)
{
	__shared__ int prefix[64];
	int *mine = rows + (threadIdx.x & 1) * 64;
	int done = 0, n = in[blockIdx.x * 64 + threadIdx.x];

	out[threadIdx.x] = total<64>(2, mine);
	while (done < 1000) {
		done += total<64>(prefix, n);
		if (done > 500)
			break;
		__syncthreads();	// expect: WL501 {{thread-dependent}}
	}
	out[blockIdx.x * 64 + threadIdx.x] += done;
}
