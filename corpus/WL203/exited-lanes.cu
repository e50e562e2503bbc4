/*
 * warplint-test: WL203 after lanes 16-31 returned from the kernel, lanes
 * 0-15 reach the call: a mask that leaves some of them out still
 * excludes a caller, while one that also names the exited lanes does not.
 * Where the data decides who exited, only a mask naming none of the lanes
 * that may come is reported.
 */
__global__ void low_half(int *data, int n)
{
	unsigned lane = threadIdx.x & 31;

	if (lane >= 16)
		return;
	int v = data[threadIdx.x];

	v += __shfl_down_sync(0x0000ff00, v, 1);	// expect: WL203 {{leaves out lanes 0-7, which reach this call}}
	v += __shfl_down_sync(0xffffffff, v, 1);	// ok: WL203
	if (v > n)
		return;
	v += __shfl_down_sync(0x00ff00ff, v, 1);	// ok: WL203
	v += __shfl_down_sync(0xffff0000, v, 1);	// expect: WL203 {{contains none of the lanes that can reach this call}}
	data[threadIdx.x] = v;
}
