/*
 * warplint-test: WL501 next to ok-window-length.cu: the window's start
 * moves by a per-thread amount after its end was computed from it, so
 * `last - first` differs between threads and only some of them call
 * the helper with the barrier.
 */
#define THREADS 256

__device__ void merge_round(float *s, int width)
{
	float v = s[(threadIdx.x + width) % THREADS];

	__syncthreads();	// expect: WL501 {{'merge_round' is called at line 30, where only some threads arrive}}
	s[threadIdx.x] += v;
	__syncthreads();	// expect: WL501
}

__global__ void merge_windows(float *data, int width)
{
	__shared__ float s[THREADS];
	int tid = threadIdx.x;
	int first = (tid >> 1) * width * 2;
	int last;

	s[tid] = data[blockIdx.x * THREADS + tid];
	__syncthreads();
	last = first + width - 1;
	first += tid & 1;
	if (last - first > 16)
		merge_round(s, 16);
	data[blockIdx.x * THREADS + tid] = s[tid];
}
