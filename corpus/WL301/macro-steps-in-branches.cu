/*
 * warplint-test: WL301 a tree of steps in shared memory, each step a
 * macro whose body is a braced block, used as the whole branch of a
 * lane-dependent `if` (the style of equihash miners' tree expansion).
 * Lanes read what other lanes wrote in the step before with no
 * __syncwarp().  The macro's statements need no rewrite: a barrier
 * after each branch, outside the macro's use (after its ';'), orders
 * them.  A step whose macro reads and writes the storage in one
 * statement (`+=`) is rewritten by warplint into a read, a barrier and a
 * write: not inside a macro, so that one gets no fix.
 */
#define EXPAND(from, to) {			\
	unsigned v = tree[from];		\
	tree[from] = v * 2u;			\
	tree[to] = v * 2u + 1u;			\
}

#define FOLD(dst, src) { tree[dst] += tree[src]; }

__global__ void expand(const unsigned *roots, unsigned *out, int rounds)
{
	__shared__ unsigned trees[32][32];
	unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
	unsigned *tree = trees[warp];
	int r;

	for (r = warp; r < rounds; r += 32) {
		if (lane == 0)
			tree[0] = roots[r];
		if (lane % 16 == 0)
			EXPAND(lane, lane + 8); // expect: WL301
		if (lane % 8 == 0)
			EXPAND(lane, lane + 4); // expect: WL301 WL301
		out[r * 32 + lane] = tree[lane]; // expect: WL301
	}
}

__global__ void fold(unsigned *data)
{
	__shared__ unsigned trees[32][32];
	unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
	unsigned *tree = trees[warp];

	tree[lane] = data[threadIdx.x];
	__syncthreads();
	if (lane < 16)
		FOLD(lane, lane + 16); // expect: WL301
	if (lane < 8)
		FOLD(lane, lane + 8); // expect: WL301
	data[threadIdx.x] = tree[0]; // expect: WL301
}
