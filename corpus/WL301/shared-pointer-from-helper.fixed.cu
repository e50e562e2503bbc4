/*
 * warplint-test: WL301 the shared memory comes from a helper that returns
 * a pointer to an extern __shared__ array (a `get()` member of a small
 * wrapper, as sample code writes it for dynamic shared memory); the last
 * warp reduces through that pointer with no barrier.
 */

template <typename T>
struct dynamic_scratch {
	__device__ T *get()
	{
		extern __shared__ int scratch_words[];
		return reinterpret_cast<T *>(scratch_words);
	}
};

__device__ float *block_scratch(void)
{
	extern __shared__ float scratch_floats[];
	return scratch_floats;
}

__global__ void sum_tail(const float *in, float *out)
{
	dynamic_scratch<float> mem;
	float *s = mem.get();
	unsigned int t = threadIdx.x;

	s[t] = in[blockIdx.x * blockDim.x + t];
	__syncthreads();
	if (t < 32) {
		float *v = s;

		float v2;
		v2 = v[t] + v[t + 32];	// expect: WL301
		__syncwarp(0xffffffff);
		v[t] = v2;
		__syncwarp(0xffffffff);
		v2 = v[t] + v[t + 16];	// expect: WL301 {{lane t reads v[t + 16], written by lane t + 16}}
		__syncwarp(0xffffffff);
		v[t] = v2;
		__syncwarp(0xffffffff);
		v2 = v[t] + v[t + 8];	// expect: WL301
		__syncwarp(0xffffffff);
		v[t] = v2;
		__syncwarp(0xffffffff);
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

__global__ void neighbour_from_helper(const float *in, float *out)
{
	float *s = block_scratch();
	unsigned int t = threadIdx.x;

	s[t] = in[t];	// expect: WL301
	__syncwarp(0xffffffff);
	out[t] = s[t ^ 16];	// expect: WL301 {{lane 0 reads s[t ^ 16], written by lane 16}}
}
