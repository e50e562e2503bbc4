/*
 * warplint-test: WL301 must not pair lanes that a guard on an unbound
 * template parameter keeps apart.  The matrix-vector kernel below lays
 * its threads out as rows of DIM_X (`tx = id % DIM_X`, `ty = id /
 * DIM_X`), and no instantiation is in sight, so DIM_X stands for an
 * unknown value that the walk indexes with as if the block were one
 * row.  The tail runs in `tx == 0` alone: one lane per row, each summing
 * its own row.  Deciding the guard on that same value keeps one lane;
 * leaving it undecided let lane 1 into the tail, at the row of lane 0
 * (MAGMA's gemvc template).  The near miss, a guard that keeps sixteen
 * lanes of the row, is unbound-width-tail.cu.
 * expect-none
 */
template <typename T, int DIM_X, int DIM_Y>
__device__ void row_sums(int m, int n, const T *a, T *y)
{
	int id = threadIdx.x + threadIdx.y * blockDim.x;
	int tx = id % DIM_X;
	int ty = id / DIM_X;
	int col = blockIdx.x * DIM_Y + ty;
	__shared__ T part[DIM_X * DIM_Y];
	T sum = 0;

	if (DIM_X * DIM_Y != blockDim.x * blockDim.y)
		return;
	if (col < n)
		for (int i = tx; i < m; i += DIM_X)
			sum += a[i + col * m];
	part[tx + ty * DIM_X] = sum;
	__syncthreads();
	if (tx == 0 && col < n) {
		for (int i = 1; i < m && i < DIM_X; i++)
			part[ty * DIM_X] += part[i + ty * DIM_X];
		y[col] = part[ty * DIM_X];
	}
}

template <int DIM_X, int DIM_Y>
__global__ void row_sums_kernel(int m, int n, const float *a, float *y)
{
	row_sums<float, DIM_X, DIM_Y>(m, n, a, y);
}
