/*
 * warplint-test: WL201 __activemask() where no mask can be computed
 * before the divergence: a loop whose trip count depends on the row and
 * that a lane may leave on its own (activemask-ragged-loop.cu has the
 * loop without the break), and a mask variable that is narrowed after
 * it is taken.
 */
__global__ void ragged_rows(const int *row_start, const float *vals,
			    float *out)
{
	int row = blockIdx.x * blockDim.x + threadIdx.x;
	float sum = 0.0f;

	for (int j = row_start[row]; j < row_start[row + 1]; j++) {
		unsigned active = __activemask();

		if (vals[j] < 0.0f)
			break;
		sum += __shfl_xor_sync(active, vals[j], 1);	// expect: WL201 {{no fix: the loop at line 14}}
	}
	out[row] = sum;
}

__global__ void drop_lane_zero(int *data)
{
	unsigned m = __activemask();
	int v = data[threadIdx.x];

	if (v < 0)
		return;
	m &= ~1u;	/* lane 0 keeps its value */
	v += __shfl_down_sync(m, v, 1);	// expect: WL201 {{no fix: 'm' changes after it is set}}
	data[threadIdx.x] = v;
}
