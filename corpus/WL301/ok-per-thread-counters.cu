/*
 * warplint-test: near misses for per-thread counters: a counter that
 * walks only the thread's own elements, reads of the group's slots after
 * a __syncwarp(), a bound declared beside its counter with the slots
 * written only before a __syncwarp().
 * expect-none
 */
#define GROUP 4

__global__ void own_runs(const float *x, float *y)
{
	__shared__ float run[256 * GROUP];
	unsigned int t = threadIdx.x;
	int off = t * GROUP;
	float acc = 0.0f;

	for (int c = 0; c < GROUP; c++)
		run[off++] = x[t * GROUP + c];	// ok: WL301
	off = t * GROUP;
	for (int c = 0; c < GROUP; c++)
		acc += run[off++];	// ok: WL301
	y[t] = acc;
}

__global__ void group_products_synced(const float *x, const float *m,
				      float *y)
{
	__shared__ float xs[256];
	unsigned int t = threadIdx.x;
	int off = (t / GROUP) * GROUP;
	float acc = 0.0f;

	xs[t] = x[blockIdx.x * 256 + t];	// ok: WL301
	__syncwarp();
	for (int c = 0; c < GROUP; c++)
		acc += m[(t % GROUP) * GROUP + c] * xs[off++];	// ok: WL301
	y[blockIdx.x * 256 + t] = acc;
}

__global__ void warp_column_sums_synced(const int *cols, int n, int *out)
{
	__shared__ int slot[256];
	unsigned int lane = threadIdx.x % 32;
	unsigned int w = threadIdx.x / 32;

	for (int base = 0; base < n; base += 32) {
		int mine = base + (int)lane < n ? cols[base + lane] : -1;
		int total = 0;

		slot[threadIdx.x] = mine;	// ok: WL301
		__syncwarp();
		for (int k = 0, live = __popc(__ballot_sync(0xffffffffu, mine >= 0));
		     k < live; ++k)
			total += slot[w * 32 + k];	// ok: WL301
		__syncwarp();
		out[base + lane] = total;
	}
}
