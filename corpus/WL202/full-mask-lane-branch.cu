/*
 * warplint-test: WL202 a full mask inside a lane-index branch: the
 * synccheck blind spot (compute-sanitizer reports 0 errors), yet lanes
 * 16-31 never arrive.  The fix is the exact constant mask.
 */
#define FULL_MASK 0xffffffff

__global__ void half_warp_scan(int *data)
{
	int lane = threadIdx.x % 32;
	int v = data[threadIdx.x];

	if (lane < 16) {
		for (int d = 1; d < 16; d *= 2) {
			int t = __shfl_up_sync(FULL_MASK, v, d, 16);	// expect: WL202 {{mask names lanes 16-31, which never reach this call (mask 'FULL_MASK')}}
			if (lane >= d)
				v += t;
		}
	}
	data[threadIdx.x] = v;
}

__global__ void low_lanes_pair(float *buf)
{
	const unsigned all = 0xffffffffu;
	unsigned lane = threadIdx.x & 31;

	if (lane < 8) {
		float x = buf[threadIdx.x] * 2.0f;

		__syncwarp();	// expect: WL202 {{names lanes 8-31}}
		x += __shfl_xor_sync(all, x, 1);	// expect: WL202 {{names lanes 8-31, which never reach this call (mask 'all')}}
		buf[threadIdx.x] = x;
	}
}

__global__ void odd_lanes_vote(const int *flags, int *out)
{
	unsigned lane = threadIdx.x & 31;
	unsigned m = 0xffffffffu & 0x0000ffffu;

	if ((lane & 1) && lane < 16) {
		unsigned b = __ballot_sync(m, flags[threadIdx.x]);	// expect: WL202 {{names lanes 0, 2, 4, 6, 8, 10, 12, 14, which never reach}}
		out[threadIdx.x] = b;
	}
}
