/*
 * warplint-test: WL501 in a row sweep (a stereo matcher's): each
 * iteration first loads a window into shared memory with a helper that
 * ends in __syncthreads(), then threads past the image's edge `continue`.
 * A `continue` of a for loop skips only the rest of its own iteration;
 * the increment and the uniform condition bring every thread back to the
 * next load, so the barrier is reached by all (before, the `continue`
 * was taken to split every iteration).  A barrier after such a
 * `continue`, or before a `break`, is still reported.
 */
__device__ void load_window(float *window, const float *image, int row,
			    int width)
{
	int col = blockIdx.x * blockDim.x + threadIdx.x;

	window[threadIdx.x] = col < width ? image[row * width + col] : 0.0f;
	__syncthreads();
}

__global__ void sweep(const float *image, float *out, int width, int height)
{
	__shared__ float window[256];
	int col = blockIdx.x * blockDim.x + threadIdx.x;

	for (int row = 0; row < height; ++row) {
		load_window(window, image, row, width);
		if (col >= width)
			continue;
		out[row * width + col] = 2.0f * window[threadIdx.x];
	}
}

__global__ void sweep_late_barrier(const float *image, float *out, int width,
				   int height)
{
	__shared__ float window[256];
	int col = blockIdx.x * blockDim.x + threadIdx.x;

	for (int row = 0; row < height; ++row) {
		if (col >= width)
			continue;
		window[threadIdx.x] = image[row * width + col];
		__syncthreads();	// expect: WL501
		out[row * width + col] = window[threadIdx.x];
	}
}

__global__ void sweep_until(const float *image, float *out, int width,
			    int height)
{
	__shared__ float window[256];
	int col = blockIdx.x * blockDim.x + threadIdx.x;

	for (int row = 0; row < height; ++row) {
		window[threadIdx.x] = image[row * width + col];
		__syncthreads();	// expect: WL501
		if (window[threadIdx.x] < 0.0f)
			break;
		out[row * width + col] = window[threadIdx.x];
	}
}
