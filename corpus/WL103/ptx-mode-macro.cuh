/*
 * warplint-test: WL103 a macro that defines functions whose PTX opcode is
 * built from a macro argument (#mode): reported at the body, without a
 * fix, since the argument is part of the instruction.
 */
#ifndef PTX_MODE_MACRO_CUH
#define PTX_MODE_MACRO_CUH

// expect@+5: WL103 {{a macro argument is part of an instruction}}
#define SHFL_MODE_FN(mode, c)                                                 \
	__device__ inline int shfl_##mode##_asm(int x, int d)                 \
	{                                                                     \
		int r;                                                        \
		asm("shfl." #mode ".b32 %0, %1, %2, " #c ";"                  \
		    : "=r"(r)                                                 \
		    : "r"(x), "r"(d));                                        \
		return r;                                                     \
	}

#endif
