/*
 * warplint-test: WL501 near miss: a block of 32 x 32 threads walks an
 * array in steps of the block's size, up to the length rounded up by
 * hand with masks (popsift's exclusive prefix sum):
 *
 *	end = (n & (wrap - 1)) ? (n & ~(wrap - 1)) + wrap : n;
 *
 * The else arm is taken only when n is a multiple of the step already,
 * and the start is the thread's rank in the two-dimensional block, below
 * the step: every thread runs the loop as often, and its barriers are
 * reached by all.  Without the rounding, they are not (the last kernel).
 */
template <typename T>
struct block_scan {
	int _num;
	T *_data;

	__device__ void run()
	{
		__shared__ T part[32];
		const int start = threadIdx.y * blockDim.x + threadIdx.x;
		const int wrap = blockDim.x * blockDim.y;
		const int end = (_num & (wrap - 1)) ? (_num & ~(wrap - 1)) + wrap
						   : _num;

		for (int x = start; x < end; x += wrap) {
			T v = x < _num ? _data[x] : T(0);

			__syncthreads();	// ok: WL501
			if (threadIdx.x == 31)
				part[threadIdx.y] = v;
			__syncthreads();	// ok: WL501
			if (x < _num)
				_data[x] = v + part[threadIdx.x];
		}
	}
};

__global__ void scan_columns(block_scan<int> scan)
{
	scan.run();
}

__global__ void double_unrounded(int *data, int n)
{
	const int wrap = blockDim.x * blockDim.y;

	for (int x = threadIdx.y * blockDim.x + threadIdx.x; x < n; x += wrap) {
		data[x] *= 2;
		__syncthreads();	// expect: WL501 {{thread-dependent number of times}}
	}
}
