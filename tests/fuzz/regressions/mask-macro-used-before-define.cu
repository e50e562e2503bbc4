/*
 * Fuzzer finding (tests/fuzz/README.md): the WL301 fix writes the mask as
 * FULL_MASK, a macro the file defines only further down, so the fixed file
 * no longer compiles.  analyzer/model.c records the first
 * "#define NAME 0xffffffff" wherever it is; analyzer/mask.c
 * (wl_mask_const_text) uses it at any offset.
 */
__device__ void warpReduce(volatile int *sdata, unsigned int tid)
{
	sdata[tid] += sdata[tid + 16];
	sdata[tid] += sdata[tid + 8];
}
#define FULL_MASK 0xffffffff
__global__ void k(int *o, int v)
{
	o[0] = __shfl_sync(FULL_MASK, v, 0);
}
