/*
 * warplint-test: a dependent call `total<D>(prefix, n)` in a template
 * names two overloads of one arity, `total(int *, int)` and `total(int,
 * int *)`; its (int *, int) arguments fit the first only.  The second
 * is then called by nothing, and its own calls of the first, which
 * pass pointers warplint knows nothing of, run in no thread: the first
 * returns `prefix[D - 1]` after a barrier, the same in every thread, and
 * the loop on it keeps its barriers.  Near miss: a kernel that does
 * call the second overload, with a pointer of its own per thread.
 */
template <int D>
__device__ int total(int *prefix, int value)
{
	prefix[threadIdx.x] = value;
	__syncthreads();	// ok: WL501
	const int x = prefix[D - 1];
	__syncthreads();	// ok: WL501
	return x;
}

template <int D>
__device__ int total(int n, int *prefix_in)
{
	int y = total<D>(prefix_in, prefix_in[threadIdx.x]);

	for (int p = D; p < n; p += D) {
		int *prefix = &prefix_in[p];

		y += total<D>(prefix, prefix[threadIdx.x]);
	}
	return y;
}

template <int D>
__device__ int walk(int *prefix, const int *in)
{
	int done = 0, n = in[blockIdx.x * D + threadIdx.x];

	while (done < 1000) {
		done += total<D>(prefix, n);
		if (done > 500)
			return done;
		__syncthreads();	// ok: WL501
	}
	return done;
}

__global__ void levels(const int *in, int *out)
{
	__shared__ int prefix[64];

	out[blockIdx.x * 64 + threadIdx.x] = walk<64>(prefix, in);
}
