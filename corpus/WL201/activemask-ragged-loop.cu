/*
 * warplint-test: WL201 __activemask() as the mask of a shuffle in a loop
 * over a CSR row per lane: rows of different lengths leave the loop at
 * different trips, and the lanes still in it are the ones whose test
 * passed, not the ones the scheduler happens to run together.  The fix
 * names them: a ballot of the loop's test, taken where the test is.
 */
__global__ void ragged_rows(const int *row_start, const float *vals,
			    float *out)
{
	int row = blockIdx.x * blockDim.x + threadIdx.x;
	float sum = 0.0f;

	for (int j = row_start[row]; j < row_start[row + 1]; j++) {
		unsigned active = __activemask();

		sum += __popc(__ballot_sync(active, vals[j] > 0.0f));	// expect: WL201 {{the lanes of each iteration of the loop at line 14}}
	}
	out[row] = sum;
}
