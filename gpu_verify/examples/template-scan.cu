/*
 * gpu_verify example: a templated warp inclusive scan with __shfl_up and
 * expf, which clang cannot build without libdevice (so its before is
 * "emulated"), launched through a spec (specs/examples-template-scan.yaml).
 */
template <typename T, int WIDTH>
__global__ void warp_scan(const T *in, T *out, int n, T scale)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	T v = i < n ? in[i] * scale : T(0);

	for (int d = 1; d < WIDTH; d *= 2) {
		T u = __shfl_up(v, d, WIDTH);
		if ((threadIdx.x & (WIDTH - 1)) >= d)
			v += u;
	}
	if (i < n)
		out[i] = v + expf(0.0f);
}
