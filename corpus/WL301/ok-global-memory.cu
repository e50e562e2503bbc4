/*
 * warplint-test: near misses for WL301 in global memory: each lane
 * keeping to its own element, every lane setting one flag, a result
 * written to another array, lanes that meet only through shuffles, a
 * barrier between the exchange, and lanes that read a neighbour's field
 * and write another field of their own element (also in shared memory).
 * expect-none
 */

__global__ void scale_own(float *vals, float k)
{
	unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

	vals[i] = vals[i] * k;	// ok: WL301
	vals[i] += 1.0f;	// ok: WL301
}

__global__ void flag_any_negative(const float *vals, int *found)
{
	unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (vals[i] < 0.0f && !found[0])	// ok: WL301
		found[0] = 1;	// ok: WL301
}

__global__ void neighbour_to_other(const float *in, float *out)
{
	unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

	out[i] = in[i ^ 1] - in[i];	// ok: WL301
}

__global__ void exchange_by_shuffle(float *vals)
{
	unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
	float mine = vals[i];	// ok: WL301
	float other = __shfl_xor_sync(0xffffffff, mine, 1);

	vals[i] = mine + other;	// ok: WL301
}

__global__ void exchange_after_barrier(float *vals)
{
	unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
	float next = vals[i ^ 1];	// ok: WL301

	__syncthreads();
	vals[i] = next;	// ok: WL301
}

/* A neighbour's .x read and the own .y written: different bytes. */
__global__ void widths_from_starts(uint2 *ranges, unsigned int count)
{
	unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i + 1 < count)
		ranges[i].y = ranges[i + 1].x - ranges[i].x;	// ok: WL301
}

__global__ void widths_in_shared(const uint2 *in, unsigned int *out)
{
	__shared__ volatile uint2 ranges[256];

	ranges[threadIdx.x].x = in[threadIdx.x].x;	// ok: WL301
	__syncthreads();
	if (threadIdx.x < 255)
		ranges[threadIdx.x].y = ranges[threadIdx.x + 1].x;	// ok: WL301
	out[threadIdx.x] = ranges[threadIdx.x].y;	// ok: WL301
}
