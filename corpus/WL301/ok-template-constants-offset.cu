/*
 * warplint-test: the near miss of template-constants-last-lane.cu.  Each
 * warp's row holds two halves of a width that a class template defines
 * from its parameter (`enum { WIDTH = 1 << LOG_WIDTH }`); the lanes store
 * their values in the first half and read the second, which the block
 * filled before its barrier.  With the argument the kernel writes
 * (`TwoHalves<5>`), WIDTH is 32 and no lane reads what another writes;
 * a width taken as 1 (the call's argument ignored) would pair lane i's
 * read with lane i + 1's write.
 * expect-none
 */

template <int LOG_WIDTH>
struct TwoHalves {
	enum { WIDTH = 1 << LOG_WIDTH };

	static __device__ int swap_in(int v, volatile int *row, int lane)
	{
		row[lane] = v;
		return row[WIDTH + lane];
	}
};

__global__ void halves(const int *in, int *out)
{
	__shared__ volatile int rows[4][64];
	int lane = threadIdx.x & 31;
	int warp = threadIdx.x >> 5;

	if (threadIdx.x < 128)
		rows[warp][32 + lane] = in[threadIdx.x];
	__syncthreads();
	if (threadIdx.x < 128)
		out[threadIdx.x] = TwoHalves<5>::swap_in(in[threadIdx.x] + 1,
							 rows[warp], lane);
}
