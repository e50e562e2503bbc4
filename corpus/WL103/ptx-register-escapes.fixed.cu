/*
 * warplint-test: WL103 PTX registers written the way nvcc accepts them:
 * `%laneid` with a single '%' in a template that has operands.  clang
 * drops such a statement, so warplint respells the register for the
 * parse (the blank before it makes room for the second '%'): the legacy
 * shuffle in the same template is still found, no parse error is
 * reported, and the fix keeps the register as the file spells it.
 */
__device__ __forceinline__ unsigned lane_index()
{
	unsigned lane;

	asm("mov.u32 %0, %laneid;" : "=r"(lane)); // ok: WL103
	return lane;
}

__device__ __forceinline__ unsigned lanes_below()
{
	unsigned mask;

	asm volatile("mov.u32 %0, %lanemask_lt;" : "=r"(mask)); // ok: WL103
	return mask;
}

/* Each lane takes the value of the lane after it, lane 31 lane 0's. */
__global__ void rotate(int *p)
{
	int v = p[threadIdx.x], r;

	asm volatile("{ .reg .u32 l; mov.u32 l, %laneid; add.u32 l, l, 1;"
		     " shfl.sync.idx.b32 %0, %1, l, 0x1f, %2; }" // expect: WL103
		     : "=r"(r) : "r"(v), "r"(0xffffffff));
	p[threadIdx.x] = r + (int)lane_index() + __popc(lanes_below());
}
