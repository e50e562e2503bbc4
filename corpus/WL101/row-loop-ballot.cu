/*
 * warplint-test: WL101 in a loop whose trip count depends on
 * threadIdx.y, the row of a 2-D block.  Every lane of a warp runs it as
 * often as the others when blockDim.x is a multiple of 32, but a fix
 * does not assume the launch: there is no fix, and the note says which
 * line of .warplint would make the full mask proved (with that line,
 * see row-branch-stated-launch.cu, the fix is the full mask).  The
 * lane-dependent loop beside it gets no such hint.
 */
__global__ void row_minima(const int *cost, int *best, int width)
{
	int v = 1 << 30;

	for (int col = threadIdx.y; col < width; col += blockDim.y) {
		v = min(v, cost[col * 32 + threadIdx.x]);
		v = min(v, __shfl_xor(v, 1));	// expect: WL101 {{block-x-multiple-of-32}}
	}
	best[threadIdx.y * 32 + threadIdx.x] = v;
}

__global__ void lane_minima(const int *cost, int *best, int width)
{
	int v = 1 << 30;

	for (int col = threadIdx.x; col < width; col += 32)
		v = min(v, __shfl_xor(cost[col], 1));	// expect: WL101 {{make its trip count warp-uniform}}
	best[threadIdx.x] = v;
}
