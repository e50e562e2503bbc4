/*
 * warplint-test: WL301 where two racing statements sit in one
 * lane-dependent branch, and the stretch also holds a statement outside
 * it: each lane that takes the branch reads its own slot and writes its
 * right neighbour's, so a lane reads what the lane to its left writes in
 * the same branch.  The barriers go after the branch (the stretch is
 * wider than it), where they would not come between those two: no fix
 * (a partial one that a second --fix would add to is worse).  With every
 * racing statement inside the branch, a ballot of its condition would
 * give the mask inside it, but the condition reads `cell[t]`, which the
 * branch writes: a lane that passed the ballot may write its neighbour's
 * cell before the neighbour tests it, the neighbour then skips the
 * branch, and a __syncwarp(mask) that counts it never returns.  No fix.
 */
__global__ void insert_pass(unsigned int *data, unsigned int n)
{
	__shared__ volatile unsigned int cell[33];
	unsigned int t = threadIdx.x;

	cell[t] = data[t];
	__syncwarp();
	for (unsigned int i = 1; i < n; i++) {
		unsigned int key = cell[i];	// expect: WL301 {{no fix: two racing statements share a lane-dependent branch}}

		if (t < i && cell[t] > key) {
			unsigned int mine = cell[t];	// expect: WL301

			cell[t + 1] = mine;	// expect: WL301 {{lane 0 writes cell[t + 1] while lane 1 of its warp reads it at line 23}}
		}
		__syncwarp();
	}
	data[t] = cell[t];
}

__global__ void shift_right_where(unsigned int *data, unsigned int pivot)
{
	__shared__ volatile unsigned int cell[33];
	unsigned int t = threadIdx.x;

	cell[t] = data[t];
	__syncwarp();
	if (t < 31 && cell[t] > pivot) {
		unsigned int mine = cell[t];	// expect: WL301 {{the condition reads 'cell', which the lanes also write}}

		cell[t + 1] = mine;	// expect: WL301
	}
	__syncwarp();
	data[t] = cell[t];
}
