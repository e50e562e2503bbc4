/*
 * warplint-test: a helper that only assigns its reference parameter
 * (`flag = 0;`, the "not converged yet" mark of a bisection) writes the
 * caller's shared flag and reads nothing of it: every lane that stores
 * stores the same value, and the barrier after the call orders the
 * stores before the flag is read.  Near miss: a helper that counts
 * through the reference reads it too, and lanes race in the call.
 */
__device__ void mark_unconverged(int tid, const float *lo, const float *hi,
				 unsigned &converged)
{
	if (lo[tid] != hi[tid])
		converged = 0;
}

__device__ void count_unconverged(int tid, const float *lo, const float *hi,
				  unsigned &left)
{
	if (lo[tid] != hi[tid])
		left = left + 1;
}

__global__ void bisect(float *lo, float *hi)
{
	__shared__ unsigned converged;
	int tid = threadIdx.x;

	while (true) {
		if (tid == 0)
			converged = 1;
		__syncthreads();
		mark_unconverged(tid, lo, hi, converged);	// ok: WL302
		__syncthreads();
		if (converged == 1)
			break;
		hi[tid] = 0.5f * (lo[tid] + hi[tid]);
		__syncthreads();
	}
}

__global__ void count_open(const float *lo, const float *hi, unsigned *out)
{
	__shared__ unsigned left;

	if (threadIdx.x == 0)
		left = 0;
	__syncthreads();
	count_unconverged(threadIdx.x, lo, hi, left);	// expect: WL302 {{in the same statement}}
	__syncthreads();
	if (threadIdx.x == 0)
		*out = left;
}
