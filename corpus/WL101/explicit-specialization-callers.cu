/*
 * warplint-test: WL101 in a helper reached only through explicit
 * specializations of a function template.  The kernels call
 * `row_step<WIDTH>(...)`, a dependent call that names the template as a
 * whole: it may run the primary template or either specialization the
 * file writes, so those specializations' callers are the kernels' loops
 * (uniform trip counts, every lane).  The helper's callers therefore
 * agree on the full mask.  A call that names one specialization
 * (`row_step<32>` in the second kernel) reaches that one only.
 */
__device__ inline int warp_min(int v)
{
	v = min(v, __shfl_xor(v, 16));	// expect: WL101 {{every lane}}
	v = min(v, __shfl_xor(v, 8));	// expect: WL101 {{every lane}}
	v = min(v, __shfl_xor(v, 4));	// expect: WL101 {{every lane}}
	v = min(v, __shfl_xor(v, 2));	// expect: WL101 {{every lane}}
	v = min(v, __shfl_xor(v, 1));	// expect: WL101 {{every lane}}
	return __shfl(v, 0);		// expect: WL101 {{every lane}}
}

template <int WIDTH>
__device__ int row_step(const int *cost, int row, int carry)
{
	return carry;
}

template <>
__device__ int row_step<32>(const int *cost, int row, int carry)
{
	return warp_min(cost[row * 32 + threadIdx.x] + carry);
}

template <>
__device__ int row_step<64>(const int *cost, int row, int carry)
{
	int a = cost[row * 64 + threadIdx.x];
	int b = cost[row * 64 + threadIdx.x + 32];

	return warp_min(min(a, b) + carry);
}

template <int WIDTH>
__global__ void scan_rows(const int *cost, int *best, int rows)
{
	int carry = 0;

	for (int r = 0; r < rows; r++)
		carry = row_step<WIDTH>(cost, r, carry);
	best[blockIdx.x * blockDim.x + threadIdx.x] = carry;
}

__global__ void scan_rows_32(const int *cost, int *best, int rows)
{
	int carry = 0;

	for (int r = 0; r < rows; r++)
		carry = row_step<32>(cost, r, carry);
	best[threadIdx.x] = carry;
}

template __global__ void scan_rows<32>(const int *, int *, int);
template __global__ void scan_rows<64>(const int *, int *, int);
