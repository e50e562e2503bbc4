/*
 * warplint-test: WL105 near misses.  Legacy code in a branch this parse
 * compiles is WL101/WL102, not WL105; skipped branches that hold only
 * _sync calls, .sync PTX (in either position of the modifier), names
 * that merely contain a legacy one, the names in comments and strings,
 * or a macro that defines a legacy name, are not legacy code.
 */
#define FULL 0xffffffffu

__device__ int my__shfl(int v, int lane) { return v + lane; }

__device__ int compiled(int v)
{
#if CUDA_VERSION >= 9000
	v = __shfl_down_sync(FULL, v, 1); // ok: WL105
#endif
#ifndef NO_LEGACY
	v = __shfl_down_sync(FULL, v, 1); // expect: WL101
#endif
	return v;
}

__device__ int skipped_but_modern(int v)
{
#ifdef USE_OLD_PATH
	v = __shfl_xor_sync(FULL, v, 2); // ok: WL105
	v = my__shfl(v, 3); // ok: WL105
	/* __shfl(v, 0) was the old spelling */
	const char *why = "no __ballot(p) here"; // ok: WL105
	asm volatile("vote.ballot.sync.b32 %0, 1, %1;" : "=r"(v) : "r"(FULL)); // ok: WL105
	asm volatile("vote.sync.any.pred p, 1, %0;" ::"r"(FULL)); // ok: WL105
	asm volatile("shfl.sync.idx.b32 %0, %0, 0, 0x1f, %1;" : "+r"(v) : "r"(FULL)); // ok: WL105
#define __shfl(x, y) __shfl_sync(FULL, x, y) // ok: WL105
	v += why[0];
#endif
	return v;
}

__global__ void run(int *p)
{
	p[threadIdx.x] = compiled(p[threadIdx.x]) + skipped_but_modern(1);
}
