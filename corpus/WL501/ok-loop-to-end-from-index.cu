/*
 * warplint-test: WL501 must not flag a barrier in a loop that runs to an
 * end taken from its own index.  Each thread's pointer starts at its own
 * column (`B = dinv + tx + ty * ldb`), but the end is that same pointer
 * plus a uniform length (`Blast = B + jb`), and the loop steps it by a
 * uniform amount: every thread runs jb / 16 times.  Both the do-while
 * form (MAGMA's triangular inverse panels) and a for loop over a strip
 * of the input are covered.  The near misses (a per-thread length, the
 * index moved after the end was taken, a step that some lanes skip) are
 * loop-to-end-moved-index.cu.
 * expect-none
 */
__global__ void panel(const float *dinv, float *out, int ldb, int jb)
{
	__shared__ float sB[16][17];
	const int tx = threadIdx.x, ty = threadIdx.y;
	const float *B = dinv + tx + ty * ldb;
	const float *Blast = B + jb;
	float acc = 0;

	do {
		for (int i = 0; i < 16; i += 4)
			sB[tx + i][ty] = B[i * ldb];
		__syncthreads();
		for (int k = 0; k < 16; k++)
			acc += sB[k][ty];
		B += 16;
		__syncthreads();
	} while (B < Blast);
	out[tx + ty * 16] = acc;
}

__global__ void strip(const float *in, float *out, int n)
{
	__shared__ float s[256];
	const float *p = in + threadIdx.x;
	const float *end = p + n;
	float acc = 0;

	for (; p < end; p += 256) {
		s[threadIdx.x] = *p;
		__syncthreads();
		acc += s[255 - threadIdx.x];
		__syncthreads();
	}
	out[threadIdx.x] = acc;
}
