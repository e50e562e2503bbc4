/*
 * warplint-test: WL501 in helpers whose barriers depend on a parameter.
 * A helper with a barrier is written to be called by every thread of
 * the block with the same bounds.  With no caller in sight (a library
 * header's reduction), its parameters are taken as block-uniform: the
 * call that breaks the contract is where the fault is, and it is
 * reported where it is seen.  A caller in the file that passes a
 * thread-dependent value makes the same shape divergent.
 */
template <typename T>
__device__ void reduce_values(T *smem, T *vals, int count, T init)
{
	if (count == 0) {
		vals[0] = init;
		return;
	}
	if (threadIdx.x < count)
		smem[threadIdx.x] = vals[0];
	__syncthreads();	// ok: WL501
	if (threadIdx.x == 0)
		for (int i = 1; i < count; i++)
			vals[0] += smem[i];
	__syncthreads();	// ok: WL501
}

__device__ void stage_rows(float *smem, const float *in, int rows)
{
	if (rows <= 0)
		return;
	smem[threadIdx.x] = in[threadIdx.x];
	__syncthreads();	// expect: WL501 {{threads that return at line 29 never reach it}}
}

__global__ void rows_per_thread(const float *in, float *out)
{
	__shared__ float smem[256];

	stage_rows(smem, in, (int)threadIdx.x % 3);
	out[threadIdx.x] = smem[255 - threadIdx.x];
}
