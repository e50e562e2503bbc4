/*
 * warplint-test: WL301 an element handed to a helper whose parameter is
 * a reference through a typedef (`slot_ref`), the way older code named
 * its volatile slots: the helper writes the element, so each lane's
 * write of its right neighbour's slot races with that neighbour's read
 * of it.  put() only assigns the reference, so its call is a plain
 * write and a __syncwarp() after it is the fix.  add() also reads the
 * slot: the racing statement both reads and writes inside a call, so no
 * fix is offered.
 */
typedef volatile int &slot_ref;

__device__ void put(slot_ref slot, int v)
{
	slot = v;
}

__device__ void add(slot_ref slot, int v)
{
	slot = slot + v;
}

__global__ void pass_right(const int *in, int *out)
{
	__shared__ volatile int slots[64];
	int lane = threadIdx.x & 31, base = threadIdx.x & ~31;

	put(slots[base + ((lane + 1) & 31)], in[threadIdx.x]); // expect: WL301 {{lane 31 writes}}
	__syncwarp(0xffffffff);
	out[threadIdx.x] = slots[threadIdx.x]; // expect: WL301
}

__global__ void add_right(const int *in, int *out)
{
	__shared__ volatile int slots[64];
	int lane = threadIdx.x & 31, base = threadIdx.x & ~31;

	slots[threadIdx.x] = 0;
	__syncthreads();
	add(slots[base + ((lane + 1) & 31)], in[threadIdx.x]); // expect: WL301 {{not a plain read}}
	out[threadIdx.x] = slots[threadIdx.x]; // expect: WL301
}
