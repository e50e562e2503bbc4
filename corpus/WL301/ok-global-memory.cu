/*
 * warplint-test: near misses for WL301 in global memory: each lane
 * keeping to its own element, every lane setting one flag, a result
 * written to another array, lanes that meet only through shuffles, and
 * a barrier between the exchange.
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
