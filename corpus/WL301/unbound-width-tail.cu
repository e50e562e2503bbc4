/*
 * warplint-test: a guard on an unbound template parameter that keeps
 * several lanes of a row still lets them race.  As in
 * ok-row-guard-unbound-width.cu, DIM_X is bound nowhere and the walk
 * indexes as if the block were one row; here the tail folds sixteen
 * partial sums with the warp-synchronous idiom, and lane 0 reads the
 * element lane 8 wrote in the step before, with nothing between.
 */
template <typename T, int DIM_X>
__device__ void row_fold(const T *a, T *y)
{
	int tx = threadIdx.x % DIM_X;
	int ty = threadIdx.x / DIM_X;
	__shared__ volatile T part[DIM_X * 4];

	part[tx + ty * DIM_X] = a[threadIdx.x];
	__syncthreads();
	if (tx < 16) {
		part[tx + ty * DIM_X] += part[tx + 16 + ty * DIM_X]; // expect: WL301 {{lane 8 writes part[tx + ty * DIM_X]}}
		part[tx + ty * DIM_X] += part[tx + 8 + ty * DIM_X]; // expect: WL301 {{reads part[tx + 8 + ty * DIM_X]}}
	}
	if (tx == 0)
		y[ty] = part[ty * DIM_X];
}

template <int DIM_X>
__global__ void row_fold_kernel(const float *a, float *y)
{
	row_fold<float, DIM_X>(a, y); // expect: WL301 {{'row_fold' lets lanes of a warp race}}
}
