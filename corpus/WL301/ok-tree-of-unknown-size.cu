/*
 * warplint-test: WL301 near miss: a block's tree reduction whose size is
 * a template parameter no instantiation in this file names (relion's
 * kernels, instantiated in another file).  The walk takes a plausible
 * first value for the halving counter; `if (tid < j)` is decided on it,
 * as the tree itself splits the lanes: each step reads above j and
 * writes below it, and a barrier ends each step.  Before, the condition
 * was left undecided, every lane took part in every step, and lane 16
 * was seen writing what lane 0 read.  Without the barriers, the steps
 * do race (the last function).
 */
template <int block_sz, int chunk_sz>
__global__ void reduce_chunks(const float *in, float *out, int chunks)
{
	__shared__ float s[block_sz * chunk_sz];
	int tid = threadIdx.x;

	for (int c = 0; c < chunks; c++)
		s[c * block_sz + tid] = in[c * block_sz + tid];
	__syncthreads();
	for (int j = block_sz / 2; j > 0; j /= 2) {
		if (tid < j) {
			for (int c = 0; c < chunks; c++)
				s[c * block_sz + tid] += s[c * block_sz + tid + j];	// ok: WL301
		}
		__syncthreads();
	}
	if (tid < chunks)
		out[tid] = s[tid * block_sz];
}

template <int block_sz>
__device__ float tree_sum(float *s, int tid)
{
	for (int j = block_sz / 2; j > 0; j /= 2) {
		if (tid < j)
			s[tid] += s[tid + j];	// ok: WL301
		__syncthreads();
	}
	return s[0];
}

template <int block_sz>
__device__ void warp_tail(volatile float *s, int tid)
{
	for (int j = block_sz / 2; j > 0; j /= 2)
		if (tid < j)
			s[tid] += s[tid + j];	// expect: WL301 {{lane 0 reads s[tid + j], written by lane 16}}
}
