/*
 * warplint-test: WL301 through a functor whose type is a template
 * parameter: `op.combine(s[t], s[t + 16])` names no function libclang
 * can resolve, but the file's functors take the first element by
 * reference and write it, so each step of the unrolled tail reads an
 * element that another lane writes, with no __syncwarp() between.
 */
struct sum_op {
	__device__ void combine(volatile float &acc, const volatile float &in)
	{
		acc += in;
	}
};

struct max_op {
	__device__ void combine(volatile float &acc, const volatile float &in)
	{
		acc = acc > in ? acc : in;
	}
};

template <class Op>
__device__ float block_fold(float v)
{
	Op op;
	__shared__ float cells[64];
	volatile float *s = cells;
	unsigned int t = threadIdx.x;

	s[t] = v;
	__syncthreads();
	if (t < 16) {
		op.combine(s[t], s[t + 16]);	// expect: WL301 {{lane 8 writes s[t] while lane 0 of its warp reads it}}
		op.combine(s[t], s[t + 8]);	// expect: WL301 {{lane t reads s[t + 8], written by lane t + 8}}
		op.combine(s[t], s[t + 4]);	// expect: WL301
	}
	__syncthreads();
	return s[0];
}

__global__ void fold_sums(const float *in, float *out)
{
	float r = block_fold<sum_op>(in[threadIdx.x]);	// expect: WL301 {{'block_fold' lets lanes of a warp race on 'cells'}}

	if (threadIdx.x == 0)
		out[blockIdx.x] = r;
}
