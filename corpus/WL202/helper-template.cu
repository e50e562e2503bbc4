/*
 * warplint-test: WL202 a warp reduction written as a template and called
 * from a lane-index branch of a kernel template: lanes 8-31 never arrive.
 */
template <typename T>
__device__ T warp_min(T v)
{
	for (int o = 4; o > 0; o /= 2)
		v = min(v, __shfl_xor_sync(0xffffffff, v, o));	// expect: WL202 {{names lanes 8-31, which never reach this call}}
	return v;
}

template <typename T>
__global__ void row_mins(const T *in, T *out)
{
	int lane = threadIdx.x & 31;

	if (lane < 8)
		out[threadIdx.x] = warp_min(in[threadIdx.x]);
}

template __global__ void row_mins<int>(const int *, int *);
