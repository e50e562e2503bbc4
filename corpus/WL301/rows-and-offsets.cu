/*
 * warplint-test: WL301 per-warp shared memory reached as a row of a 2-D
 * array (`buf[warp][lane]`, or a row handed to a helper), through a
 * pointer offset into a flat array (`flat + 64 * warp`), and through a
 * template-typed array parameter (`T s[][N]`).
 */

__device__ int row_scan(volatile int *row, unsigned int lane, int v)
{
	row[lane] = v;	// expect: WL301 {{lane 0 writes row[lane] while lane 1 of its warp reads it at line 12}}
	if (lane >= 1)
		row[lane] += row[lane - 1];	// expect: WL301 {{lane reads row[lane - 1], written by lane - 1}}
	if (lane >= 2)
		row[lane] += row[lane - 2];	// expect: WL301
	return row[lane];
}

__global__ void scan_rows(const int *in, int *out)
{
	__shared__ int buf[8][32];
	unsigned int lane = threadIdx.x & 31;
	unsigned int warp = threadIdx.x / 32;

	buf[warp][lane] = in[threadIdx.x];	// expect: WL301
	int left = buf[warp][(lane + 31) & 31];	// expect: WL301 {{lane 0 reads buf[warp][(lane + 31) & 31], written by lane 31}}
	__syncwarp();

	out[threadIdx.x] = row_scan(buf[warp], lane, left);	// expect: WL301 {{'row_scan' lets lanes of a warp race on 'buf'}}
}

__global__ void fold_flat(const float *in, float *out)
{
	__shared__ float flat[8 * 64];
	unsigned int lane = threadIdx.x & 31;
	unsigned int warp = threadIdx.x / 32;
	float *mine = flat + 64 * warp;

	mine[lane] = in[threadIdx.x];
	mine[lane + 32] = 0.0f;
	__syncwarp();
	mine[lane] += mine[lane + 16];	// expect: WL301 {{lane reads mine[lane + 16], written by lane + 16}}
	mine[lane] += mine[lane + 8];	// expect: WL301
	out[threadIdx.x] = mine[lane];
}

template <typename T, int N>
__device__ void fold_row(T s[][N], unsigned int w, unsigned int lane)
{
	s[w][lane] += s[w][lane + 4];	// expect: WL301 {{lane reads s[w][lane + 4], written by lane + 4}}
	s[w][lane] += s[w][lane + 2];	// expect: WL301
}

__global__ void fold_tiles(const double *in, double *out)
{
	__shared__ double tiles[8][40];
	unsigned int lane = threadIdx.x & 31;
	unsigned int warp = threadIdx.x / 32;

	tiles[warp][lane] = in[threadIdx.x];
	tiles[warp][lane + 8] = 0.0;
	__syncwarp();
	fold_row<double, 40>(tiles, warp, lane);	// expect: WL301
	out[threadIdx.x] = tiles[warp][lane];
}
