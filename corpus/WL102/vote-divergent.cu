/*
 * warplint-test: WL102 votes under divergent control flow: the mask must
 * say which lanes vote.
 */
__global__ void count_hits(const float *x, unsigned *hits, int n, float t)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		unsigned b = __ballot(x[i] > t); // expect: WL102 {{__ballot_sync before it}}
		if ((threadIdx.x & 31) == 0)
			hits[i / 32] = __popc(b);
	}
}

/* Listing 13 as legacy code wrote it: each branch reads lane 0. */
__global__ void listing13(int *data)
{
	int v = data[threadIdx.x];

	if (threadIdx.x % 2) {
		__syncwarp();
		v = __shfl(v, 0); // expect: WL101 {{lanes 1, 3}}
		__syncwarp();
	} else {
		__syncwarp();
		v = __shfl(v, 0); // expect: WL101 {{lanes 0, 2}}
		__syncwarp();
	}
	data[threadIdx.x] = v;
}
