/*
 * warplint-test: WL103 uses of a header's PTX macros: each use is
 * reported here, where the user looks, and says where to fix the body.
 */
#include "ptx-macros.cuh"
#include "ptx-mode-macro.cuh"

SHFL_MODE_FN(down, 0x1f) // expect: WL103 {{'ptx-mode-macro.cuh'}}

__global__ void butterfly(int *p)
{
	int v = p[threadIdx.x];

	SHFL_XOR_ASM(v, 1); // expect: WL103 {{'ptx-macros.cuh'}}
	p[threadIdx.x] = v + shfl_down_asm(v, 2);
}
