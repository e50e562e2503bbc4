/*
 * warplint-test: a block scan that returns each thread's prefix beside
 * the block's total, `make_int2(val, shdata[0])` (Bonsai's tree walk).
 * The total, component y, is read from shared memory after a barrier:
 * the same in every thread, so a loop on it keeps its barriers.  The
 * prefix, component x, differs by thread: a loop on it does not.
 */
__device__ int2 scan_with_total(int *shdata, int v)
{
	int tid = threadIdx.x;

	shdata[tid] = v;
	__syncthreads();
	for (int d = 1; d < blockDim.x; d <<= 1) {
		int x = tid >= d ? shdata[tid - d] : 0;

		__syncthreads();
		shdata[tid] += x;
		__syncthreads();
	}
	int val = shdata[tid];

	__syncthreads();
	if (tid == blockDim.x - 1)
		shdata[0] = val;
	__syncthreads();
	return make_int2(val, shdata[0]);	// expect: WL301
}

__global__ void expand(int *shbuf, const int *counts, int *out)
{
	__shared__ int shdata[256];
	int tid = threadIdx.x;
	int pending = counts[blockIdx.x * blockDim.x + tid];
	int done = 0;

	while (true) {
		int2 scan = scan_with_total(shdata, pending);
		int total = scan.y;

		if (total == 0)
			break;
		done += total;
		pending = pending > 0 ? pending - 1 : 0;
		__syncthreads();	// ok: WL501
	}
	out[blockIdx.x * blockDim.x + tid] = done;
}

__global__ void expand_by_prefix(const int *counts, int *out)
{
	__shared__ int shdata[256];
	int tid = threadIdx.x;
	int2 scan = scan_with_total(shdata, counts[blockIdx.x * blockDim.x + tid]);

	for (int i = 0; i < scan.x; i++) {
		shdata[tid] = i;	// expect: WL301
		__syncthreads();	// expect: WL501 {{the loop at line 56}}
	}
	out[blockIdx.x * blockDim.x + tid] = shdata[0];
}
