/*
 * warplint-test: rows of a 2-D shared array whose element type is a
 * template parameter, as a sparse matrix-vector kernel stages each row's
 * bounds: two lanes of a group store `bounds[group][0]` and `[1]`, and
 * every lane of the group reads both next.  In the template the row
 * `bounds[group]` has a dependent type, which is not a missing one (the
 * untyped rows of ok-rows-of-an-untyped-array.cu are): the race is
 * found in the template and in its instance.
 */
template <typename Index, int LANES>
__global__ void row_sums(const Index *offsets, const float *vals, float *out,
			 Index rows)
{
	__shared__ volatile Index bounds[256 / LANES][2];
	const Index lane = threadIdx.x & (LANES - 1);
	const Index group = threadIdx.x / LANES;
	const Index row = (blockIdx.x * blockDim.x + threadIdx.x) / LANES;

	if (row >= rows)
		return;
	if (lane < 2)
		bounds[group][lane] = offsets[row + lane]; // expect: WL301 {{writes bounds[group][lane]}}
	const Index begin = bounds[group][0]; // expect: WL301 {{reads bounds[group][0]}}
	const Index end = bounds[group][1]; // expect: WL301 {{reads bounds[group][1]}}
	float sum = 0.0f;

	for (Index j = begin + lane; j < end; j += LANES)
		sum += vals[j];
	if (lane == 0)
		out[row] = sum;
}

template __global__ void row_sums<int, 32>(const int *, const float *,
					   float *, int);
