/*
 * warplint-test: WL501 near misses: one counter declared at the top of a
 * kernel and reused by several loops, as older code does.  Each `for`
 * sets it afresh in its init, so inside the loop only that init and the
 * loop's own step reach it: the per-thread value a later loop stores in
 * it (under a per-thread branch) cannot reach the barriers above.  Nor
 * does a bound computed by a value-only math intrinsic vary.
 */
#define THREADS 256
#define ROWS 16

__global__ void tree_sum(const float *in, float *out, int used)
{
	__shared__ float part[THREADS];
	int tx = threadIdx.x;
	int last = 0;
	int i;

	part[tx] = tx < used ? in[blockIdx.x * THREADS + tx] : 0.0f;
	__syncthreads();
	for (i = 2; i <= THREADS; i = 2 * i) {
		if ((tx + 1) % i == 0)
			part[tx] += part[tx - i / 2];
		__syncthreads();	// ok: WL501
	}
	for (i = 2; i <= used; i = 2 * i)
		if (used >= i)
			last = i;
	for (i = 2; i <= last; i *= 2) {
		if ((tx + 1) % i == 0 && tx < last)
			part[tx] += part[tx - i / 2];
		__syncthreads();	// ok: WL501
	}
	if (tx == last - 1)
		for (i = tx + 1; i < used; i++)
			part[tx] += in[blockIdx.x * THREADS + i];
	if (tx == 0)
		out[blockIdx.x] = part[last - 1];
}

__global__ void column_fold(float *grid)
{
	__shared__ float cell[ROWS][ROWS];
	int tx = threadIdx.x, ty = threadIdx.y;

	cell[ty][tx] = grid[ty * ROWS + tx];
	__syncthreads();
	for (int i = 1; i <= __log2f(ROWS); i++) {
		int step = __powf(2, i);

		if (ty % step == 0 && ty + step / 2 < ROWS)
			cell[ty][tx] += cell[ty + step / 2][tx];
		__syncthreads();	// ok: WL501
	}
	grid[ty * ROWS + tx] = cell[ty][tx];
}
