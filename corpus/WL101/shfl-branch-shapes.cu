/*
 * warplint-test: WL101/WL102 divergence written in other shapes: the arm
 * of ?:, the right side of &&, an unbraced loop body (the fix adds the
 * braces its mask declaration needs), and threadIdx.y.
 */
__global__ void shapes(int *p, int n)
{
	int v = p[threadIdx.x];
	int w = v > 3 ? __shfl(v, 0) : 0; // expect: WL101 {{condition at line 9}}

	if (v > 0 && __any(v > 5)) // expect: WL102 {{__ballot_sync}}
		v++;
	for (int r = 0; r < n; r++)
		if (v < r)
			v = __shfl_xor(v, 1); // expect: WL101
	/* Warps need not split along y unless blockDim.x says so. */
	if (threadIdx.y == 0)
		v = __shfl_up(v, 1); // expect: WL101 {{__ballot_sync}}
	p[threadIdx.x] = v + w;
}
