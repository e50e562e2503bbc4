/*
 * warplint-test: WL301 where the element comes from a counter the loop
 * steps in each thread, from its own starting value (`s[off++]` after
 * `off = group * 4`, reset on every trip of an outer loop), and where
 * the loop's bound is declared beside its counter (`for (int k = 0,
 * n = ...; k < n; ++k)`): lanes read the slots their group mates or the
 * whole warp wrote, with nothing in between.  A counter stepped by a
 * factor is followed for its first trip, from its own starting value;
 * there the reads reach the cells of other warps too (`cells[2 * (t +
 * 1)]`), which a __syncwarp() cannot order (gpu_verify showed the
 * __syncwarp() fix still racing on an H100): the fix is a
 * __syncthreads() after the write, where every thread of the block
 * passes, and none in the loop, which never comes back to the write.
 * The rows loop ends at different trips for different lanes: its
 * __syncwarp()s name each trip's lanes, a ballot of the loop's test.
 */
#define GROUP 4

__global__ void group_products(const float *x, const float *m, float *y,
			       int rows)
{
	__shared__ volatile float xs[128];
	unsigned int t = threadIdx.x;
	int row = blockIdx.x * 32 + t / GROUP;
	int off;

	while (row < rows) {
		float acc = 0.0f;

		xs[t] = x[row * GROUP + t % GROUP];	// expect: WL301 {{lane 0 writes xs[t] while lane 1 of its warp reads it}}
		off = (t / GROUP) * GROUP;
		for (int c = 0; c < GROUP; c++)
			acc += m[(t % GROUP) * GROUP + c] * xs[off++];	// expect: WL301 {{lane 1 reads xs[off++], written by lane 0}}
		y[row * GROUP + t % GROUP] = acc;
		row += gridDim.x * 32;
	}
}

__global__ void warp_column_sums(const int *cols, int n, int *out)
{
	__shared__ volatile int slot[256];
	unsigned int lane = threadIdx.x % 32;
	unsigned int w = threadIdx.x / 32;

	for (int base = 0; base < n; base += 32) {
		int mine = base + (int)lane < n ? cols[base + lane] : -1;
		int total = 0;

		slot[threadIdx.x] = mine;	// expect: WL301 {{lane 0 writes slot[threadIdx.x] while lane 1 of its warp reads it}}
		for (int k = 0, live = __popc(__ballot_sync(0xffffffffu, mine >= 0));
		     k < live; ++k)
			total += slot[w * 32 + k];	// expect: WL301 {{lane 1 reads slot[w * 32 + k], written by lane 0}}
		out[base + lane] = total;
	}
}

__global__ void doubling_counter(const int *in, int *out)
{
	__shared__ int cells[256];
	unsigned int t = threadIdx.x;
	int at = t + 1;

	cells[t] = in[t];	// expect: WL301
	for (int c = 0; c < 3; c++) {
		out[t * 3 + c] = cells[at % 256];	// expect: WL301 {{lane 0 reads cells[at % 256], written by lane 1}}
		at *= 2;
	}
}
