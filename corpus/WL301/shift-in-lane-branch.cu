/*
 * warplint-test: WL301 where two racing statements sit in one
 * lane-dependent branch, and the stretch also holds a statement outside
 * it: each lane that takes the branch reads its own slot and writes its
 * right neighbour's, so a lane reads what the lane to its left writes in
 * the same branch.  A barrier after the branch would not come between
 * those two, so it would go inside, with a ballot of the branch's
 * condition as its mask (as it does when every racing statement is
 * inside).  But the condition reads `cell[t]`, which the branch writes:
 * a lane that passed the ballot may write its neighbour's cell before
 * the neighbour tests it, the neighbour then skips the branch, and a
 * __syncwarp(mask) that counts it never returns.  No fix in either
 * kernel (a partial one that a second --fix would add to is worse).
 */
__global__ void insert_pass(unsigned int *data, unsigned int n)
{
	__shared__ volatile unsigned int cell[33];
	unsigned int t = threadIdx.x;

	cell[t] = data[t];
	__syncwarp();
	for (unsigned int i = 1; i < n; i++) {
		unsigned int key = cell[i];	// expect: WL301 {{no fix: no mask for __syncwarp can be inferred: the condition reads 'cell'}}

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
