/*
 * warplint-test: WL301 must not flag: each lane marks its own node of a
 * tree in global memory while reading its children's other member.  In
 * a template the node type is dependent, so `nodes[id].score` and
 * `nodes[left].id` name no declaration until instantiated: they are
 * told apart by name, and `unused()` touches `id` only, so reading it
 * through the accessor is reading `id`.
 */
#define NO_NODE (-1)

template <typename Index>
struct node {
	Index id;
	float score;
	__host__ __device__ bool unused() const { return id == NO_NODE; }
};

template <typename Index>
__global__ void mark_leaves(node<Index> *nodes, int len)
{
	int id = blockIdx.x * blockDim.x + threadIdx.x;

	if (id < len && !nodes[id].unused()) {
		int left = (id << 1) + 1;
		int right = (id << 1) + 2;

		if (left >= len || right >= len)
			nodes[id].score = -1.0f;
		else if (nodes[left].unused() && nodes[right].id == NO_NODE)
			nodes[id].score = -1.0f;
	}
}

template __global__ void mark_leaves<int>(node<int> *, int);

/* The same without a template: resolved members, the same answer. */
struct leaf {
	int id;
	float score;
	__device__ bool unused() const { return id == NO_NODE; }
};

__global__ void mark_flat(leaf *nodes, int len)
{
	int id = blockIdx.x * blockDim.x + threadIdx.x;
	int left = 2 * id + 1;

	if (id < len && left < len && nodes[left].unused())
		nodes[id].score = -1.0f;
}
