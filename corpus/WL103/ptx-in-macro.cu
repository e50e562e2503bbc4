/*
 * warplint-test: WL103 an asm shuffle spelled in a macro body is reported
 * at each use; the body is shared, so no fix is made.
 */
#define SHFL_UP_ASM(x, d) \
	asm volatile("shfl.up.b32 %0, %0, %1, 0x0;" : "+r"(x) : "r"(d))

__global__ void shift(int *data)
{
	int v = data[threadIdx.x];

	SHFL_UP_ASM(v, 1); // expect: WL103 {{in a macro}}
	data[threadIdx.x] = v;
}
