/*
 * warplint-test: WL202 a shuffle in a loop whose trip count depends on the
 * lane (a lane-strided loop over n elements): lanes that finish early stop
 * calling it, and no single mask is right for every iteration.  The fix
 * names each iteration's lanes: a ballot of the loop's test, taken where
 * the test is (loop-lane-trips-ballot.cu has the legacy primitives).
 */
__global__ void strided_pairs(const float *in, float *out, int n)
{
	int lane = threadIdx.x % 32;
	float acc = 0.0f;

	for (int j = lane; j < n; j += 32)
		acc += __shfl_xor_sync(0xffffffff, in[j], 1);	// expect: WL202 {{the lanes of each iteration of the loop at line 13}}
	out[threadIdx.x] = acc;
}

__global__ void until_converged(float *x, const int *iters)
{
	float v = x[threadIdx.x];
	int k = 0;

	while (k < iters[threadIdx.x]) {
		v = 0.5f * (v + __shfl_sync(0xffffffff, v, 0));	// expect: WL202 {{the lanes of each iteration of the loop at line 23}}
		k++;
	}
	x[threadIdx.x] = v;
}

__global__ void ragged_tail(const float *in, float *out)
{
	int lane = threadIdx.x % 32;
	float acc = 0.0f;

	for (int j = lane; j < 48; j += 32)	/* lanes 16-31 run it once */
		acc += __shfl_down_sync(0xffffffff, in[j], 16);	// expect: WL202 {{the lanes of each iteration of the loop at line 35}}
	out[threadIdx.x] = acc;
}
