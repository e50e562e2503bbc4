/*
 * warplint-test: WL501 near misses: a variable that held a per-thread
 * value is uniform again after an assignment from a shared or uniform
 * value, at every use that assignment runs before (on every path, with no
 * other write in between).
 */
__global__ void two_phase(const float *in, float *out, int rounds)
{
	__shared__ float s_total;
	__shared__ int s_next;
	float v = in[blockIdx.x * blockDim.x + threadIdx.x];
	int step = threadIdx.x;

	if (threadIdx.x == 0)
		s_total = v;
	__syncthreads();
	v = s_total;
	if (v > 0.0f)
		__syncthreads();	// ok: WL501
	for (int r = 0; r < rounds; r++) {
		if (threadIdx.x == 0)
			s_next = r * 2;
		__syncthreads();
		step = s_next;
		if (step < 10)
			__syncthreads();	// ok: WL501
	}
	out[threadIdx.x] = v + step;
}
