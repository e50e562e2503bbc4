/*
 * warplint-test: WL501 near miss: each thread's window starts at a
 * thread-dependent place (pairs of threads take the two halves of a
 * merge), but every window is as long.  `last - first` is `width - 1`
 * in every thread, so the helper with a barrier is called by all or
 * none: the terms that vary cancel, as long as `first` is not written
 * between the two reads.
 */
#define THREADS 256

__device__ void merge_round(float *s, int width)
{
	float v = s[(threadIdx.x + width) % THREADS];

	__syncthreads();	// ok: WL501
	s[threadIdx.x] += v;
	__syncthreads();	// ok: WL501
}

__global__ void merge_windows(float *data, int width)
{
	__shared__ float s[THREADS];
	int tid = threadIdx.x;
	int first = (tid >> 1) * width * 2;
	int last, range;

	s[tid] = data[blockIdx.x * THREADS + tid];
	__syncthreads();
	if (tid & 1)
		first += width;
	last = first + width - 1;
	range = last - first;
	switch (range) {
	case 63:
		merge_round(s, 32);
		/* fall through */
	case 31:
		merge_round(s, 16);
		break;
	default:
		break;
	}
	data[blockIdx.x * THREADS + tid] = s[tid];
}
