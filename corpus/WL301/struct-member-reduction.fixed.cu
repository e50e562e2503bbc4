/*
 * warplint-test: WL301 shared memory reached as a member of a __shared__
 * struct or union: the last warp folds partial sums kept in
 * `scratch.partial[]`, a union reuses one buffer for a maximum, and a
 * nested member holds one row per warp (`pool.rows[warp][lane]`).
 * No barrier separates the steps.
 */

struct block_scratch {
	float partial[64];
	int rounds;
};

__global__ void fold_rows(const float *rows, float *sums, int width)
{
	__shared__ struct block_scratch scratch;
	unsigned int t = threadIdx.x;
	float acc = 0.0f;

	for (int c = t; c < width; c += 64)
		acc += rows[blockIdx.x * width + c];
	scratch.partial[t] = acc;
	__syncthreads();
	if (t < 32) {
		float v;
		v = scratch.partial[t] + scratch.partial[t + 32];	// expect: WL301 {{lane 16 writes scratch.partial[t] while lane 0 of its warp reads it at line 26}}
		__syncwarp(0xffffffff);
		scratch.partial[t] = v;
		__syncwarp(0xffffffff);
		v = scratch.partial[t] + scratch.partial[t + 16];	// expect: WL301 {{lane t reads scratch.partial[t + 16], written by lane t + 16}}
		__syncwarp(0xffffffff);
		scratch.partial[t] = v;
		__syncwarp(0xffffffff);
		v = scratch.partial[t] + scratch.partial[t + 8];	// expect: WL301
		__syncwarp(0xffffffff);
		scratch.partial[t] = v;
		__syncwarp(0xffffffff);
		v = scratch.partial[t] + scratch.partial[t + 4];	// expect: WL301
		__syncwarp(0xffffffff);
		scratch.partial[t] = v;
		__syncwarp(0xffffffff);
		v = scratch.partial[t] + scratch.partial[t + 2];	// expect: WL301
		__syncwarp(0xffffffff);
		scratch.partial[t] = v;
		__syncwarp(0xffffffff);
		v = scratch.partial[t] + scratch.partial[t + 1];	// expect: WL301
		__syncwarp(0xffffffff);
		scratch.partial[t] = v;
		__syncwarp(0xffffffff);
	}
	if (t == 0)
		sums[blockIdx.x] = scratch.partial[0];
}

__global__ void peak_of_block(const float *in, float *peak)
{
	__shared__ union {
		float vals[64];
		unsigned int bits[64];
	} work;
	unsigned int t = threadIdx.x;

	work.vals[t] = in[blockIdx.x * 64 + t];
	__syncthreads();
	if (t < 32) {
		float v;
		work.vals[t] = fmaxf(work.vals[t], work.vals[t + 32]);	// expect: WL301
		__syncwarp(0xffffffff);
		v = fmaxf(work.vals[t], work.vals[t + 16]);	// expect: WL301 {{lane t reads work.vals[t + 16]}}
		__syncwarp(0xffffffff);
		work.vals[t] = v;
		__syncwarp(0xffffffff);
		v = fmaxf(work.vals[t], work.vals[t + 8]);	// expect: WL301
		__syncwarp(0xffffffff);
		work.vals[t] = v;
		__syncwarp(0xffffffff);
	}
	__syncthreads();
	if (t == 0)
		peak[blockIdx.x] = work.vals[0];
}

struct row_pool {
	int rows[4][33];
};

__global__ void shift_rows(const int *in, int *out)
{
	__shared__ struct row_pool pool;
	unsigned int lane = threadIdx.x & 31;
	unsigned int warp = threadIdx.x / 32;

	pool.rows[warp][lane + 1] = in[threadIdx.x];	// expect: WL301
	__syncwarp(0xffffffff);
	if (lane == 0)
		pool.rows[warp][0] = 0;
	out[threadIdx.x] = pool.rows[warp][lane];	// expect: WL301 {{lane reads pool.rows[warp][lane], written by lane - 1 at line 66}}
}
