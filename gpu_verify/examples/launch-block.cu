// SPDX-License-Identifier: MIT
// gpu_verify self-test: block sizes that only the host code states.  Each
// kernel hands its shared array to a helper that indexes it by the
// thread, so the kernel's own code shows no extent; the launches say 16
// threads (a template argument names the array's size) and 64 threads
// (a dim3).  gv-prepare must keep every default shape within them, or
// the legacy before and the after both write past the arrays.

// A half-warp fold written for lock-step lanes: no barrier between steps.
template <int N>
__device__ float fold_half(volatile float *s, int t, float x)
{
	s[t] = x;
	for (int d = N / 2; d > 0; d /= 2)
		if (t < d)
			s[t] = x = x + s[t + d];
	return s[0];
}

template <int N>
__global__ void half_sums(const float *in, float *out)
{
	__shared__ float s[N];
	float total = fold_half<N>(s, threadIdx.x, in[blockIdx.x * N + threadIdx.x]);

	if (threadIdx.x == 0)
		out[blockIdx.x] = total;
}

// Each warp's lanes swap neighbours through shared memory, lock-step.
__device__ void swap_pairs(volatile int *s, int t, int *io)
{
	s[t] = io[t];
	io[t] = s[t ^ 1];
}

__global__ void pair_swap(int *data)
{
	__shared__ int s[64];

	swap_pairs(s, threadIdx.x, data + blockIdx.x * 64);
}

void run_all(const float *in, float *out, int *data, int blocks)
{
	half_sums<16><<<blocks, 16>>>(in, out);
	pair_swap<<<blocks, dim3(64)>>>(data);
}
