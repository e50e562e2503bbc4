/*
 * warplint-test: WL203 a mask that does not contain the calling lane:
 * undefined behaviour that neither nvcc nor synccheck reports.
 */
__global__ void upper_broadcast(int *data)
{
	int lane = threadIdx.x & 31;
	int v = data[threadIdx.x];

	if (lane < 16)
		v = __shfl_sync(0xffff0000, v, 0);	// expect: WL203 {{mask does not contain the calling lane: '0xffff0000' leaves out lanes 0-15, which reach this call}}
	data[threadIdx.x] = v;
}

__global__ void segment_sums(int *data)
{
	int lane = threadIdx.x & 31;
	unsigned seg = 0xffu << (lane & 7);	/* meant: lane & ~7 */
	int v = data[threadIdx.x];

	v = __reduce_add_sync(seg, v);	// expect: WL203 {{leaves out the lane that computes it}}
	data[threadIdx.x] = v;
}

__global__ void low_half_barrier(float *buf)
{
	float x = buf[threadIdx.x];

	__syncwarp(0x0000ffff);	// expect: WL203 {{leaves out lanes 16-31}}
	buf[threadIdx.x] = x * 2.0f;
}

__global__ void guarded_by_data(const int *keys, int *out)
{
	unsigned lane = threadIdx.x & 31;
	int k = keys[threadIdx.x];

	if (lane >= 24 && k > 0)
		out[threadIdx.x] = __any_sync(0x00ffffff, k > 100);	// expect: WL203 {{contains none of the lanes that can reach this call (lanes 24-31)}}
}
