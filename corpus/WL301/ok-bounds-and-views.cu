/*
 * warplint-test: near misses for WL301 that once looked like races: a
 * buffer sized for the block bounds the threads (`buffer[threadIdx.x]` in
 * BLOCK + 1 elements), an assert keeps one thread, a pointer stored in an
 * array is not a row of it, storage read through a retyped pointer is not
 * compared across element types, and lanes that only store one flag
 * exchange nothing.
 * expect-none
 */
#include <assert.h>

#define BLOCK 128

__global__ void max_then_scale(float *data)
{
	__shared__ float buffer[BLOCK + 1];
	unsigned int t = threadIdx.x;

	buffer[t] = data[blockIdx.x * BLOCK + t];
	__syncthreads();
	if (t == 0) {
		float m = buffer[0];

		for (int i = 1; i < BLOCK; i++)
			m = fmaxf(m, buffer[i]);
		buffer[BLOCK] = m;
	}
	__syncthreads();
	float m = buffer[BLOCK];	// ok: WL301
	buffer[t] = 0.0f;	// ok: WL301
	data[blockIdx.x * BLOCK + t] /= m;
}

__global__ void single_thread_total(float *total, const float *vals, int n)
{
	assert(threadIdx.x == 0);
	*total = 0.0f;	// ok: WL301
	for (int i = 0; i < n; i++)
		*total += vals[i];	// ok: WL301
}

__global__ void copy_rows(float *const *rows, const float *src, int width)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y;
	float *row = rows[j];	// ok: WL301

	if (row && i < width)
		row[i] = src[j * width + i];	// ok: WL301
}

__global__ void ballot_then_values(const float *in, float *out)
{
	extern __shared__ char raw[];
	unsigned int *bits = (unsigned int *)raw;
	float *vals = (float *)raw;
	unsigned int t = threadIdx.x;
	unsigned int votes = __ballot_sync(0xffffffff, in[t] > 0.0f);

	if ((t & 31) == 0)
		bits[t / 32] = votes;
	__syncthreads();
	unsigned int mine = bits[t / 32];
	__syncthreads();
	vals[t] = mine ? in[t] : 0.0f;	// ok: WL301
	out[t] = vals[t];	// ok: WL301
}

__global__ void mark_block(const int *in, int *flags)
{
	__shared__ int seen[1];

	if (threadIdx.x == 0)
		seen[0] = 0;
	__syncthreads();
	if (in[blockIdx.x * blockDim.x + threadIdx.x] < 0)
		seen[0] = 1;	// ok: WL301
	__syncthreads();
	if (threadIdx.x == 0)
		flags[blockIdx.x] = seen[0];
}
