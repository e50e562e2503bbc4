/*
 * warplint-test: WL101/WL102 divergence written in other shapes: the arm
 * of ?:, the right side of &&, an unbraced loop body (the fix adds the
 * braces its mask declaration needs), and threadIdx.y.
 */
__global__ void shapes(int *p, int n)
{
	int v = p[threadIdx.x];
	unsigned mask = __ballot_sync(0xffffffff, v > 3);
	int w = v > 3 ? __shfl_sync(mask, v, 0) : 0; // expect: WL101 {{condition at line 9}}

	unsigned mask4 = __ballot_sync(0xffffffff, v > 0);
	if (v > 0 && __any_sync(mask4, v > 5)) // expect: WL102 {{__ballot_sync}}
		v++;
	for (int r = 0; r < n; r++)
		{ unsigned mask2 = __ballot_sync(0xffffffff, v < r); if (v < r)
			v = __shfl_xor_sync(mask2, v, 1); } // expect: WL101
	/* Warps need not split along y unless blockDim.x says so. */
	unsigned mask3 = __ballot_sync(0xffffffff, threadIdx.y == 0);
	if (threadIdx.y == 0)
		v = __shfl_up_sync(mask3, v, 1); // expect: WL101 {{__ballot_sync}}
	p[threadIdx.x] = v + w;
}
