/*
 * warplint-test: WL501 a uniform assignment does not help where another
 * write can come between it and the use: a write under a condition, a
 * write later in a loop body (which reaches the use on the next trip),
 * and a write through a reference.
 */
__device__ void shift(float &x)
{
	x += threadIdx.x;
}

__global__ void reuse(const float *in, float *out, int n)
{
	__shared__ float s_scale;
	float v;

	if (threadIdx.x == 0)
		s_scale = in[0];
	__syncthreads();
	v = s_scale;
	if (n > 4)
		v = in[threadIdx.x];
	if (v > 1.0f)
		__syncthreads();	// expect: WL501 {{'v > 1.0f'}}
	v = s_scale;
	for (int k = 0; k < n; k++) {
		if (v < 8.0f)
			__syncthreads();	// expect: WL501 {{'v < 8.0f'}}
		v = in[k * blockDim.x + threadIdx.x];
	}
	v = s_scale;
	shift(v);
	if (v == 0.0f)
		__syncthreads();	// expect: WL501 {{'v == 0.0f'}}
	out[threadIdx.x] = v;
}
