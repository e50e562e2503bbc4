/*
 * warplint-test: WL103 PTX that nvcc accepts and clang rejects as
 * written, in the style of multi-precision arithmetic libraries:
 * registers of a `{ }` scope named with a single '%' and no blank before
 * them (`{%al,%ah}`), and a vote that follows a setp on the second line
 * of a template.  The first must not cost a parse error (warplint
 * respells it for the parse, offsets kept); the second is a legacy
 * vote like any other, not hidden by the "\n\t" before it.
 */

/* The low halves of a and b multiplied, in scoped 16-bit registers. */
__device__ __forceinline__ unsigned mul_low_halves(unsigned a, unsigned b)
{
	unsigned r;

	asm("{\n\t"
	    ".reg .u16 %al, %ah, %bl, %bh;\n\t"
	    "mov.b32 {%al,%ah},%1;\n\t"
	    "mov.b32 {%bl,%bh},%2;\n\t"
	    "mul.wide.u16 %0, %al, %bl;\n\t"
	    "}" : "=r"(r) : "r"(a), "r"(b));
	return r;
}

/* Lanes whose word is all ones, and lanes whose carry is one. */
__global__ void carry_lanes(const unsigned *words, const unsigned *carries,
			    unsigned *out)
{
	unsigned w = words[threadIdx.x], c = carries[threadIdx.x];
	unsigned p, g;

	asm volatile("{\n\t"
		     ".reg .pred full;\n\t"
		     "setp.eq.u32 full, %1, 0xffffffff;\n\t"
		     "vote.sync.ballot.b32 %0, full, %2;\n\t" // expect: WL103
		     "}" : "=r"(p) : "r"(w), "r"(0xffffffff));
	asm volatile("{\n\t.reg .pred one;\n\tsetp.eq.u32 one, %1, 1;\n\t"
		     "vote.sync.ballot.b32 %0, one, %2;\n\t}" // expect: WL103
		     : "=r"(g) : "r"(c), "r"(0xffffffff));
	out[threadIdx.x] = mul_low_halves(p, g);
}
