/*
 * warplint-test: a block walks an array back to front in block-sized
 * steps (a triangular solve): `i` starts at a multiple of blockDim.x
 * plus the thread's index and loses blockDim.x each trip, so `i <
 * blockDim.x` holds in every thread on the same trip, and the loop's
 * barriers are reached by all; the same as the loop's own condition
 * (`while (i >= blockDim.x)`).  Near misses: a `continue` that lets
 * some threads skip the step, a start that is not a multiple of the
 * step (`n - 1 + threadIdx.x`), and an exit `i <= blockDim.x`, which
 * thread 0 takes one trip after the others.
 */
__global__ void back_substitute(const float *a, float *x, unsigned nnz)
{
	__shared__ float buf[256];
	unsigned last = ((nnz - 1) / blockDim.x) * blockDim.x;
	unsigned i = last + threadIdx.x;

	while (1) {
		buf[threadIdx.x] = i < nnz ? a[i] : 0.0f;
		__syncthreads();	// ok: WL501
		if (threadIdx.x == 0)
			for (unsigned k = 0; k < blockDim.x; ++k)
				x[0] += buf[k];
		__syncthreads();	// ok: WL501
		if (i < blockDim.x)
			break;
		i -= blockDim.x;
	}
}

__global__ void back_substitute_while(const float *a, float *x,
				      unsigned nnz)
{
	__shared__ float buf[256];
	unsigned i = ((nnz - 1) / blockDim.x) * blockDim.x + threadIdx.x;

	while (i >= blockDim.x) {
		buf[threadIdx.x] = a[i];
		__syncthreads();	// ok: WL501
		if (threadIdx.x == 0)
			x[0] += buf[blockDim.x - 1];
		__syncthreads();	// ok: WL501
		i -= blockDim.x;
	}
}

__global__ void skipped_step(const float *a, float *x, unsigned nnz)
{
	__shared__ float buf[256];
	unsigned i = ((nnz - 1) / blockDim.x) * blockDim.x + threadIdx.x;

	while (i >= blockDim.x) {
		buf[threadIdx.x] = a[i];
		__syncthreads();	// expect: WL501 {{the loop at line 52 runs a thread-dependent number of times}}
		x[i] = buf[threadIdx.x];
		if (a[i] < 0)
			continue;
		i -= blockDim.x;
	}
}

__global__ void unaligned_start(const float *a, float *x, unsigned nnz)
{
	__shared__ float buf[256];
	unsigned i = nnz - 1 + threadIdx.x;

	while (1) {
		buf[threadIdx.x] = a[i];
		__syncthreads();	// expect: WL501 {{leave the enclosing loop}}
		if (threadIdx.x == 0)
			x[0] += buf[blockDim.x - 1];
		if (i < blockDim.x)
			break;
		i -= blockDim.x;
	}
}

__global__ void inclusive_exit(const float *a, float *x, unsigned nnz)
{
	__shared__ float buf[256];
	unsigned i = ((nnz - 1) / blockDim.x) * blockDim.x + threadIdx.x;

	while (1) {
		buf[threadIdx.x] = a[i];
		__syncthreads();	// expect: WL501 {{leave the enclosing loop}}
		if (threadIdx.x == 0)
			x[0] += buf[blockDim.x - 1];
		if (i <= blockDim.x)
			break;
		i -= blockDim.x;
	}
}
