/*
 * warplint-test: WL101 under a test that the whole warp is converged
 * (trove's pattern: a fast path of shuffles when all 32 lanes are
 * there, a plain one when not).  A lane that sees all 32 bits ran the
 * test with every other lane, and they all got that same answer: the
 * branch is entered by the whole warp, whatever lanes entered the
 * function or the loop around it, so the full mask is proved.  The test
 * is written directly or in a helper that returns it; the else arm of a
 * negated test counts too.  (`!=` opens the branch for the lanes that
 * are not converged: not-converged-test-no-fix.cu.)
 */
#define WARP_FULL 0xffffffff

__device__ inline bool warp_converged()
{
	return __activemask() == WARP_FULL;
}

/* Reached from divergent code only through the converged branches. */
__device__ int broadcast_first(int v)
{
	return __shfl_sync(WARP_FULL, v, 0);	// expect: WL101 {{every lane}}
}

__global__ void gather(const int *in, int *out, int n)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
	     i += gridDim.x * blockDim.x) {
		int v = in[i];

		if (warp_converged()) {
			v += __shfl_xor_sync(WARP_FULL, v, 1);	// expect: WL101 {{line 31 proves that the whole warp is converged}}
			v += broadcast_first(v);
		}
		out[i] = v;
	}
}

__global__ void gather_else(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[i];
	if (!(__activemask() == WARP_FULL))
		v = -v;
	else
		v += __shfl_down_sync(WARP_FULL, v, 1);	// expect: WL101 {{line 43 proves}}
	out[i] = v;
}
