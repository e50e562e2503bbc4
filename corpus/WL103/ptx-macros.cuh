/*
 * warplint-test: WL103 a header of PTX macros, analysed on its own: no use
 * is visible, so the legacy body is reported there; the fix assumes the
 * full mask and says so (unsafe).
 * unsafe-fixes: yes
 */
#ifndef PTX_MACROS_CUH
#define PTX_MACROS_CUH

// expect@+2: WL103 {{does not use}}
#define SHFL_XOR_ASM(x, m) \
	asm volatile("shfl.bfly.b32 %0, %0, %1, 0x1f;" : "+r"(x) : "r"(m))

#endif
