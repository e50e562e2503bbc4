/*
 * warplint-test: WL204 near misses: widths that are powers of two, lanes
 * inside them, warpSize, and values known only at run time.
 */
#define FULL_MASK 0xffffffff

template <int W>
__global__ void rows(float *data, int width, int src)
{
	float v = data[threadIdx.x];

	v += __shfl_down_sync(FULL_MASK, v, 8, 16);	// ok: WL204
	v += __shfl_xor_sync(FULL_MASK, v, 7, 8);	// ok: WL204
	v += __shfl_sync(FULL_MASK, v, 31);	// ok: WL204
	v += __shfl_sync(FULL_MASK, v, 0, warpSize);	// ok: WL204
	v += __shfl_up_sync(FULL_MASK, v, 1, W);	// ok: WL204
	v += __shfl_sync(FULL_MASK, v, src, width);	// ok: WL204
	data[threadIdx.x] = v;
}

template __global__ void rows<4>(float *, int, int);
