/*
 * warplint-test: WL101/WL102 inside loops whose trip count differs
 * between the lanes of a warp (grid-stride loops, CSR rows, lists).  The
 * lanes of each trip are exactly the lanes whose test passed, so the fix
 * names them with a ballot of the loop's own condition, taken where the
 * test is: `(mask = __ballot_sync(mask, C)), C`, the mask starting as
 * the lanes that reach the loop.  A `continue` after the call still runs
 * the test; a ballot inside the body starts from the trip's lanes.
 */
struct cell {
	int value;
	struct cell *next;
};

/* A grid-stride loop: the last trip holds only some lanes of a warp. */
__global__ void grid_pair_sums(const int *in, int *out, int n)
{
	unsigned mask = 0xffffffff;
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; (mask = __ballot_sync(mask, i < n)), i < n;
	     i += blockDim.x * gridDim.x) {
		int v = in[i];

		v += __shfl_sync(mask, v, 0);	// expect: WL101 {{the lanes of each iteration of the loop at line 18}}
		out[i] = v;
	}
}

/* A CSR row per lane: rows of different lengths. */
__global__ void row_votes(const int *row_start, const float *vals,
			  unsigned *votes, int rows)
{
	int row = blockIdx.x * blockDim.x + threadIdx.x;
	int j = row < rows ? row_start[row] : 0;
	int end = row < rows ? row_start[row + 1] : 0;
	unsigned seen = 0;

	unsigned mask = 0xffffffff;
	while ((mask = __ballot_sync(mask, j < end)), j < end) {
		seen ^= __ballot_sync(mask, vals[j] > 0.0f);	// expect: WL102 {{the lanes of each iteration of the loop at line 36}}
		j++;
	}
	if (row < rows)
		votes[row] = seen;
}

/* A list per lane: the test is a pointer; the body goes on after a call. */
__global__ void list_maxima(struct cell *const *heads, int *out)
{
	const struct cell *c = heads[threadIdx.x];
	int best = 0;

	unsigned mask = 0xffffffff;
	do {
		int v = c->value;

		best = max(best, __shfl_xor_sync(mask, v, 1));	// expect: WL101 {{the lanes of each iteration of the loop at line 50}}
		c = c->next;
	} while ((mask = __ballot_sync(mask, !!c)), c);
	out[threadIdx.x] = best;
}

/* A ragged loop inside a ragged loop, and a branch inside both. */
__global__ void nested_ragged(const int *len, const int *in, int *out)
{
	int lane = threadIdx.x % 32;
	int acc = 0;

	unsigned mask = 0xffffffff;
	for (int i = 0; (mask = __ballot_sync(mask, i < len[threadIdx.x])), i < len[threadIdx.x]; i++) {
		unsigned mask2 = mask;
		for (int k = lane; (mask2 = __ballot_sync(mask2, k < i * 4)), k < i * 4; k += 32) {
			acc += __popc(__ballot_sync(mask2, in[k] > 0));	// expect: WL102 {{the lanes of each iteration of the loop at line 66}}
			if (in[k] < 0)
				continue;
			acc *= 2;
		}
		unsigned mask3 = __ballot_sync(mask, acc > 0);
		if (acc > 0)
			acc += __any_sync(mask3, acc > 50) ? 1 : 2;	// expect: WL102 {{the lanes that arrive depend on the condition at line 72}}
	}
	out[threadIdx.x] = acc;
}

/* Under a lane branch, as the unbraced body of the if. */
__global__ void tail_rows(const int *in, int *out, int n)
{
	int lane = threadIdx.x % 32;

	if (lane < 16)
		{ unsigned mask = 0x0000ffff; for (int i = lane; (mask = __ballot_sync(mask, i < n)), i < n; i += 16)
			out[i] = __shfl_sync(mask, in[i], 0, 16); }	// expect: WL101 {{the lanes of each iteration of the loop at line 84}}
}
