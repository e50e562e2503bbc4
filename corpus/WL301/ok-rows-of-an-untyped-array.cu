/*
 * warplint-test: a 2-D shared array whose element type the build defines
 * (`real`, set by a generated header or a -D flag, as molecular dynamics
 * codes compile their kernels).  Without it clang makes the variable an
 * int and `b[i][j]` loses its row length: lanes 1 (0,1) and 6 (1,0)
 * landed on one element, and a false race came with a fix.  A row
 * subscript whose row has no type is an unknown location: no finding.
 * expect-none
 * disable: WL900
 * nvcc: no
 */
__global__ void project(real *out, const real *a)
{
	__shared__ real b[6][6];

	if (threadIdx.x < 36) {
		int i = threadIdx.x / 6;
		int j = threadIdx.x - 6 * i;

		b[i][j] = a[i] * a[j];
		b[i][j] += a[j] * a[i];
	}
	__syncthreads();
	out[threadIdx.x] = b[threadIdx.x % 6][threadIdx.x / 6 % 6];
}
