/*
 * warplint-test: guards that name one lane among conditions the model
 * cannot decide.  `if (row < n && threadIdx.x == 0)` lets only lane 0
 * of each row through whatever n is, but the whole condition was
 * evaluated at once, failed on n, and every lane was taken to run the
 * branch: the final read-modify-write of the row's sum then "raced"
 * with itself in lanes 0 and 1 (a molecular-dynamics force kernel).
 * A known operand decides a conjunction it makes false and a
 * disjunction it makes true, wherever it stands, under a negation and
 * in an else branch too.  No finding.
 * expect-none
 */
struct Sum4 {
	float x, y, z, w;
};

__global__ void row_sums(Sum4 *out, const float *in, int n)
{
	extern __shared__ Sum4 rows[];
	int row = blockIdx.x * blockDim.y + threadIdx.y;

	if (threadIdx.x == 0)
		rows[threadIdx.y] = Sum4{ 0.0f, 0.0f, 0.0f, 0.0f };
	__syncthreads();
	if (row < n) {
		atomicAdd(&rows[threadIdx.y].x, in[row * 32 + threadIdx.x]);
		atomicAdd(&rows[threadIdx.y].w, 1.0f);
	}
	__syncthreads();
	if (row < n && threadIdx.z == 0 && threadIdx.x == 0) {
		rows[threadIdx.y].w *= 0.5f;
		out[row] = rows[threadIdx.y];
	}
}

/* The unknown operand first, under a negation and in an else branch. */
__global__ void row_halves(Sum4 *out, const float *in, int n)
{
	__shared__ Sum4 rows[8];
	int row = blockIdx.x * 8 + threadIdx.y;

	if (threadIdx.x == 0)
		rows[threadIdx.y] = Sum4{ in[row], 0.0f, 0.0f, 1.0f };
	__syncthreads();
	if (!(row >= n || threadIdx.x != 0)) {
		rows[threadIdx.y].w *= 0.5f;
		out[row] = rows[threadIdx.y];
	}
	__syncthreads();
	if (row >= n || threadIdx.x != 0) {
		out[row].y = 0.0f;
	} else {
		rows[threadIdx.y].x *= 0.5f;
		out[row].x = rows[threadIdx.y].x;
	}
}
