/*
 * warplint-test: WL203 a lane index computed inside a macro's body
 * (`threadIdx.x & 31`) is lane-dependent there too: the half-warp mask
 * names exactly the lanes the condition lets in.  Reading `threadIdx.x`
 * spelled in a macro as a constant made the condition uniform, and the
 * mask seemed to leave out lanes 16-31.
 */
#define HALF_WARP_SUM(v)                                        \
	unsigned lane = threadIdx.x & 31;                       \
	if (lane < 16) {                                        \
		v += __shfl_down_sync(0x0000ffff, v, 8, 16);    \
		v += __shfl_down_sync(0x0000ffff, v, 4, 16);    \
	}

__global__ void half_warp_sums(float *p)
{
	float v = p[threadIdx.x];

	HALF_WARP_SUM(v) // ok: WL203
	p[threadIdx.x] = v;
}
