/*
 * warplint-test: WL301 through a typedef of a class template: the block
 * size reaches the helper as the class's parameter, spelled through a
 * dependent typedef in a kernel template, `typedef Fold<float, NT> F;
 * F::sum(...)`, with NT = 16 from the launch.  With 16 threads every trip
 * of the halving loop is inside one warp and has no barrier: lane 0
 * reads s[4] on the trip that halves 8 to 4, which lane 4 wrote on the
 * trip before.  (A start the walk had to guess would name lane 16.)
 */
template <typename T, int NT>
struct Fold {
	static __device__ T sum(T *s, int tid, T x)
	{
		s[tid] = x;
		__syncthreads();
		for (int offset = NT / 2; offset > 0; offset /= 2) {
			T v;
			if (tid < offset) v = x = x + s[tid + offset]; // expect: WL301 {{written by lane 4}}
			__syncwarp(0xffffffff);
			if (tid < offset) s[tid] = v;
			__syncwarp(0xffffffff);
			if (offset > 32)
				__syncthreads();
		}
		return x;
	}
};

template <int NT>
__global__ void fold16(const float *in, float *out)
{
	typedef Fold<float, NT> F;
	__shared__ float s[NT];
	float v = F::sum(s, threadIdx.x, in[threadIdx.x]); // expect: WL301 {{lets lanes of a warp race on 's'}}

	if (threadIdx.x == 0)
		out[blockIdx.x] = v;
}

void fold_blocks(const float *in, float *out, int blocks)
{
	fold16<16><<<blocks, 16>>>(in, out);
}
