/*
 * warplint-test: WL301 offsets that come from a second variable the loop
 * steps (`k >>= 1` in a loop over `j`), and from template parameters:
 * with an instantiation in the file the bounds are known; with none, a
 * tree loop from an unknown bound is walked for its first trips from a
 * warp's width, which shows the lanes meeting.
 */

__global__ void fold_by_halves(const float *in, float *out)
{
	__shared__ float s[64];
	unsigned int i = threadIdx.x;

	s[i] = in[blockIdx.x * 64 + i];
	__syncthreads();
	if (i < 32) {
		int k = 16;

		for (int j = 0; j < 5; j++) {
			float v;
			v = s[i] + s[i + k];	// expect: WL301 {{lane 0 reads s[i + k], written by lane 16}}
			__syncwarp(0xffffffff);
			s[i] = v;
			__syncwarp(0xffffffff);
			k >>= 1;
		}
	}
	if (i == 0)
		out[blockIdx.x] = s[0];
}

template <int WIDTH>
__device__ int segment_sum(int *cells, unsigned int lane)
{
	int v;
	for (int o = WIDTH / 2; o > 0; o >>= 1) {
		if (lane < o) v = cells[lane] + cells[lane + o];	// expect: WL301 {{lane 0 reads cells[lane + o], written by lane 4}}
		__syncwarp(0xffffffff);
		if (lane < o) cells[lane] = v;
		__syncwarp(0xffffffff);
	}
	return cells[0];	// expect: WL301
}

__global__ void sums_of_16(const int *in, int *out)
{
	__shared__ int cells[8][32];
	unsigned int lane = threadIdx.x & 31;
	unsigned int w = threadIdx.x / 32;

	cells[w][lane] = in[threadIdx.x];
	__syncwarp();
	out[threadIdx.x] = segment_sum<16>(cells[w], lane);	// expect: WL301
}

template <typename T, int TILE>
__global__ void tile_totals(const T *in, T *out)
{
	__shared__ T part[2 * TILE];
	unsigned int t = threadIdx.x;

	part[t] = in[blockIdx.x * TILE + t];
	part[t + TILE] = 0;
	__syncthreads();
	if (t < 32) {
		T v;
		for (int s = TILE; s > 0; s >>= 1) {	// expect: WL301 {{lane 0 reads part[t + s], written by lane 16}}
			v = part[t] + part[t + s];
			__syncwarp(0xffffffff);
			part[t] = v;
			__syncwarp(0xffffffff);
		}
	}
	if (t == 0)
		out[blockIdx.x] = part[0];
}
