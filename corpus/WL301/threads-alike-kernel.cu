/*
 * warplint-test: WL301 kernels written for blocks of one thread
 * (`<<<n, 1>>>`, as much old scientific code is): nothing in them, nor in
 * the helpers they call, tells one thread from another, so no lane talks
 * to another through shared memory, and a shared variable that each
 * updates is no warp-synchronous exchange.  Once a kernel reads
 * threadIdx (or anything that may: inline assembly, an atomic's ticket,
 * a call whose code is not in sight), the same update races, and the
 * helper that makes it is reported in both; a constructor the kernel
 * runs counts, its initializers too.
 */
__shared__ unsigned rand_state;

__device__ unsigned next_rand(void)
{
	rand_state = rand_state * 1103515245u + 12345u;	// expect: WL301 {{lane 0 reads rand_state}}
	return (rand_state / 65536u) % 32768u;	// expect: WL301
}

__device__ void copy_seed(char *dst, const char *src, int n)
{
	for (int i = 0; i < n; i++)
		dst[i] = src[i];	// ok: WL301
}

__global__ void sample_hits(const char *queries, int *hits, int qlen,
			    unsigned seed)
{
	__shared__ char word[16];
	__shared__ int found[32];

	rand_state = seed + blockIdx.x;	// ok: WL301
	for (int i = 0; i < 32; i++)
		found[i] = -1;	// ok: WL301
	int width = (int)powf(2.0f, 4.0f);	/* math tells no thread apart */

	for (int i = 0; i + width <= qlen; i++) {
		copy_seed(word, queries + blockIdx.x * qlen + i, width);
		found[i % 32] = word[next_rand() % 16];	// ok: WL301
	}
	hits[blockIdx.x] = found[next_rand() % 32];
}

/* The same update, in a kernel whose threads differ: lanes race on it. */
__global__ void sample_per_thread(int *out, unsigned seed)
{
	rand_state = seed;
	__syncthreads();
	out[blockIdx.x * blockDim.x + threadIdx.x] = next_rand();	// expect: WL301
}

/* The lane, read only in a constructor's initializer, tells them apart. */
struct lane_slot {
	int lane;
	__device__ lane_slot() : lane(threadIdx.x & 31) {}
};

__global__ void neighbour_of_lane(int *out)
{
	__shared__ int slots[32];
	lane_slot me;

	slots[me.lane] = me.lane;	// expect: WL301
	out[blockIdx.x * 32 + me.lane] = slots[(me.lane + 1) & 31];	// expect: WL301
}
