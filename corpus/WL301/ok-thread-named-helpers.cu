/*
 * warplint-test: WL301 near miss: helpers of another translation unit,
 * declared here, that a name says load or store (the small helpers of a
 * library header are judged so when their code is not in sight).  The
 * name is read by words: "DeviceThreadToShared" stores, and holds "read"
 * only inside "thread"; "ThreadStride" neither loads nor reads.
 * expect-none
 */
__device__ void DeviceThreadToShared(const int *reg, int tid, int *shared);
__device__ int ThreadStride(const int *shared, int tid);

__global__ void stage(const int *in, int *out)
{
	__shared__ int s[256];
	int reg[1] = { in[threadIdx.x] };

	s[threadIdx.x] = reg[0];
	DeviceThreadToShared(reg, threadIdx.x, s);	// ok: WL301
	out[threadIdx.x] = ThreadStride(s, threadIdx.x);	// ok: WL301
}
