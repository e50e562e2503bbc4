/*
 * warplint-test: WL301 in a warp-cooperative tree walk (an n-body or
 * t-SNE force pass): each warp keeps one traversal stack in shared
 * memory, its first lane pushes and every lane pops, and a vote keeps
 * the lanes on one path.  The loop over items gives each lane an item of
 * its own, so its trips differ by lane, and so do the pop loop's and the
 * descent's as far as warplint can tell.  The pushes and the pops race
 * (lock-step made them safe) inside those loops, none of which holds the
 * whole stretch: each barrier goes inside the loop that holds both of
 * its racing statements, where a ballot of that loop's trips names the
 * lanes.  In walk_forces the stack's top moves alike in every lane, so
 * the pop loop and the descent are warp-uniform and the item loop's
 * ballot is every mask.  In walk_cells the descent tests a child index
 * before the vote, so those loops split the warp as far as warplint can
 * tell: the pop with the push that reuses its slot is ordered in the pop
 * loop's trip, and the push with the next trip's pop at the end of that
 * trip, each under a ballot of the pop loop's trips.
 */
#define WALK_WARPS 4
#define WALK_DEPTH 8

__global__ void __launch_bounds__(128)
walk_forces(const int *child, const float *size, const float *pos,
	    float *force, int n)
{
	__shared__ volatile int stack[WALK_WARPS * WALK_DEPTH];
	int warp = threadIdx.x / 32;
	int lead = warp * 32;
	int base = warp * WALK_DEPTH;

	for (int i = threadIdx.x + blockIdx.x * blockDim.x; i < n;
	     i += blockDim.x * gridDim.x) {
		float p = pos[i];
		float f = 0.0f;
		int top = base, trips = 0;

		if (threadIdx.x == lead)
			stack[top] = 0;	// expect: WL301 {{lane 0 writes stack[top] while lane 1 of its warp reads it}}
		do {
			int node = stack[top];	// expect: WL301 {{lane 1 reads stack[top], written by lane 0}}
			int steps = 0;

			while (node >= 0 && steps < WALK_DEPTH) {
				int c = child[2 * node];
				float d = p - size[node];

				steps++;
				if (c < 0 || __all(d * d > 0.25f)) {	// expect: WL102
					f += d;
					node = -1;
				} else {
					if (threadIdx.x == lead &&
					    top + 1 < base + WALK_DEPTH)
						stack[top] = child[2 * node + 1];	// expect: WL301
					if (top + 1 < base + WALK_DEPTH)
						top++;
					node = c;
				}
			}
			top--;
		} while (top >= base && ++trips < 4 * WALK_DEPTH);
		force[i] = f;
	}
}

/* Four children a cell; `cell` and `slot` are the walk's stack. */
__global__ void __launch_bounds__(128)
walk_cells(const int *child, const float *pos, float *force, int n)
{
	__shared__ volatile int cell[WALK_WARPS * WALK_DEPTH];
	__shared__ volatile int slot[WALK_WARPS * WALK_DEPTH];
	int warp = threadIdx.x / 32, lead = warp * 32;
	int floor = warp * WALK_DEPTH;
	int depth, at, c, next;

	for (int i = threadIdx.x + blockIdx.x * blockDim.x; i < n;
	     i += blockDim.x * gridDim.x) {
		float p = pos[i], f = 0.0f;

		depth = floor;
		if (threadIdx.x == lead) {
			cell[floor] = 0;	// expect: WL301
			slot[floor] = 0;	// expect: WL301
		}
		do {
			c = cell[depth];	// expect: WL301
			at = slot[depth];	// expect: WL301
			while (at < 4) {
				next = child[c * 4 + at];
				at++;
				if (next < 0)
					continue;
				if (next < 8 || depth + 1 == floor + WALK_DEPTH ||
				    __all(p * p > pos[next])) {	// expect: WL102
					f += pos[next];
				} else {
					if (threadIdx.x == lead) {
						cell[depth] = c;	// expect: WL301
						slot[depth] = at;	// expect: WL301
					}
					depth++;
					c = next;
					at = 0;
				}
			}
			depth--;
		} while (depth >= floor);
		force[i] = f;
	}
}
