/*
 * Input of the CLI golden tests (SARIF, JSON, baseline): one finding of
 * each kind the report formats must carry.
 */
__global__ void sample(int *p)
{
	int v = p[threadIdx.x];

	v += __shfl_down(v, 16);
	/* café */ v += __shfl_xor(v, 8);
	v += __shfl_down(v, 4); // warplint-disable-line WL101 -- built for sm_60
	p[threadIdx.x] = __ballot(v > 0);
	p[threadIdx.x + 32] = v; // warplint-disable-line WL102
}
