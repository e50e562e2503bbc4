/*
 * warplint-test: WL101 in a loop whose trip count depends on
 * threadIdx.y, the row of a 2-D block.  Every lane of a warp runs it as
 * often as the others when blockDim.x is a multiple of 32, but a fix
 * does not assume the launch: the fix names each iteration's lanes with
 * a ballot of the loop's test, as for the lane-dependent loop beside it
 * (with the launch stated in .warplint, see row-branch-stated-launch.cu,
 * a branch on the row gets the full mask).
 */
__global__ void row_minima(const int *cost, int *best, int width)
{
	int v = 1 << 30;

	for (int col = threadIdx.y; col < width; col += blockDim.y) {
		v = min(v, cost[col * 32 + threadIdx.x]);
		v = min(v, __shfl_xor(v, 1));	// expect: WL101 {{the lanes of each iteration of the loop at line 14}}
	}
	best[threadIdx.y * 32 + threadIdx.x] = v;
}

__global__ void lane_minima(const int *cost, int *best, int width)
{
	int v = 1 << 30;

	for (int col = threadIdx.x; col < width; col += 32)
		v = min(v, __shfl_xor(cost[col], 1));	// expect: WL101 {{the lanes of each iteration of the loop at line 25}}
	best[threadIdx.x] = v;
}
