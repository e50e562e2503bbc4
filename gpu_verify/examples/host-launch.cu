// SPDX-License-Identifier: MIT
// gpu_verify self-test: a file as real projects write them.  Its host code
// includes a header a configure step would have generated (nowhere here),
// calls what that header declares, and launches with nvcc's `<< <`
// spelling; a kernel takes a struct by value; a template kernel is
// instantiated only by its host launch; a shared array fixes the block;
// a function pointer may be NULL.  gv-prepare must plan all of it with
// no spec.
#include <stdio.h>

#include "generated/build_config.h"

struct span {
	int len;     /* elements of the vector */
	float scale; /* applied to every partial sum */
};

// Each block sums its 128-element slices of the vector; the shared array
// holds one partial sum a thread, so the block is 128 threads.
template <typename T>
__global__ void slice_sums(const T *v, struct span sp, T *out)
{
	__shared__ T part[128];
	int tid = threadIdx.x;
	T acc = 0;

	for (int i = blockIdx.x * 128 + tid; i < sp.len; i += gridDim.x * 128)
		acc += v[i];
	part[tid] = acc * sp.scale;
	__syncthreads();
	if (tid < 64)
		part[tid] += part[tid + 64];
	__syncthreads();
	if (tid < 32) {
		volatile T *w = part;
		w[tid] += w[tid + 32];
		w[tid] += w[tid + 16];
		w[tid] += w[tid + 8];
		w[tid] += w[tid + 4];
		w[tid] += w[tid + 2];
		w[tid] += w[tid + 1];
	}
	if (tid == 0)
		out[blockIdx.x] = part[0];
}

typedef int (*weight_fn)(int);

// An inclusive scan of each warp's values; weigh() may rescale them
// first, and is NULL when no weighting is wanted.
__global__ void warp_prefix(int *data, weight_fn weigh, int n)
{
	int gid = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x & 31;
	int x = gid < n ? data[gid] : 0;

	if (weigh)
		x = weigh(x);
	for (int d = 1; d < 32; d *= 2) {
		int y = __shfl_up(x, d);
		if (lane >= d)
			x += y;
	}
	if (gid < n)
		data[gid] = x;
}

void run_all(const float *v, float *out, int *data, int n)
{
	struct span sp = {n, 0.5f};

	slice_sums<<<(n + 127) / 128, 128>>>(v, sp, out);
	build_config_log("slice_sums launched");
	warp_prefix << <(n + 255) / 256, 256 >> >(data, NULL, n);
	if (cudaDeviceSynchronize() != cudaSuccess)
		build_config_fail(__FILE__, __LINE__);
}
