/*
 * warplint-test: one lane writes a value that the other lanes of its
 * warp read next, through storage that is no array subscript: a
 * `__shared__` scalar, and a reference bound to a warp's element of a
 * shared array (`volatile int &start = starts[warp]`, as a pair-list
 * builder takes its write position).  Before Volta the warp ran the
 * write before any read; now the reads need a barrier after it.  Only
 * subscripts and dereferences were accesses, so both went unseen.
 */
__global__ void leader_offset(int *out, const int *bases)
{
	__shared__ volatile int starts[8];
	int lane = threadIdx.x % 32;
	volatile int &start = starts[threadIdx.x / 32];

	/* a pair-list builder takes its position with atomicAdd(); a
	   table keeps this one's output the same from run to run */
	if (lane == 0)
		start = bases[(blockIdx.x * blockDim.x + threadIdx.x) / 32]; // expect: WL301 {{lane 0 writes start}}
	out[blockIdx.x * blockDim.x + threadIdx.x] = start + lane; // expect: WL301 {{lane 1 reads start}}
}

__global__ void block_leader(const int *in, int *out)
{
	__shared__ int leader;

	if (threadIdx.x == 0)
		leader = in[blockIdx.x]; // expect: WL301 {{lane 0 writes leader}}
	out[blockIdx.x * blockDim.x + threadIdx.x] = leader; // expect: WL301 {{reads leader}}
}
