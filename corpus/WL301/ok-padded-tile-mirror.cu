/*
 * warplint-test: WL301 must not pair lanes the launch does not have.
 * The Hermitian mirror of MAGMA's hemm templates, with its sizes fixed:
 * a 16 x 17 tile (padded against bank conflicts) filled by 8 x 8
 * threads in 8 x 8 blocks, then each upper block copied from the lower
 * one (`sA[m + ty][n + tx] = sA[n + tx][m + ty]`, m past n).  Reads and
 * writes fall in different triangles.  The columns `n + tx`, n up to 8,
 * bound tx by 9 in rows of 17, one more than the 8 threads of a row:
 * walking nine (or, before rows were bounded at all, 256 in one row)
 * put a thread at column 8 of row 0, lane 0's diagonal element of the
 * next block.  The near miss, rows that do meet in a warp, is
 * neighbour-row-in-warp.cu.
 * expect-none
 */
#define DIM 8
#define BLK_M 16

__device__ void mirror(int ld, const double *a, double *c)
{
	const int tx = threadIdx.x, ty = threadIdx.y;
	__shared__ double sA[BLK_M][BLK_M + 1];

	for (int n = 0; n < BLK_M; n += DIM)
		for (int m = 0; m < BLK_M; m += DIM)
			sA[n + ty][m + tx] = a[(n + ty) * ld + m + tx];
	__syncthreads();
	for (int n = 0; n < BLK_M; n += DIM) {
		if (ty > tx)
			sA[n + ty][n + tx] = sA[n + tx][n + ty];
		else if (ty == tx)
			sA[n + ty][n + tx] = 2 * sA[n + ty][n + tx];
		for (int m = n + DIM; m < BLK_M; m += DIM)
			sA[m + ty][n + tx] = sA[n + tx][m + ty];
	}
	__syncthreads();
	for (int n = 0; n < BLK_M; n += DIM)
		for (int m = 0; m < BLK_M; m += DIM)
			c[(n + ty) * ld + m + tx] = sA[n + ty][m + tx];
}

__global__ void mirror_kernel(int ld, const double *a, double *c)
{
	mirror(ld, a, c);
}
