/*
 * warplint-test: WL301 a method called on a neighbour's element reads
 * the member this lane's neighbour writes: `pruned()` reads `weight`,
 * which lane 1 writes while lane 0 reads it through the call.  A
 * one-member accessor is an access of that member, in a template (found
 * by name in the class template) as in plain code; a union's members
 * share their bytes, so its accessor reads the whole element.  The
 * branch's condition calls a method, so no fix is offered.
 */
template <typename Index>
struct cell {
	Index id;
	float weight;
	__host__ __device__ bool pruned() const { return weight < 0.0f; }
};

template <typename Index>
__global__ void prune_up(cell<Index> *cells, int n)
{
	int id = blockIdx.x * blockDim.x + threadIdx.x;
	int left = 2 * id + 1;

	if (id < n && left < n && cells[left].pruned()) // expect: WL301 {{no fix}}
		cells[id].weight = -1.0f; // expect: WL301
}

template __global__ void prune_up<int>(cell<int> *, int);

struct flat_cell {
	int id;
	float weight;
	__device__ bool pruned() const { return weight < 0.0f; }
};

__global__ void prune_flat(flat_cell *cells, int n)
{
	int id = blockIdx.x * blockDim.x + threadIdx.x;
	int left = 2 * id + 1;

	if (id < n && left < n && cells[left].pruned()) // expect: WL301 {{no fix}}
		cells[id].weight = -1.0f; // expect: WL301
}

union word {
	int bits;
	float value;
	__device__ bool negative() const { return bits < 0; }
};

__global__ void clear_after_negative(word *w, int n)
{
	int id = blockIdx.x * blockDim.x + threadIdx.x;
	int next = id + 1;

	if (next < n && w[next].negative()) // expect: WL301 {{no fix}}
		w[id].value = 0.0f; // expect: WL301
}
