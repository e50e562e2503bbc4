/*
 * warplint-test: WL101 where no mask can be inferred statically: the
 * finding has no fix and says what the user must decide.
 */

/* A ragged loop whose test steps i: a ballot cannot repeat the test. */
__global__ void grid_stride(const int *in, int *out, int n)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i++ < n;
	     i += blockDim.x * gridDim.x) {
		int v = in[i];
		v += __shfl_down(v, 1); // expect: WL101 {{may have side effects and cannot be evaluated twice}}
		out[i] = v;
	}
}

/* A data-dependent break: lanes leave the loop on their own. */
__global__ void search(const int *in, int *out)
{
	int v = in[threadIdx.x];

	for (int step = 0; step < 8; step++) {
		if (v < 0)
			break;
		v = __shfl_xor(v, 1) - 1; // expect: WL101 {{leave the loop}}
	}
	out[threadIdx.x] = v;
}

/* The condition changes between the branch and the call's statement. */
__global__ void side_effect(int *data, int *counter)
{
	int v = data[threadIdx.x];

	if (atomicAdd(counter, 1) < 40)
		v = __shfl(v, 0); // expect: WL101 {{side effects}}
	data[threadIdx.x] = v;
}

/* A lane-dependent switch: no mask is inferred for its cases. */
__global__ void by_case(int *p)
{
	int v = p[threadIdx.x];

	switch (p[threadIdx.x + 32] & 3) {
	case 0:
		v = __shfl_down(v, 1); // expect: WL101 {{switch at line 45}}
		break;
	default:
		break;
	}
	p[threadIdx.x] = v;
}
