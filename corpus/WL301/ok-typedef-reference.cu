/*
 * warplint-test: WL301 binding a reference declared through a typedef
 * (`slot_ref start = starts[warp];`) reads nothing, exactly like
 * `volatile int &start = starts[warp];`: lane 0's later write through it
 * meets no read of the other lanes before the barrier.
 */
typedef volatile int &slot_ref;

__global__ void warp_starts(int *out)
{
	__shared__ volatile int starts[32];
	int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
	slot_ref start = starts[warp]; // ok: WL301

	if (lane == 0)
		start = out[warp]; // ok: WL301
	__syncthreads();
	out[threadIdx.x] = start + lane;
}
