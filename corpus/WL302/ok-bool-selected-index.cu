/*
 * warplint-test: WL302 a block-wide maximum whose steps pick each
 * thread's slot with a flag stored in a bool: `bool odd = tid % 4` holds
 * 1 for tid 2, not 2, so thread 2 updates slot 2 and no slot any other
 * thread of its warp reads in that step.  Read as the integer, thread 2
 * would seem to write slot 0, which thread 0 reads in the same
 * statement: a race that is not there.  Each step ends at a barrier.
 */
#define SLOT(i) (slots[256 + (i)])

extern __shared__ int slots[];

__device__ void block_max64(const int &tid, int &result)
{
	int idx = tid * 2;

	SLOT(idx) = max(SLOT(idx), SLOT(idx + 1));	// ok: WL302
	__syncthreads();
	bool inner = tid % 2;
	int pick = inner;
	idx = (1 - pick) * tid * 2 + pick * ((tid - 1) * 2 + 1);
	SLOT(idx) = max(SLOT(idx), SLOT(idx + 2));	// ok: WL302
	__syncthreads();
	inner = tid % 4;
	pick = inner;
	idx = (1 - pick) * tid * 2 + pick * ((tid / 4) * 8 + tid % 4);
	SLOT(idx) = max(SLOT(idx), SLOT(idx + 4));	// ok: WL302
	__syncthreads();
	if (tid == 0)
		result = max(SLOT(0), SLOT(8));
}

__global__ void best_scores(const int *scores, int *best)
{
	__shared__ int top;
	int tid = threadIdx.x;

	SLOT(tid) = scores[blockIdx.x * 128 + tid];
	SLOT(tid + 64) = scores[blockIdx.x * 128 + tid + 64];
	if (tid == 0)
		top = 0;
	__syncthreads();
	block_max64(tid, top);
	__syncthreads();
	if (tid == 0)
		best[blockIdx.x] = top;
}
