/*
 * warplint-test: WL301 on a block-wide flag that a loop polls after its
 * barrier (a CSR partitioner looking for empty rows): any thread sets
 * `s_dirty[0]`, every thread reads it after __syncthreads() and leaves
 * the loop.  A thread that read 0 and went on to the next iteration can
 * set the flag before a thread of another warp has read it, which then
 * leaves while the first waits at the barrier.  One element that every
 * thread writes is the block's flag, not storage each warp has alike:
 * the fix is a __syncthreads() at the end of the body (before, a
 * __syncwarp(), which orders no other warp), and none beside the
 * barrier already there.
 */
__global__ void find_empty_rows(const int *row_ptr, int *has_empty, int rows)
{
	volatile __shared__ int s_dirty[1];
	int loop = (rows + blockDim.x - 1) / blockDim.x;

	if (threadIdx.x == 0)
		s_dirty[0] = 0;
	__syncthreads();
	for (int i = 0; i < loop; i++) {
		int r = i * blockDim.x + threadIdx.x;

		if (r < rows && row_ptr[r] == row_ptr[r + 1])
			s_dirty[0] = 1;	// expect: WL301
		__syncthreads();
		if (s_dirty[0])	// expect: WL301
			break;
		__syncthreads();
	}
	if (s_dirty[0] && threadIdx.x == 0)
		has_empty[blockIdx.x] = 1;
}
