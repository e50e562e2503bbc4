/*
 * warplint-test: WL301 an element handed to a helper whose parameter is
 * a reference through a typedef (`slot_ref`), the way older code named
 * its volatile slots: the helper writes the element, so each lane's
 * write of its right neighbour's slot races with that neighbour's read
 * of it.  put() only assigns the reference, so its call is a plain
 * write and a __syncwarp() after it is the fix.  The near miss, a
 * helper that also reads the slot, is typedef-reference-read-write.cu.
 */
typedef volatile int &slot_ref;

__device__ void put(slot_ref slot, int v)
{
	slot = v;
}

__global__ void pass_right(const int *in, int *out)
{
	__shared__ volatile int slots[64];
	int lane = threadIdx.x & 31, base = threadIdx.x & ~31;

	put(slots[base + ((lane + 1) & 31)], in[threadIdx.x]); // expect: WL301 {{lane 31 writes}}
	__syncwarp(0xffffffff);
	out[threadIdx.x] = slots[threadIdx.x]; // expect: WL301
}
