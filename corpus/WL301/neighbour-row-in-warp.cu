/*
 * warplint-test: rows of a 2-D tile sized to the block's width are the
 * block's rows, and with 16 threads to a row two rows share a warp.
 * Each thread stores its element, then reads the one below or above it
 * (`ty ^ 1`): a lane of the other row of its own warp wrote it, with
 * no barrier between.  The tile's row extent (16 + 1 padding) is the
 * only sign of the launch's width; the second kernel hands the whole
 * body to a helper, which is where threadIdx.y is read.  The padded
 * tile whose rows never meet is ok-padded-tile-mirror.cu.
 */
__global__ void row_swap(float *out, const float *in)
{
	__shared__ float tile[16][17];
	int tx = threadIdx.x, ty = threadIdx.y;

	tile[ty][tx] = in[ty * 16 + tx]; // expect: WL301 {{writes tile[ty][tx]}}
	out[ty * 16 + tx] = tile[ty ^ 1][tx]; // expect: WL301 {{reads tile[ty ^ 1][tx]}}
}

__device__ void row_swap_body(float *out, const float *in)
{
	__shared__ float tile[16][17];
	int tx = threadIdx.x, ty = threadIdx.y;

	tile[ty][tx] = in[ty * 16 + tx]; // expect: WL301 {{writes tile[ty][tx]}}
	out[ty * 16 + tx] = tile[ty ^ 1][tx]; // expect: WL301 {{reads tile[ty ^ 1][tx]}}
}

__global__ void row_swap_by_helper(float *out, const float *in)
{
	row_swap_body(out, in); // expect: WL301 {{'row_swap_body' lets lanes of a warp race}}
}
