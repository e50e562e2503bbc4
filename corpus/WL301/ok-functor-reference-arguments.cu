/*
 * warplint-test: near misses for functors of a template-parameter type:
 * each step reads its peer into a register and is separated by
 * __syncwarp() (Listing 8), and a functor that combines two elements of
 * the thread's own row only.
 * expect-none
 */
struct sum_op {
	__device__ void combine(volatile float &acc, const volatile float &in)
	{
		acc += in;
	}
};

template <class Op>
__device__ float block_fold_synced(float v)
{
	Op op;
	__shared__ float cells[64];
	unsigned int t = threadIdx.x;

	cells[t] = v;
	__syncthreads();
	if (t < 16) {
		float peer = cells[t + 16];	// ok: WL301

		op.combine(cells[t], peer);	// ok: WL301
		__syncwarp(0xffff);
		peer = cells[t + 8];	// ok: WL301
		__syncwarp(0xffff);
		op.combine(cells[t], peer);	// ok: WL301
		__syncwarp(0xffff);
	}
	__syncthreads();
	return cells[0];
}

template <class Op>
__global__ void own_pairs(const float *in, float *out)
{
	__shared__ float pairs[256][2];
	Op op;
	unsigned int t = threadIdx.x;

	pairs[t][0] = in[2 * t];
	pairs[t][1] = in[2 * t + 1];
	op.combine(pairs[t][0], pairs[t][1]);	// ok: WL301
	out[t] = pairs[t][0] + block_fold_synced<Op>(in[t]);
}

template __global__ void own_pairs<sum_op>(const float *, float *);
