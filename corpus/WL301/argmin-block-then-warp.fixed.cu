/*
 * warplint-test: a block-wide arg-min.  Barriered halving steps down to
 * one warp, then a warp-synchronous tail on the lower 16 lanes, each step
 * a branch on the cells it updates.  The last barriered step writes what
 * the tail reads with no barrier between: a __syncwarp() goes after the
 * loop, where every lane arrives.  The tail's branch is read once into a
 * register with both values, and its barriers go outside the branch.
 */
#define THREADS 128

__global__ void column_argmin(const float *cost, float *best, int *where,
			      int rows)
{
	__shared__ float low[THREADS];
	__shared__ int pos[THREADS];
	int t = threadIdx.x;
	float mine = 3.0e38f;
	int at = -1;

	for (int r = t; r < rows; r += THREADS)
		if (cost[blockIdx.x * rows + r] < mine) {
			mine = cost[blockIdx.x * rows + r];
			at = r;
		}
	low[t] = mine;
	pos[t] = at;
	float low_v;
	int pos_v;
	for (int half = THREADS / 2; half >= 32; half /= 2) {
		__syncthreads();
		if (t < half && low[t + half] < low[t]) {
			low[t] = low[t + half];	// expect: WL301 {{lane 0 of its warp reads it at line 36}}
			pos[t] = pos[t + half];	// expect: WL301 {{lane 0 of its warp reads it at line 38}}
		}
	}
	__syncwarp(0xffffffff);
	if (t < 16) {
		for (int half = 16; half > 0; half /= 2) {
			bool take = low[t + half] < low[t];	// expect: WL301
			if (take) {
				low_v = low[t + half];	// expect: WL301
				pos_v = pos[t + half];	// expect: WL301
			}
			__syncwarp(0x0000ffff);
			if (take) {
				low[t] = low_v;
				pos[t] = pos_v;
			}
			__syncwarp(0x0000ffff);
		}
	}
	if (t == 0) {
		best[blockIdx.x] = low[0];
		where[blockIdx.x] = pos[0];
	}
}
