/*
 * warplint-test: WL301 a tree pruned in place in global memory: lane 0
 * reads the weight of cell 1 while lane 1 writes it, with no barrier
 * between.  Both conditions on the way call a method, so neither can be
 * evaluated a second time for a mask or a rewrite: no fix, and only the
 * first reason is given (the second, found after the fix was given up,
 * once leaked).
 */
struct cell {
	int id;
	float weight;
	__device__ bool empty() const { return id < 0; }
};

__global__ void prune(cell *cells, int n)
{
	int id = blockIdx.x * blockDim.x + threadIdx.x;

	if (id < n && !cells[id].empty()) {
		int left = 2 * id + 1;
		int right = 2 * id + 2;

		if (left >= n || right >= n) {
			cells[id].weight = -1.0f; // expect: WL301 {{no mask for __syncwarp can be inferred}}
		} else if (cells[left].weight < 0.0f && // expect: WL301
			   cells[right].empty()) {
			cells[id].weight = -1.0f; // expect: WL301
		}
	}
}
