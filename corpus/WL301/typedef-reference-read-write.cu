/*
 * warplint-test: WL301 the near miss of typedef-reference-write.cu: the
 * helper behind the `slot_ref` typedef reads the slot as well as writing
 * it, so the racing statement both reads and writes inside a call, and
 * no fix is offered.
 */
typedef volatile int &slot_ref;

__device__ void add(slot_ref slot, int v)
{
	slot = slot + v;
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
