/*
 * warplint-test: WL301 a warp total broadcast from the last lane, where
 * the stretch's width and the last index are constants a class template
 * defines from its parameter (`enum { WIDTH = 1 << LOG_WIDTH }`, a static
 * const member `LAST = WIDTH - 1`).  clang folds neither inside the
 * template.  warplint evaluates them with the argument the kernel's call
 * writes (`RowTotal<5>`), so the lanes' indices are exact: lane 31 writes
 * what every other lane then reads, and the fix is safe.
 */

template <int LOG_WIDTH>
struct RowTotal {
	enum { WIDTH = 1 << LOG_WIDTH };
	static const int LAST = WIDTH - 1;

	/* @partial: the lane's inclusive prefix; returns the row's total */
	static __device__ int total(int partial, volatile int *row, int lane)
	{
		row[lane] = partial;	// expect: WL301 {{lane 31 writes row[lane]}}
		__syncwarp(0xffffffff);
		return row[LAST];	// expect: WL301 {{written by lane 31}}
	}

	static __device__ int width_total(int partial, volatile int *row,
					  int lane)
	{
		__syncwarp(0xffffffff);
		row[lane] = partial;	// expect: WL301
		__syncwarp(0xffffffff);
		return row[WIDTH - 1];	// expect: WL301
	}
};

__global__ void row_totals(const int *in, int *out)
{
	__shared__ volatile int rows[4][32];
	int lane = threadIdx.x & 31;
	int warp = threadIdx.x >> 5;

	if (threadIdx.x < 128) {
		out[threadIdx.x] = RowTotal<5>::total(in[threadIdx.x],	// expect: WL301 {{'total' lets lanes of a warp race on 'rows'}}
						      rows[warp], lane);
		out[threadIdx.x] += RowTotal<5>::width_total(in[threadIdx.x],	// expect: WL301
							     rows[warp], lane);
	}
}
