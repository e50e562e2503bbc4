/*
 * warplint-test: WL103 an asm shuffle spelled in a macro body is reported
 * once, at the body, with the uses in its note; every use needs the full
 * mask, so the body is fixed once.
 */
// expect@+2: WL103 {{'shfl.sync'}}
#define SHFL_UP_ASM(x, d) \
	asm volatile("shfl.sync.up.b32 %0, %0, %1, 0x0, %2;" : "+r"(x) : "r"(d), "r"(0xffffffff))

__global__ void shift(int *data)
{
	int v = data[threadIdx.x];

	SHFL_UP_ASM(v, 1); // ok: WL103
	SHFL_UP_ASM(v, 2); // ok: WL103
	data[threadIdx.x] = v;
}
