/*
 * warplint-test: WL101 near miss of explicit-specialization-callers.cu:
 * the dependent call `lane_step<WIDTH>(...)` that may run the
 * specialization sits under a data-dependent condition, so only some
 * lanes may arrive at the shuffle in the helper the specialization
 * calls.  No full mask is written, and no fix: a mask parameter on the
 * specialization would have to change the primary template and every
 * other specialization with it.
 */
__device__ inline float first_of_warp(float v)
{
	return __shfl(v, 0);	// expect: WL101 {{only some lanes may arrive}}
}

template <int WIDTH>
__device__ float lane_step(const float *x, int i)
{
	return x[i];
}

template <>
__device__ float lane_step<32>(const float *x, int i)
{
	return first_of_warp(x[i]);
}

template <int WIDTH>
__global__ void pick(const float *x, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (x[i] > 0.0f)
		out[i] = lane_step<WIDTH>(x, i);
}

template __global__ void pick<32>(const float *, float *, int);
