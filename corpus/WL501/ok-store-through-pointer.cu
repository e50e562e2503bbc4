/*
 * warplint-test: WL501 near misses: storing a per-thread value through a
 * pointer changes memory, not the pointer.  A kernel's pointer parameters
 * stay block-uniform after `grad[i] = v`, `*flag = v` and `cell->sum = v`,
 * and a __shared__ array written by every thread is one copy that the
 * whole block reads, so branching on them keeps the block together.
 */
struct cell {
	float sum;
	int hits;
};

__global__ void scatter_grad(float *grad, const float *loss, int *flag,
			     struct cell *cell, int n)
{
	__shared__ float tile[128];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float g = i < n ? loss[i] * 0.5f : 0.0f;

	grad[i] = g;
	*flag = i;
	cell->sum = g;
	cell[i].hits = 1;
	tile[threadIdx.x] = g;
	if (grad) {
		__syncthreads();	// ok: WL501
		grad[i] += tile[127 - threadIdx.x];
	}
	if (cell != 0 && flag != 0)
		__syncthreads();	// ok: WL501
	__syncthreads();
	if (tile[0] > 0.0f)
		__syncthreads();	// ok: WL501
}

/* A pointer moved by a uniform amount is still the same in every thread. */
__global__ void rows(float *base, int pitch, int nrows)
{
	float *row = base + blockIdx.x * pitch;

	row[threadIdx.x] = 0.0f;
	for (int r = 0; r < nrows; r++) {
		row[threadIdx.x] += 1.0f;
		__syncthreads();	// ok: WL501
		row += pitch;
	}
}
