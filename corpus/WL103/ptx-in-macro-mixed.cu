/*
 * warplint-test: WL103 a macro whose asm is legacy, used where all lanes
 * arrive and under a lane condition: one finding at the body, which
 * cannot carry one mask for both uses, so it has no fix.
 */
// expect@+2: WL103 {{different masks}}
#define ROTATE_ASM(x, s) \
	asm volatile("shfl.idx.b32 %0, %0, %1, 0x1f;" : "+r"(x) : "r"(s))

__global__ void rotate(int *data)
{
	int v = data[threadIdx.x];
	int lane = threadIdx.x & 31;

	ROTATE_ASM(v, (lane + 1) & 31); // ok: WL103
	if (lane < 16)
		ROTATE_ASM(v, (lane + 1) & 15); // ok: WL103
	data[threadIdx.x] = v;
}
