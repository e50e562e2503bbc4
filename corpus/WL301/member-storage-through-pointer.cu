/*
 * warplint-test: WL301 a CTA object that holds a reference to the
 * block's shared storage, built in the kernel and handed to a helper by
 * its address (`expand_by_warp(&cta, ...)`), the way graph-traversal
 * libraries let a warp's lanes vie for it: every lane with work writes
 * its lane number into the warp's slot, the one whose number stayed
 * there publishes its row, and all lanes read it.  The storage behind
 * `cta->smem_storage` is the kernel's __shared__ struct, seen through
 * the address handed down, so the fix is applied, not held as unsafe.
 * (The lanes' stores of their numbers race with each other on purpose:
 * one of them wins.)
 */
struct ExpandStorage {
	volatile int warp_comm[4][8];
};

struct Cta {
	ExpandStorage &smem_storage;

	__device__ Cta(ExpandStorage &storage) : smem_storage(storage) {}
};

__device__ void expand_by_warp(Cta *cta, const int *rows, int *out)
{
	int warp = threadIdx.x / 32, lane = threadIdx.x & 31;
	int row = rows[blockIdx.x * blockDim.x + threadIdx.x];

	while (__any_sync(0xffffffff, row >= 0)) {
		if (row >= 0)
			cta->smem_storage.warp_comm[warp][0] = lane; // expect: WL301 {{lane 1 writes}}
		if (cta->smem_storage.warp_comm[warp][0] == lane) { // expect: WL301
			cta->smem_storage.warp_comm[warp][1] = row; // expect: WL301
			row = -1;
		}
		out[blockIdx.x * blockDim.x + threadIdx.x] +=
			cta->smem_storage.warp_comm[warp][1]; // expect@-1: WL301
	}
}

__global__ void expand_rows(const int *rows, int *out)
{
	__shared__ ExpandStorage storage;
	Cta cta(storage);

	expand_by_warp(&cta, rows, out); // expect: WL301 {{'expand_by_warp' lets lanes}}
}
